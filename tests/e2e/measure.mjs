// What the measurements run by hand share (measure-saves.mjs, measure-puzzle-saves.mjs): many
// finished games saved as the first release saved them, a command timed in the page, and the
// times summed up. Not a test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
/** The command-line tool (`cargo build --release --bin ultima`). */
export const ULTIMA = join(targetDir, 'release', 'ultima');

/** `count` finished games: 100 real ones (Novice against a random mover), repeated under new
 * ids; `scratch` is a folder for the tool's output. */
export function finishedGames(count, scratch) {
  execFileSync(ULTIMA, ['match', 'novice', 'random', '--games', '100', '--seed', '5', '--out', join(scratch, 'games.txt')], { stdio: 'ignore' });
  const records = readFileSync(join(scratch, 'games.txt'), 'utf8')
    .split(/\n(?=start )/)
    .map((record) => `${record.trim()}\n`)
    .filter((record) => record.startsWith('start'));
  return Array.from({ length: count }, (_, i) => {
    const createdAt = 1.7e12 + i * 60_000;
    return { createdAt, endedAt: createdAt + 30_000, id: `g${createdAt}-${i}`, opponent: { botSide: 'black', kind: 'bot', level: 'novice' }, record: records[i % records.length] };
  });
}

const SETTINGS = { animation: 'fast', boardTheme: 'wood', defaultLevel: 'novice', pieceSet: 'emblems', showCoordinates: true, showLegalMoves: true, sound: false };

/** Writes a save in the format of the first release (version 1, the finished games inside the
 * store file) where the app of `driver` looks for it; the app's data folder. */
export function writeFirstReleaseSave(driver, games) {
  const folder = driver.appFolder;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'ultima.json'), JSON.stringify({ version: 1, finishedGames: games, settings: SETTINGS }, null, 2));
  return folder;
}

/** Runs a command in the page, timed there (performance.now() around the IPC call): `{ ms, answer }`. */
export const timed = (browser, command, args) =>
  browser.execute(async (name, payload) => {
    const start = performance.now();
    const answer = await window.__TAURI_INTERNALS__.invoke(name, payload);
    return { ms: performance.now() - start, answer };
  }, command, args);

/** The mean, median and maximum of `times` (milliseconds), in words. */
export function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length;
  return `mean ${mean.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (n=${sorted.length})`;
}
