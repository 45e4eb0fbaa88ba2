// End-to-end: a finished game analysed in the real app. A game between friends: sixteen quiet
// plies (the bot's own at 400,000 nodes), then 9. Wb4-a5??, which Black's withdrawer takes by
// withdrawing (Wb6-c7xa5), two more moves, and White resigns. At the app's node limit that is
// White's one blunder and nothing else is marked (`ultima analyse` on the same moves says the
// same). Analyse from the game-over panel: the progress shows, then the chart, the mark in the
// move list and the counts; a click on the chart shows that position, the best line plays on
// the board, the arrows step; the analysis is there again after a restart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdirSync } from 'node:fs';
import { attribute, byTestId, click, piecesOnBoard, playTyped, screenshot, startDriver, startFriendGame, startNoviceGame, waitFor } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const GAME = 'f2f5 f7f6 e2e4 h7h4 b2b5 a7a5 f5c5 c7c6 d2d5 d8b6 e1b4 h8h5 c1f4 g7g4 g1e3 a5a6 b4a5 b6c7 b5b4 e7e5'.split(' ');
const POSITIONS = GAME.length + 1;

describe('analysing a finished game', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('shows the progress, then the chart and the marks; the chart, the best line and the keys move the board', async () => {
    const browser = await driver.launch();
    await browser.setWindowSize(1280, 800);
    await startFriendGame(browser);
    for (const move of GAME) await playTyped(browser, move);
    await click(browser, 'resign');
    await click(browser, 'confirm-resign');
    await (await byTestId(browser, 'game-over')).waitForDisplayed({ timeout: 15_000 });
    await click(browser, 'game-over-analyse');

    // The progress bar, while the 21 positions are searched (a few seconds).
    // Read in one go in the page: on a fast machine the analysis could end between two reads.
    const seen = await waitFor(() => browser.execute(() => {
      const phase = document.querySelector('[data-testid="analysis-screen"]')?.getAttribute('data-phase');
      if (phase !== 'running' && phase !== 'done') return null;
      const bar = document.querySelector('[data-testid="analysis-progress-bar"]');
      const cancel = document.querySelector('[data-testid="analysis-cancel"]');
      return { phase, max: bar?.getAttribute('max') ?? null, cancel: cancel ? cancel.getClientRects().length > 0 : false };
    }), 'the analysis to start');
    assert.deepEqual(seen, { phase: 'running', max: String(POSITIONS), cancel: true });
    await waitFor(async () => (await attribute(browser, 'analysis-screen', 'data-phase')) === 'done', 'the analysis to finish', 60_000);

    // The chart has a point per position and one mark; White's 9th move is the blunder.
    const points = await browser.$$('[data-testid="chart-point"]');
    assert.equal(points.length, POSITIONS);
    assert.equal((await browser.$$('.chart-mark.mark-blunder')).length, 1);
    const marked = await browser.execute(() =>
      [...document.querySelectorAll('[data-testid="move-list"] [data-ply]')].filter((b) => b.getAttribute('data-judgement')).map((b) => [b.getAttribute('data-ply'), b.getAttribute('data-judgement')]),
    );
    assert.deepEqual(marked, [['17', 'blunder']]);
    assert.match(await (await browser.$('[data-testid="move-list"] [data-ply="17"]')).getText(), /Wb4-a5\?\?/);
    assert.equal(await (await byTestId(browser, 'counts-white')).$('[data-judgement="blunder"]').getText(), '1');
    assert.equal(await (await byTestId(browser, 'counts-black')).$('[data-judgement="blunder"]').getText(), '0');

    // A click on the chart's first point shows the start.
    await points[0].click();
    await waitFor(async () => (await attribute(browser, 'chart-shown', 'data-ply')) === '0', 'the start to be shown');
    assert.match(await (await byTestId(browser, 'step-label')).getText(), /Start/i);
    // → steps to the next position; its best line plays on the board.
    await browser.keys('ArrowRight');
    await waitFor(async () => (await attribute(browser, 'chart-shown', 'data-ply')) === '1', 'position 1 to be shown');
    const evalBefore = await attribute(browser, 'eval-bar', 'data-win-chance');
    await click(browser, 'play-line');
    await (await byTestId(browser, 'leave-variation')).waitForDisplayed({ timeout: 15_000 });
    const current = await browser.$('[data-testid="line-move"][aria-current="step"]');
    assert.equal(await current.getAttribute('data-index'), '1');
    await click(browser, 'leave-variation');
    await (await byTestId(browser, 'play-line')).waitForDisplayed({ timeout: 15_000 });
    assert.equal(await attribute(browser, 'eval-bar', 'data-win-chance'), evalBefore);

    // The blunder, from the move list: the bar goes to Black; the screenshot of the analysed game.
    await (await browser.$('[data-testid="move-list"] [data-ply="17"]')).click();
    await waitFor(async () => (await attribute(browser, 'chart-shown', 'data-ply')) === '17', 'the blunder to be shown');
    assert.ok(Number(await attribute(browser, 'eval-bar', 'data-win-chance')) < -0.5);
    // The whole screen from its top (the click scrolled the page down to the move).
    await browser.execute(() => window.scrollTo(0, 0));
    // WebKit's screenshot can show a frame from before the last click: give it time to paint.
    await browser.pause(1000);
    if (shots) {
      await screenshot(browser, `${shots}/analysis.png`);
      // A phone's width: the board, the bar and the chart stacked.
      await browser.setWindowSize(390, 844);
      await browser.execute(() => window.scrollTo(0, 0));
      await screenshot(browser, `${shots}/phone-analysis.png`);
      await browser.setWindowSize(1280, 800);
    }
  });

  it('is kept with the game: after a restart the finished game opens analysed at once', async () => {
    await driver.quit();
    const browser = await driver.launch();
    // A finished game is not reopened: the app starts on home, with the game in its list.
    await click(browser, 'finished-game');
    await click(browser, 'analyse');
    await waitFor(async () => (await attribute(browser, 'analysis-screen', 'data-phase')) === 'done', 'the kept analysis');
    assert.equal((await browser.$$('[data-testid="chart-point"]')).length, POSITIONS);
  });

  it('gives a hint against the bot: the piece the engine would move is named, one of the player’s', async () => {
    const browser = await driver.launch();
    await startNoviceGame(browser);
    await click(browser, 'hint');
    const line = await byTestId(browser, 'hint-line');
    await line.waitForDisplayed({ timeout: 15_000 });
    const text = await line.getText();
    const square = text.match(/piece on ([a-h][1-8])/)?.[1];
    assert.ok(square, text);
    assert.match(text, /1 hint taken/);
    assert.match((await piecesOnBoard(browser))[square] ?? '', /white/);
  });
});
