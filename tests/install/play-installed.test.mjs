// The installed package's app, started from the command of its desktop entry (ULTIMA_APP, set by
// tests/install/deb.sh), through tauri-driver and WebKitWebDriver under Xvfb: a game against
// Novice, one move by clicking its two squares, the bot's answer. ULTIMA_SHOTS: a folder for
// screenshots of the window's page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdirSync } from 'node:fs';
import { application, byTestId, clickMove, moveList, screenshot, startDriver, startNoviceGame, waitFor } from '../e2e/harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

describe(`the installed app (${application})`, () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('opens on the home screen, starts a game against Novice, plays e2-e5 by clicking and gets an answer', async () => {
    assert.ok(application.startsWith('/usr/'), `ULTIMA_APP is the installed binary, not ${application}`);
    const browser = await driver.launch();
    await (await byTestId(browser, 'home-new-game')).waitForClickable({ timeout: 15_000 });
    if (shots) await screenshot(browser, `${shots}/installed-home.png`);
    await startNoviceGame(browser);
    await clickMove(browser, 'e2', 'e5');
    const moves = await waitFor(async () => {
      const list = await moveList(browser);
      return list.length >= 2 ? list : null;
    }, 'the move and the bot\'s answer');
    assert.match(moves[0], /Pe2-e5/);
    if (shots) await screenshot(browser, `${shots}/installed-game.png`);
  });
});
