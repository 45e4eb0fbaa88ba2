// Times, in the real app, what a player waits for when many finished games are stored: the
// start-up (the home list) and one move's save. Not a test: a measurement, run by hand.
//
//   cargo build --release --bin ultima
//   cargo build -p ultima-app --features tauri/custom-protocol
//   xvfb-run -a -s "-screen 0 1280x800x24" node tests/e2e/measure-saves.mjs [N=10000]
//
// It writes a save file in the format of the first release (version 1, the finished games
// inside the store file), so it also exercises the migration of such a file, then times each
// command in the page (performance.now() around the IPC call).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { byTestId, startDriver } from './harness.mjs';

const count = Number(process.argv[2] ?? 10_000);
const root = resolve(import.meta.dirname, '../..');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');

// 100 real games (Novice against a random mover), repeated under new ids.
const scratch = mkdtempSync(join(tmpdir(), 'ultima-measure-'));
execFileSync(join(targetDir, 'release', 'ultima'), ['match', 'novice', 'random', '--games', '100', '--seed', '5', '--out', join(scratch, 'games.txt')], { stdio: 'ignore' });
const records = readFileSync(join(scratch, 'games.txt'), 'utf8')
  .split(/\n(?=start )/)
  .map((record) => `${record.trim()}\n`)
  .filter((record) => record.startsWith('start'));
rmSync(scratch, { recursive: true, force: true });

const finishedGames = Array.from({ length: count }, (_, i) => {
  const createdAt = 1.7e12 + i * 60_000;
  return { createdAt, endedAt: createdAt + 30_000, id: `g${createdAt}-${i}`, opponent: { botSide: 'black', kind: 'bot', level: 'novice' }, record: records[i % records.length] };
});
const settings = { animation: 'fast', boardTheme: 'wood', defaultLevel: 'novice', pieceSet: 'emblems', showCoordinates: true, showLegalMoves: true, sound: false };

const timed = (browser, command, args) =>
  browser.execute(async (name, payload) => {
    const start = performance.now();
    const answer = await window.__TAURI_INTERNALS__.invoke(name, payload);
    return { ms: performance.now() - start, answer };
  }, command, args);

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length;
  return `mean ${mean.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (n=${sorted.length})`;
}

const driver = await startDriver();
try {
  const folder = join(driver.dataHome, 'app.ultima.baroque');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'ultima.json'), JSON.stringify({ version: 1, finishedGames, settings }, null, 2));
  const launchStart = Date.now();
  const browser = await driver.launch();
  await (await byTestId(browser, 'home-new-game')).waitForDisplayed({ timeout: 120_000 });
  console.log(`${count} finished games: first launch (migration included) to the home screen: ${Date.now() - launchStart} ms`);
  const startUps = [];
  for (let i = 0; i < 5; i++) startUps.push((await timed(browser, 'start_up', {})).ms);
  let { answer: game } = await timed(browser, 'new_game', { request: { kind: 'friend', turnBoard: false } });
  const moves = [];
  for (let i = 0; i < 20; i++) {
    const quiet = game.legalMoves.filter((m) => m.from !== m.to && m.captures.length === 0);
    const move = quiet[(i * 7919) % quiet.length];
    const { ms, answer } = await timed(browser, 'play_move', { gameId: game.id, from: move.from, to: move.to });
    moves.push(ms);
    game = answer;
  }
  console.log(`${count} finished games: start_up (the home list): ${summary(startUps)}`);
  console.log(`${count} finished games: play_move (one move, saved): ${summary(moves)}`);
} finally {
  await driver.stop();
}
