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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { byTestId, startDriver } from './harness.mjs';
import { finishedGames, summary, timed, writeFirstReleaseSave } from './measure.mjs';

const count = Number(process.argv[2] ?? 10_000);
const scratch = mkdtempSync(join(tmpdir(), 'ultima-measure-'));
const games = finishedGames(count, scratch);
rmSync(scratch, { recursive: true, force: true });

const driver = await startDriver();
try {
  writeFirstReleaseSave(driver, games);
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
