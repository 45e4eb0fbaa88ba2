// End-to-end: the web app in Debian's Chromium, at desktop size with a mouse and as a phone
// with touch. A game against Novice is started and played by pressing the board; after a
// reload the game is there again; offline (the service worker's copy of the app) the page
// reloads, the game goes on and the bot answers, and the rules course opens.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { byTestId, movesAtLeast, playSomeMove, press, servedApp, whenInstalled } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

/** A screenshot once the pieces have finished moving. */
async function shot(page, options) {
  await page.waitForTimeout(500);
  await page.screenshot(options);
}

for (const profile of ['desktop', 'phone']) {
  describe(`the web app (${profile})`, () => {
    const web = servedApp();

    it('plays Novice by pressing the board, keeps the game across a reload, and goes on offline', async () => {
      const view = await web.open(profile);
      const { page, context } = view;
      await press(view, 'home-new-game');
      await press(view, 'new-game-bot');
      // The thirteen levels in their three groups; the default (Novice) chosen, another described when chosen.
      const levels = byTestId(page, 'level-select');
      assert.deepEqual(await levels.locator('optgroup').evaluateAll((groups) => groups.map((group) => group.label)), ['First games', 'Fewer mistakes', 'No deliberate mistakes']);
      assert.equal(await levels.inputValue(), 'novice');
      await levels.selectOption('solid');
      assert.match(await byTestId(page, 'level-hint').textContent(), /^Never overlooks your threats/);
      assert.equal(await levels.inputValue(), 'solid');
      if (shots) await shot(page, { path: `${shots}/web-${profile}-new-game.png`, fullPage: true });
      await levels.selectOption('novice');
      await press(view, 'side-white');
      await press(view, 'start-game');
      await byTestId(page, 'board').waitFor({ timeout: 20_000 });

      const first = await playSomeMove(view);
      const answered = await movesAtLeast(page, 2, 'the bot to answer');
      assert.equal(answered.length, 2);
      assert.ok(answered[0].includes(`${first.slice(0, 2)}-${first.slice(2, 4)}`), `${first} is listed first: ${answered}`);
      if (shots) await shot(page, { path: `${shots}/web-${profile}-game.png` });

      // Saved in IndexedDB: a reload opens the same game.
      await whenInstalled(page);
      await page.reload();
      const resumed = await movesAtLeast(page, 2, 'the game after the reload');
      assert.deepEqual(resumed, answered);

      // Offline: the app comes from the service worker's cache, the bot from its worker.
      await context.setOffline(true);
      await page.reload();
      await movesAtLeast(page, 2, 'the game reloaded offline');
      await playSomeMove(view);
      const offline = await movesAtLeast(page, 4, 'the bot to answer offline');
      assert.equal(offline.length, 4);
      assert.deepEqual(offline.slice(0, 2), answered);

      // The rules course, offline too.
      await press(view, 'home-open');
      await press(view, 'home-learn');
      await byTestId(page, 'lesson-intro').waitFor({ timeout: 20_000 });
      await press(view, 'lesson-begin');
      await byTestId(page, 'board').waitFor({ timeout: 20_000 });
      if (shots) await shot(page, { path: `${shots}/web-${profile}-course-offline.png` });
      await context.setOffline(false);
      assert.deepEqual(view.errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED/.test(e)), []);
      await context.close();
    });
  });
}
