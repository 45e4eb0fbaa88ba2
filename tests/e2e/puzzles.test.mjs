// End-to-end: the puzzle trainer in the real app: one puzzle solved by clicking, one failed, the
// rating moving each time, and the rating and the puzzle in progress kept across a quit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { byTestId, click, clickMove, legalMoves, screenshot, startDriver, waitFor } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const root = resolve(import.meta.dirname, '../..');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');

/** The shipped collection, as `ultima puzzles export` gives it: id → moves. */
function collection() {
  const lines = execFileSync(join(targetDir, 'release', 'ultima'), ['puzzles', 'export'], { encoding: 'utf8' }).trim().split('\n');
  return new Map(lines.map((line) => JSON.parse(line)).map((puzzle) => [puzzle.id, puzzle.moves]));
}

const screenState = (browser) =>
  browser.execute(() => {
    const screen = document.querySelector('[data-testid="puzzle-screen"]');
    return screen ? { id: screen.getAttribute('data-puzzle'), state: screen.getAttribute('data-state'), phase: screen.getAttribute('data-phase') } : null;
  });

/** Waits until the player may move in the trainer, and gives the puzzle's id. */
async function ready(browser) {
  const state = await waitFor(async () => { const s = await screenState(browser); return s?.phase === 'none' && s.id ? s : null; }, 'the puzzle to be ready');
  return state.id;
}

async function outcome(browser) {
  const element = await byTestId(browser, 'puzzle-outcome');
  await element.waitForDisplayed({ timeout: 20_000 });
  return { kind: await element.getAttribute('data-kind'), delta: Number(await (await byTestId(browser, 'puzzle-change')).getAttribute('data-delta')) };
}

describe('the puzzle trainer', () => {
  let driver;
  const puzzles = collection();
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('solves one by clicking, fails one, moves the rating, and keeps both across a quit', async () => {
    let browser = await driver.launch();
    await click(browser, 'home-puzzles');
    const first = await ready(browser);
    const moves = puzzles.get(first);
    assert.ok(moves, `puzzle ${first} is in the shipped collection`);
    for (let i = 1; i < moves.length; i += 2) {
      await clickMove(browser, moves[i].slice(0, 2), moves[i].slice(2, 4));
      if (i + 2 < moves.length) await ready(browser);
    }
    const solved = await outcome(browser);
    assert.equal(solved.kind, 'solved');
    assert.ok(solved.delta > 0, `a solved puzzle raises the rating (${solved.delta})`);
    if (shots) await screenshot(browser, `${shots}/puzzle-solved.png`);

    await click(browser, 'puzzle-next');
    const second = await waitFor(async () => { const s = await screenState(browser); return s?.phase === 'none' && s.id && s.id !== first ? s.id : null; }, 'the next puzzle');
    const answer = puzzles.get(second)?.[1];
    const wrong = (await legalMoves(browser)).find((move) => move !== answer);
    assert.ok(wrong, 'a legal move that is not the answer');
    await clickMove(browser, wrong.slice(0, 2), wrong.slice(2, 4));
    const failed = await outcome(browser);
    assert.equal(failed.kind, 'wrong');
    assert.ok(failed.delta < 0, `a failed puzzle lowers the rating (${failed.delta})`);
    const rating = (await (await byTestId(browser, 'puzzle-rating')).getText()).match(/\d{3,4}/)?.[0];
    assert.ok(rating, 'the rating is shown');
    if (shots) await screenshot(browser, `${shots}/puzzle-wrong.png`);

    await driver.quit();
    browser = await driver.launch();
    await click(browser, 'home-open').catch(() => {});
    const home = await byTestId(browser, 'home-puzzle-rating');
    await home.waitForDisplayed({ timeout: 20_000 });
    assert.match(await home.getText(), new RegExp(rating));
    await click(browser, 'home-puzzles');
    const reopened = await waitFor(async () => (await screenState(browser))?.id ?? null, 'the trainer');
    assert.equal(reopened, second, 'the trainer reopens on the puzzle in progress');
  });
});
