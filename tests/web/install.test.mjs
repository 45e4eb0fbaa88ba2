// End-to-end: the web app is installable (Chromium's own check: a manifest with a name, icons
// and a start address, served with a service worker that answers offline), and the puzzle
// trainer works offline like the rest: a shipped puzzle solved from its line.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { byTestId, openProfile, press, pressSquare, servedApp, waitFor, whenInstalled } from './harness.mjs';

const PUZZLES = new Map(
  readFileSync(fileURLToPath(new URL('../../crates/ultima-puzzles/data/puzzles.txt', import.meta.url)), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [id, , moves] = line.split(';');
      return [id, moves.split(' ')];
    }),
);

describe('the installable web app', () => {
  const web = servedApp();

  it('passes Chromium\'s installability check, with the manifest\'s name and icons', async () => {
    const view = await openProfile('phone');
    const { page } = view;
    await page.goto(web.server.url);
    await whenInstalled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    assert.match(url, /manifest\.webmanifest$/);
    assert.deepEqual(errors, []);
    const manifest = JSON.parse(data);
    assert.equal(manifest.name, 'Ultima');
    assert.equal(manifest.display, 'standalone');
    assert.deepEqual(manifest.icons.map((icon) => icon.sizes), ['256x256', '512x512']);
    await view.close();
  });

  it('solves a shipped puzzle offline', async () => {
    const view = await web.open('phone');
    const { page, context } = view;
    await whenInstalled(page);
    await context.setOffline(true);
    await page.reload();
    await press(view, 'home-puzzles');
    const screen = page.locator('[data-testid="puzzle-screen"][data-state="playing"]');
    await screen.waitFor({ timeout: 20_000 });
    const line = PUZZLES.get(await screen.getAttribute('data-puzzle'));
    assert.ok(line, 'the puzzle is one of the shipped ones');
    const solved = page.locator('[data-testid="puzzle-outcome"][data-kind="solved"]');
    // The solver's moves are the line's odd ones (the first is the opponent's mistake).
    for (let index = 1; index < line.length && !(await solved.isVisible()); index += 2) {
      await page.locator('[data-testid="puzzle-screen"][data-phase="none"]').waitFor();
      await pressSquare(view, line[index].slice(0, 2));
      await pressSquare(view, line[index].slice(2, 4));
      await waitFor(
        async () => (await solved.isVisible()) || (await page.getByText(`${(index + 1) / 2} of`).count()) > 0,
        `move ${(index + 1) / 2} taken`,
      );
    }
    await solved.waitFor({ timeout: 20_000 });
    assert.match(await byTestId(page, 'puzzle-outcome').innerText(), /Solved/);
    assert.deepEqual(view.errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED/.test(e)), []);
    await context.close();
  });
});
