// End-to-end: saves written by an earlier release, and moving through the app with the
// history's back (the Android back button is the webview's history back).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { byTestId, click, moveList, screenshot, startDriver, waitFor } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const root = resolve(import.meta.dirname, '../..');

const screen = (browser) => browser.execute(() => document.querySelector('[data-screen]')?.getAttribute('data-screen') ?? null);

describe('a save written by the first release', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('opens with its games and settings, one damaged setting reset and the player told in words', async () => {
    // The real file the first release wrote (two finished games, a game against Casual in
    // progress, settings changed), with one setting damaged.
    const saved = JSON.parse(readFileSync(join(root, 'src-tauri/tests/data/ultima-v1.json'), 'utf8'));
    saved.settings.boardTheme = 'purple';
    const folder = driver.appFolder;
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'ultima.json'), JSON.stringify(saved, null, 2));

    const browser = await driver.launch();
    const notice = await byTestId(browser, 'notice');
    await notice.waitForDisplayed({ timeout: 20_000 });
    const words = await notice.getText();
    assert.match(words, /setting/i);
    assert.doesNotMatch(words, /ultima\.json|\/|boardTheme|serde|expected/, `a sentence for a player: ${words}`);

    // The app reopens on the game in progress, as after any quit.
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    if (shots) await screenshot(browser, `${shots}/v1-save-notice.png`);
    const plies = await waitFor(async () => { const list = await moveList(browser); return list.length === 3 ? list : null; }, 'the game in progress');
    assert.match(plies[0], /c2-c5/);
    // The other settings were kept: the chess set, chosen in that release.
    assert.ok(await browser.execute(() => document.querySelector('.pieces-chess') !== null), 'the chess set is kept');

    // The finished games moved to the history database and are listed at home.
    await click(browser, 'home-open');
    const games = await waitFor(async () => {
      const items = await browser.$$('[data-testid="finished-game"]');
      return items.length === 2 ? items : null;
    }, 'the two finished games on the home screen');
    assert.equal(games.length, 2);
    assert.ok(existsSync(join(folder, 'history.sqlite3')), 'the history database was created');
    const store = JSON.parse(readFileSync(join(folder, 'ultima.json'), 'utf8'));
    assert.equal(store.finishedGames, undefined, 'the finished games left the store file once they were in SQLite');
    if (shots) await screenshot(browser, `${shots}/v1-save-home.png`);
  });
});

describe('the back button', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('goes back through the screens the player came through, as Android back does', async () => {
    const browser = await driver.launch();
    await click(browser, 'home-new-game');
    await waitFor(async () => (await screen(browser)) === 'newGame', 'the new-game screen');
    await click(browser, 'new-game-friend');
    await click(browser, 'start-game');
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    await click(browser, 'settings-open');
    await waitFor(async () => (await screen(browser)) === 'settings', 'the settings');
    await browser.back();
    await waitFor(async () => (await screen(browser)) === 'play', 'back to the game from the settings');
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    await browser.back();
    const afterPlay = await waitFor(async () => { const s = await screen(browser); return s && s !== 'play' ? s : null; }, 'back from the game');
    assert.ok(['newGame', 'home'].includes(afterPlay), `back from the game leads to ${afterPlay}`);
    if (afterPlay === 'newGame') await browser.back();
    await waitFor(async () => (await screen(browser)) === 'home', 'home at last');
    assert.ok(await (await byTestId(browser, 'home-continue')).isDisplayed(), 'the game in progress can be continued from home');
  });
});
