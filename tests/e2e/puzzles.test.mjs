// End-to-end: the puzzle trainer in the real app, as a player meets it: opened from home, one
// puzzle solved by clicking, one failed, the rating moving each time; then a quit and a crash
// (kill -9) in the trainer, after each of which the app reopens by itself on the trainer, on the
// puzzle in progress, with the rating; and after going home first, the app opens on home, the
// rating and the puzzle in progress offered there. And a mate slower than the solution's: no miss,
// the card asks for the faster one, which then solves the puzzle.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { byTestId, click, clickMove, clickSquare, legalMoves, screenshot, startDriver, waitFor } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const root = resolve(import.meta.dirname, '../..');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');

/** The collection the app is built from, as `ultima puzzles export` gives it: id → moves. */
function collection() {
  const file = join(root, 'crates/ultima-puzzles/data/puzzles.txt');
  const lines = execFileSync(join(targetDir, 'release', 'ultima'), ['puzzles', 'export', '--file', file], { encoding: 'utf8', maxBuffer: 64 << 20 }).trim().split('\n');
  return new Map(lines.map((line) => JSON.parse(line)).map((puzzle) => [puzzle.id, puzzle.moves]));
}

const screenState = (browser) =>
  browser.execute(() => {
    const screen = document.querySelector('[data-testid="puzzle-screen"]');
    return screen
      ? { id: screen.getAttribute('data-puzzle'), state: screen.getAttribute('data-state'), phase: screen.getAttribute('data-phase'), plies: Number(screen.getAttribute('data-plies')) }
      : null;
  });

/** Waits until the player may move in the trainer (the mistake or the answer played, and at least
 * `plies` moves after the mistake on the board: the screen before a move's answer looks the same
 * otherwise), and gives the puzzle's id. */
async function ready(browser, what = 'the puzzle to be ready', plies = 0) {
  const state = await waitFor(async () => {
    const s = await screenState(browser);
    return s?.phase === 'none' && s.state === 'playing' && s.id && s.plies >= plies ? s : null;
  }, what);
  return state.id;
}

/** Plays a move in coordinates by clicking, as a mouse user does (a removal: the piece, then the button). */
async function playMove(browser, move) {
  const [from, to] = [move.slice(0, 2), move.slice(2, 4)];
  if (from !== to) return clickMove(browser, from, to);
  await clickSquare(browser, from);
  // Picking a frozen piece asks Rust what freezes it; its answer shows above the remove button
  // (moving it down), and until it comes the panel takes no move: the button is pressed after.
  await (await byTestId(browser, 'refusal')).waitForDisplayed({ timeout: 15_000 });
  await click(browser, 'remove-frozen');
}

async function outcome(browser) {
  const element = await byTestId(browser, 'puzzle-outcome');
  await element.waitForDisplayed({ timeout: 20_000 });
  const change = await byTestId(browser, 'puzzle-change');
  return { kind: await element.getAttribute('data-kind'), delta: Number(await change.getAttribute('data-delta')), text: await change.getText() };
}

/** Plays the first of `moves` that misses: a move that mates, but more slowly than the solution, is
 * answered on the card (no outcome, the puzzle waits), and the next is tried. The outcome of the miss. */
async function playWrong(browser, moves) {
  for (const move of moves) {
    await clickMove(browser, move.slice(0, 2), move.slice(2, 4));
    const answer = await waitFor(async () => {
      if (await (await byTestId(browser, 'puzzle-outcome')).isDisplayed()) return 'miss';
      const slower = await browser.$(`[data-testid="puzzle-slower-mate"][data-played="${move}"]`);
      return (await slower.isDisplayed()) ? 'slower' : null;
    }, `the answer to ${move}`);
    if (answer === 'miss') return outcome(browser);
  }
  throw new Error('every other legal move mates');
}

/** The rating in the trainer's header ("Your rating: 1512?"). */
async function headerRating(browser) {
  const element = await byTestId(browser, 'puzzle-rating');
  await element.waitForDisplayed({ timeout: 20_000 });
  return (await element.getText()).match(/\d{3,4}/)?.[0];
}

