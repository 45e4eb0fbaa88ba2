// Times, in the real app, what a puzzle player waits for with a long history: N finished games and
// N puzzle attempts stored, and a rating history at its cap (MAX_HISTORY, 200 points, what
// thousands of puzzles leave; HISTORY=2000 for the cap this build had before). Each trainer command saves the rating and the puzzle in progress to the store;
// the next puzzle also files the attempt before it in SQLite. Not a test: a measurement, run by hand.
//
//   cargo build --release --bin ultima
//   cargo build -p ultima-app --features tauri/custom-protocol
//   xvfb-run -a -s "-screen 0 1280x800x24" node tests/e2e/measure-puzzle-saves.mjs [N=10000]
//
// The games come as in measure-saves.mjs (a first-release save, moved to SQLite at the first
// launch); the attempts are then written into the history database with sqlite3, the rating into
// the store file, and the app launched again. Each command is timed in the page (performance.now()
// around the IPC call).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { byTestId, startDriver } from './harness.mjs';
import { finishedGames, ROOT, summary, timed, ULTIMA, writeFirstReleaseSave } from './measure.mjs';

const count = Number(process.argv[2] ?? 10_000);
const scratch = mkdtempSync(join(tmpdir(), 'ultima-measure-'));
const games = finishedGames(count, scratch);
// The collection's solutions (id -> the solver's first move), to play a wrong move on purpose.
const firstMoves = new Map(
  execFileSync(ULTIMA, ['puzzles', 'export', '--file', join(ROOT, 'crates/ultima-puzzles/data/puzzles.txt')], { encoding: 'utf8', maxBuffer: 64 << 20 })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .map((puzzle) => [puzzle.id, puzzle.moves[1]]),
);

// The attempts: ids that are not in the collection, so that every shipped puzzle stays unseen.
const attemptsSql = join(scratch, 'attempts.sql');
const rows = Array.from({ length: count }, (_, i) => {
  const body = JSON.stringify({ puzzleRating: 1200 + (i % 900), themes: ['pinch', 'middlegame'], rated: true, firstTry: i % 3 !== 0, solved: i % 3 !== 0, mistakes: i % 3 === 0 ? 1 : 0, hints: 0, solutionShown: false, change: { before: 1500, after: 1500 + (i % 3 === 0 ? -8 : 6) }, endedAt: 1.75e12 + i * 60_000 + 20_000 });
  return `INSERT INTO puzzle_attempts (puzzle_id, at, body) VALUES ('old${i}', ${1.75e12 + i * 60_000}, '${body}');`;
});
writeFileSync(attemptsSql, `BEGIN;\n${rows.join('\n')}\nCOMMIT;\n`);
const history = Array.from({ length: Number(process.env.HISTORY ?? 200) }, (_, i) => ({ at: 1.75e12 + i * 300_000, rating: 1500 + Math.round(200 * Math.sin(i / 90)) }));
const puzzleRating = { version: 1, player: { rating: 1612.4, deviation: 62.0, volatility: 0.06, history }, streak: 2, bestStreak: 11, solved: Math.round((count * 2) / 3), attempted: count };

const driver = await startDriver();
try {
  const folder = writeFirstReleaseSave(driver, games);
  let browser = await driver.launch();
  await (await byTestId(browser, 'home-new-game')).waitForDisplayed({ timeout: 120_000 });
  await driver.quit();
  execFileSync('sqlite3', [join(folder, 'history.sqlite3'), `.read ${attemptsSql}`]);
  const store = JSON.parse(readFileSync(join(folder, 'ultima.json'), 'utf8'));
  writeFileSync(join(folder, 'ultima.json'), JSON.stringify({ ...store, puzzleRating }));
  const stored = execFileSync('sqlite3', [join(folder, 'history.sqlite3'), 'SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM puzzle_attempts);'], { encoding: 'utf8' }).trim();
  console.log(`stored (games|attempts): ${stored}; rating history: ${history.length} points; store file ${JSON.stringify({ ...store, puzzleRating }).length} bytes`);

  browser = await driver.launch();
  await (await byTestId(browser, 'home-new-game')).waitForDisplayed({ timeout: 120_000 });
  const [nexts, hints, solutions, retries] = [[], [], [], []];
  for (let i = 0; i < 20; i++) {
    // The next puzzle: the one before filed in SQLite, the new one saved in the store.
    const { ms, answer: puzzle } = await timed(browser, 'puzzle_next', { difficulty: 'normal', theme: null });
    nexts.push(ms);
    if (i % 2 === 0) {
      // A hint (decides the first try: the rating saved) and the solution (saved again).
      hints.push((await timed(browser, 'puzzle_hint', { puzzleId: puzzle.id })).ms);
      solutions.push((await timed(browser, 'puzzle_solution', { puzzleId: puzzle.id })).ms);
    } else {
      // A wrong move (searches the refutation, not timed here), then the retry: a save alone.
      const move = puzzle.legalMoves.find((m) => m.from !== m.to && m.from + m.to !== firstMoves.get(puzzle.id));
      await timed(browser, 'puzzle_move', { puzzleId: puzzle.id, from: move.from, to: move.to });
      retries.push((await timed(browser, 'puzzle_retry', { puzzleId: puzzle.id })).ms);
    }
  }
  console.log(`${count} games, ${count} attempts: puzzle_next (file the last attempt, save): ${summary(nexts)}`);
  console.log(`${count} games, ${count} attempts: puzzle_hint (rating decided, saved): ${summary(hints)}`);
  console.log(`${count} games, ${count} attempts: puzzle_solution (saved): ${summary(solutions)}`);
  console.log(`${count} games, ${count} attempts: puzzle_retry (a save alone): ${summary(retries)}`);
} finally {
  await driver.stop();
  rmSync(scratch, { recursive: true, force: true });
}
