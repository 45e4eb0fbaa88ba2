// End-to-end: the desktop app and a phone's browser on one game. `ultima-server` serves the web
// app and the websocket; the desktop app (through tauri-driver) creates a clocked game on it; a
// phone (Debian's Chromium as a Pixel 7, touch) opens the invite link shown by the app, joins at
// once, and the two play a move each, the phone by tapping the board. `ULTIMA_SHOTS=folder`
// keeps a screenshot of each side.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, devices } from 'playwright-core';
import { squareCentre } from '../common.mjs';
import { byTestId, click, legalMoves, moveList, screenshot, startDriver, typeMove, waitFor } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const targetDir = process.env.CARGO_TARGET_DIR ?? join(import.meta.dirname, '../../target');
const serverBinary = process.env.ULTIMA_SERVER ?? join(targetDir, 'debug', 'ultima-server');
const web = join(import.meta.dirname, '../../ui/web/dist');

async function startServer(folder) {
  const server = spawn(serverBinary, ['--listen', '127.0.0.1:0', '--db', join(folder, 'games.sqlite'), '--web', web], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise((ready, failed) => {
    let out = '';
    server.stdout.on('data', (data) => {
      out += data;
      const found = /listening on [^\s]*:(\d+)/.exec(out);
      if (found) ready(Number(found[1]));
    });
    server.once('exit', (status) => failed(new Error(`the server exited (${status})`)));
  });
  return { server, port };
}

describe('the desktop app and a phone on one online game', () => {
  let driver;
  let folder;
  let running;
  let phoneBrowser;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'ultima-e2e-phone-'));
    running = await startServer(folder);
    driver = await startDriver();
    phoneBrowser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });
  after(async () => {
    await phoneBrowser?.close();
    await driver?.stop();
    running?.server.kill();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('the app creates, the phone joins by the link and answers by touch', async () => {
    const app = await driver.launch();
    await app.setWindowSize(1280, 800);
    await click(app, 'home-online');
    await (await byTestId(app, 'online-create')).waitForDisplayed({ timeout: 15_000 });
    if (await (await byTestId(app, 'online-hosted')).isSelected()) await click(app, 'online-hosted');
    const field = await byTestId(app, 'online-server');
    await field.setValue(`127.0.0.1:${running.port}`);
    await click(app, 'online-white');
    await click(app, 'online-clock-5+3');
    await click(app, 'online-create');
    const linkElement = await byTestId(app, 'invite-link');
    await linkElement.waitForDisplayed({ timeout: 20_000 });
    const link = (await linkElement.getText()).trim();
    assert.equal(link.startsWith(`http://127.0.0.1:${running.port}/#/join/`), true, link);
    assert.ok(await (await byTestId(app, 'invite-qr')).isExisting(), 'the QR code of the link');
    if (shots) await screenshot(app, `${shots}/online-app-invite.png`);

    const phone = await phoneBrowser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(link);
    await page.locator('[data-testid="board"]').waitFor({ timeout: 30_000 });
    await waitFor(async () => (await (await byTestId(app, 'presence')).isExisting()) && (await (await byTestId(app, 'presence')).getAttribute('data-presence')) === 'connected', 'the phone at the app');

    // The app (White) moves; the phone (Black) answers by tapping.
    const moves = await waitFor(async () => { const m = await legalMoves(app); return m.length ? m : null; }, "the app's moves");
    await typeMove(app, moves.find((m) => m.slice(0, 2) !== m.slice(2)) ?? moves[0]);
    const offered = await waitFor(async () => {
      const list = await page.evaluate(() => [...document.querySelectorAll('[data-move]')].map((item) => item.getAttribute('data-move')));
      return list.length ? list : null;
    }, "the phone's moves");
    const answer = offered.find((m) => m.slice(0, 2) !== m.slice(2, 4)) ?? offered[0];
    for (const square of [answer.slice(0, 2), answer.slice(2, 4)]) {
      const box = await page.evaluate(() => {
        const board = document.querySelector('cg-board');
        board.scrollIntoView({ block: 'nearest' });
        const rect = board.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, black: document.querySelector('.cg-wrap')?.classList.contains('orientation-black') ?? false };
      });
      const { x, y } = squareCentre(box, square);
      await page.touchscreen.tap(x, y);
    }
    await waitFor(async () => (await moveList(app)).length === 2, "the phone's answer in the app");
    await page.waitForTimeout(500);
    if (shots) {
      await page.screenshot({ path: `${shots}/online-phone-against-app.png` });
      await screenshot(app, `${shots}/online-app-against-phone.png`);
    }
    await phone.close();
  });
});