describe('the puzzle trainer', () => {
  let driver;
  const puzzles = collection();
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('solves one by clicking, fails one, moves the rating, and reopens on the puzzle in progress after a quit or a crash', async () => {
    let browser = await driver.launch();
    if (shots) await browser.setWindowSize(1280, 800);
    // Home, before any puzzle: the starting rating.
    const startRating = await byTestId(browser, 'home-puzzle-rating');
    await startRating.waitForDisplayed({ timeout: 20_000 });
    assert.match(await startRating.getText(), /1500/);
    await click(browser, 'home-puzzles');
    const first = await ready(browser, 'the first puzzle after the mistake');
    const moves = puzzles.get(first);
    assert.ok(moves, `puzzle ${first} is in the collection`);
    for (let i = 1; i < moves.length; i += 2) {
      await playMove(browser, moves[i]);
      // moves[0] is the mistake: after moves[i] and its answer, i + 1 moves follow it.
      if (i + 2 < moves.length) await ready(browser, 'the answer to a right move', i + 1);
    }
    const solved = await outcome(browser);
    assert.equal(solved.kind, 'solved');
    assert.ok(solved.delta > 0, `a solved puzzle raises the rating (${solved.delta})`);
    assert.match(solved.text, /Your rating: \d+ \+\d+/);
    const afterSolve = await headerRating(browser);
    assert.ok(Number(afterSolve) > 1500, `the header shows the new rating (${afterSolve})`);
    assert.equal(await (await byTestId(browser, 'puzzle-streak')).getAttribute('data-streak'), '1');
    if (shots) await screenshot(browser, `${shots}/puzzle-solved.png`);

    await click(browser, 'puzzle-next');
    const second = await waitFor(async () => {
      const s = await screenState(browser);
      return s?.phase === 'none' && s.state === 'playing' && s.id && s.id !== first ? s.id : null;
    }, 'the next puzzle');
    const answer = puzzles.get(second)?.[1];
    assert.ok(answer, `puzzle ${second} is in the collection`);
    const others = (await legalMoves(browser)).filter((move) => move !== answer && move.slice(0, 2) !== move.slice(2, 4));
    const failed = await playWrong(browser, others);
    assert.equal(failed.kind, 'wrong');
    assert.ok(failed.delta < 0, `a failed puzzle lowers the rating (${failed.delta})`);
    const rating = await headerRating(browser);
    assert.ok(rating && Number(rating) < Number(afterSolve), `the header shows the lower rating (${rating})`);
    assert.equal(await (await byTestId(browser, 'puzzle-streak')).getAttribute('data-streak'), '0');
    // The opponent's reply to the wrong move, on request.
    await click(browser, 'puzzle-refutation-toggle');
    const refutation = await byTestId(browser, 'puzzle-refutation');
    await refutation.waitForDisplayed({ timeout: 20_000 });
    assert.match(await refutation.getText(), /^Their reply: /);
    if (shots) await screenshot(browser, `${shots}/puzzle-wrong.png`);
    // The recent puzzles: the solved one (the failed one is still open, waiting for a retry).
    const rows = await browser.execute(() => [...document.querySelectorAll('[data-testid="puzzle-history-row"]')].map((row) => row.getAttribute('data-puzzle')));
    assert.deepEqual(rows, [first]);

    // A quit in the trainer: the app reopens there by itself, on the failed puzzle, the rating kept.
    await driver.quit();
    browser = await driver.launch();
    const reopened = await waitFor(async () => (await screenState(browser)) ?? null, 'the trainer reopened by itself');
    assert.equal(reopened.id, second, 'the trainer reopens on the puzzle in progress');
    assert.equal(reopened.state, 'wrong', 'where it was: after the wrong move');
    assert.equal(await headerRating(browser), rating);
    assert.equal(await browser.execute(() => window.location.hash), '#/puzzles');
    if (shots) {
      await browser.setWindowSize(390, 844);
      await screenshot(browser, `${shots}/puzzle-phone-wrong.png`);
    }
    // The retry still works after the relaunch.
    await click(browser, 'puzzle-retry');
    await ready(browser, 'the retry');
    if (shots) {
      await screenshot(browser, `${shots}/puzzle-phone.png`);
      await browser.setWindowSize(1280, 800);
    }

    // A crash (kill -9) in the trainer: the same.
    await driver.kill();
    browser = await driver.launch();
    const afterCrash = await waitFor(async () => {
      const s = await screenState(browser);
      return s?.id ? s : null;
    }, 'the trainer reopened after a crash');
    assert.equal(afterCrash.id, second);
    assert.equal(afterCrash.state, 'playing', 'the retry was saved');
    assert.equal(await headerRating(browser), rating);

    // Home first, then a quit: the app opens on home, with the rating and the puzzle offered.
    await click(browser, 'home-open');
    const home = await byTestId(browser, 'home-puzzle-rating');
    await home.waitForDisplayed({ timeout: 20_000 });
    // Leaving the trainer is one more message to the Rust side, which clears the puzzle's
    // on-screen mark in the save: the quit comes once the save says so.
    await waitFor(() => {
      try {
        const store = JSON.parse(readFileSync(join(driver.appFolder, 'ultima.json'), 'utf8'));
        return store.puzzleCurrent?.onScreen === false;
      } catch {
        return false; // between the write of a new file and its rename, or not written yet
      }
    }, 'the save to say the trainer was left');
    await driver.quit();
    browser = await driver.launch();
    const homeAgain = await byTestId(browser, 'home-puzzle-rating');
    await homeAgain.waitForDisplayed({ timeout: 20_000 });
    assert.match(await homeAgain.getText(), new RegExp(`${rating}.*2 puzzles`));
    assert.equal(await (await byTestId(browser, 'puzzle-screen')).isExisting(), false, 'home, not the trainer');
    assert.equal(await (await byTestId(browser, 'home-puzzles')).getAttribute('data-current'), second);
    await click(browser, 'home-puzzles');
    assert.equal(await ready(browser, 'the puzzle in progress from home'), second);
  });

  it('answers a slower mate with "there is a faster mate", no miss, and the fastest mate then solves the puzzle', async () => {
    // A shipped mate in two (Black's c3b3, then b4c3) beside which f3f2 mates in three. It is
    // opened as a puzzle left in progress would be: written into the store between a quit and a
    // launch, on screen, so that the app reopens on it.
    const id = '06e104b4';
    const slower = 'f3f2';
    const moves = puzzles.get(id);
    assert.ok(moves, `puzzle ${id} is in the collection`);
    await driver.quit();
    const file = join(driver.appFolder, 'ultima.json');
    const store = JSON.parse(readFileSync(file, 'utf8'));
    store.puzzleCurrent = {
      puzzle: id, startedAt: Date.now(), rated: true, played: [], state: 'playing',
      puzzleRating: 907, themes: ['immobilization', 'mate-in-2', 'middlegame'], onScreen: true,
    };
    writeFileSync(file, JSON.stringify(store));
    const browser = await driver.launch();
    if (shots) await browser.setWindowSize(1280, 800);
    assert.equal(await ready(browser, 'the mate in two, reopened'), id);
    await playMove(browser, slower);
    const note = await byTestId(browser, 'puzzle-slower-mate');
    await note.waitForDisplayed({ timeout: 20_000 });
    assert.match(await note.getText(), /^\S*f3.f2 mates too, but more slowly: there is a faster mate\. Find the best move for Black\.$/);
    // Nothing played, nothing lost: the same position, no outcome, the first try still rated.
    const state = await screenState(browser);
    assert.deepEqual([state.state, state.plies], ['playing', 0]);
    assert.equal(await (await byTestId(browser, 'puzzle-outcome')).isExisting(), false);
    if (shots) await screenshot(browser, `${shots}/puzzle-slower-mate.png`);
    for (let i = 1; i < moves.length; i += 2) {
      await playMove(browser, moves[i]);
      if (i + 2 < moves.length) await ready(browser, 'the answer to the first move of the mate', i + 1);
    }
    const solved = await outcome(browser);
    assert.equal(solved.kind, 'solved');
    assert.ok(solved.delta > 0, `solved at the first try raises the rating (${solved.delta})`);
  });
});
