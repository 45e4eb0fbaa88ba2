// End-to-end: the evaluation bar in play, in the real app. Off by default (no bar in a game);
// turned on in the settings, a game against the bot shows it beside the board with White's
// winning chance in its label, the position after each move evaluated (the player's and the
// bot's); at a phone's width it stays beside the board without widening the page; the game
// over panel and the finished games' list say it was shown. Screenshots with ULTIMA_SHOTS.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdirSync } from 'node:fs';
import { attribute, byTestId, click, legalMoves, screenshot, startDriver, startNoviceGame, typeMove, waitFor } from './harness.mjs';

// Screenshots (docs/screenshots/play-eval-bar*.png) only when asked: ULTIMA_SHOTS=docs/screenshots.
const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const plies = async (browser) => (await browser.$$('[data-testid="move-list"] [data-ply]')).length;

describe('the evaluation bar in play', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('is off by default, and once turned on shows the winning chance after each move', async () => {
    const browser = await driver.launch();
    await browser.setWindowSize(1280, 800);
    // Off by default: a game has no bar.
    await startNoviceGame(browser);
    await browser.pause(500);
    assert.equal(await (await byTestId(browser, 'eval-bar')).isExisting(), false, 'no bar unless chosen');

    // Turned on in the settings (keyboard: the checkbox takes Space).
    await click(browser, 'settings-open');
    const toggle = await byTestId(browser, 'eval-bar-toggle');
    await toggle.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await toggle.isSelected(), false);
    await toggle.click();
    await waitFor(async () => toggle.isSelected(), 'the setting on');
    const hint = await browser.$('#setting-eval-bar-hint');
    assert.match(await hint.getText(), /Never in a game online/);
    await click(browser, 'settings-done');

    // Back in the game: the bar of the start position, then of each move.
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    await waitFor(async () => (await attribute(browser, 'eval-bar', 'data-ply')) === '0', 'the start evaluated');
    assert.match(await attribute(browser, 'eval-bar', 'aria-label'), /^White's winning chance \d+%\. /);
    await typeMove(browser, 'f2f5');
    // The bot answers; the bar follows to the position after its move.
    await waitFor(async () => (await plies(browser)) === 2, "the bot's reply");
    await waitFor(async () => (await attribute(browser, 'eval-bar', 'data-ply')) === '2', 'the position after the bot’s move evaluated');
    const label = await attribute(browser, 'eval-bar', 'aria-label');
    const percent = Number(label.match(/winning chance (\d+)%/)?.[1]);
    assert.ok(percent >= 0 && percent <= 100, label);
    const chance = Number(await attribute(browser, 'eval-bar', 'data-win-chance'));
    assert.ok(Math.abs(Math.round(((1 + chance) / 2) * 100) - percent) <= 1, `${label} / ${chance}`);
    // One more move of the player's (one the app offers now).
    const [next] = await waitFor(async () => ((await legalMoves(browser)).length ? legalMoves(browser) : null), 'the player’s moves');
    await typeMove(browser, next);
    await waitFor(async () => (await plies(browser)) === 4, "the bot's second reply");
    await waitFor(async () => (await attribute(browser, 'eval-bar', 'data-ply')) === '4', 'the fourth position evaluated');

    // Beside the board, on its left.
    const layout = async () =>
      browser.execute(() => {
        const bar = document.querySelector('[data-testid="eval-bar"]').getBoundingClientRect();
        const board = document.querySelector('cg-board').getBoundingClientRect();
        return { barRight: bar.right, barHeight: bar.height, boardLeft: board.left, boardHeight: board.height, boardRight: board.right, page: document.documentElement.scrollWidth, width: window.innerWidth };
      });
    const wide = await layout();
    assert.ok(wide.barRight <= wide.boardLeft && wide.barHeight >= wide.boardHeight * 0.9, JSON.stringify(wide));
    await browser.execute(() => window.scrollTo(0, 0));
    await browser.pause(1000);
    if (shots) await screenshot(browser, `${shots}/play-eval-bar.png`);

    // A phone's width: still beside the board, and the page no wider than the screen.
    await browser.setWindowSize(390, 844);
    await browser.pause(500);
    const phone = await layout();
    assert.ok(phone.barRight <= phone.boardLeft, JSON.stringify(phone));
    assert.ok(phone.page <= phone.width && phone.boardRight <= phone.width, JSON.stringify(phone));
    await browser.execute(() => window.scrollTo(0, 0));
    await browser.pause(1000);
    if (shots) await screenshot(browser, `${shots}/play-eval-bar-phone.png`);
    await browser.setWindowSize(1280, 800);
  });

  it('is noted in the record: kept after a restart, said at the game’s end and in the list', async () => {
    await driver.quit();
    const browser = await driver.launch();
    await browser.setWindowSize(1280, 800);
    // The game in progress opens again (from home's Continue if the app starts there).
    await waitFor(async () => (await (await byTestId(browser, 'board')).isDisplayed()) || (await (await byTestId(browser, 'home-continue')).isDisplayed()), 'the game or home');
    if (await (await byTestId(browser, 'home-continue')).isDisplayed()) await click(browser, 'home-continue');
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    await waitFor(async () => (await attribute(browser, 'eval-bar', 'data-ply')) === '4', 'the bar again after the restart');
    await click(browser, 'resign');
    await click(browser, 'confirm-resign');
    const note = await byTestId(browser, 'game-over-eval-bar');
    await note.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await note.getText(), 'The evaluation bar was shown during this game.');
    await click(browser, 'home-open');
    const row = await byTestId(browser, 'finished-game');
    await row.waitForDisplayed({ timeout: 15_000 });
    assert.match(await row.getText(), /evaluation bar shown/);
  });
});
