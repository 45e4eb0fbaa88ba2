// Writes ui/dev/fixture-game.json: a real game (its start and its moves, nothing else) for the
// screen tests (ui/src/app/app.test.ts) and the screenshots (screenshots.mjs), which put
// it in the saved data and let the real Rust side replay it. Only needed again if the bot or the
// rules change.
//
//   cargo build --release --bin ultima && node ui/dev/make-fixture.mjs [path to ultima]
//
// The bot plays itself from the start (`ultima engine`), and the game stops at the first
// position where the side to move has both a move that takes two pieces or more and a frozen
// piece it may remove (as `ultima moves` lists them): the play screen's tests show both there.
// The game kept is seed 6 of the bot as it played in November 2026 (the bot has changed since:
// a new run finds another game, and the squares the tests and the screenshots name must follow).

import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ULTIMA = process.argv[2] ?? fileURLToPath(new URL('../../target/release/ultima', import.meta.url));
const OUT = fileURLToPath(new URL('./fixture-game.json', import.meta.url));
const MAX_PLIES = 80;

const engine = spawn(ULTIMA, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: engine.stdout });
// Lines can come several at once: keep those nobody waits for yet.
const buffered = [];
const waiting = [];
lines.on('line', (line) => {
  const waiter = waiting.shift();
  if (waiter) waiter(line);
  else buffered.push(line);
});
const nextLine = () => (buffered.length ? Promise.resolve(buffered.shift()) : new Promise((resolve) => waiting.push(resolve)));

/** Sends `command` and collects answer lines until one starts with `last`. */
async function ask(command, last) {
  engine.stdin.write(`${command}\n`);
  const answer = [];
  for (;;) {
    const line = await nextLine();
    answer.push(line);
    if (line.startsWith(last)) return answer;
  }
}

/** `ultima moves`' lines ("c6g6 x d6 f6": the move, then what it takes). */
function legalMoves(ufen) {
  const out = execFileSync(ULTIMA, ['moves', ufen], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [move, , ...captures] = line.split(' ');
      return { removal: move.slice(0, 2) === move.slice(2, 4), captures };
    });
}

/** The position after `moves` from the start: its UFEN and its status, as the engine says. */
async function position(moves) {
  await ask(`position start${moves.length ? ` moves ${moves.join(' ')}` : ''}\nisready`, 'readyok');
  const [ufenLine, statusLine] = await ask('show', 'status');
  return { ufen: ufenLine.replace(/^ufen /, ''), status: statusLine.replace(/^status /, '') };
}

async function play(seed) {
  const moves = [];
  const start = (await position(moves)).ufen;
  while (moves.length < MAX_PLIES) {
    const here = await position(moves);
    if (here.status !== 'ongoing' && here.status !== 'check') return undefined;
    const legal = legalMoves(here.ufen);
    if (moves.length >= 10 && legal.some((m) => m.removal) && legal.some((m) => m.captures.length >= 2)) return { seed, start, moves };
    const level = moves.length % 2 ? 'novice' : 'casual';
    const answer = await ask(`go level ${level} seed ${seed + moves.length}`, 'bestmove');
    const best = answer[answer.length - 1].split(' ')[1];
    if (!best || best === 'none') return undefined;
    moves.push(best);
  }
  return undefined;
}

await ask('ultima', 'ultimaok');
let game;
for (let seed = 1; seed <= 60 && !game; seed++) {
  await ask('newgame\nisready', 'readyok');
  game = await play(seed);
}
engine.stdin.end('quit\n');
if (!game) throw new Error('no game reached a position with a removal and a double capture');
writeFileSync(OUT, `${JSON.stringify(game, null, 1)}\n`);
console.log(`seed ${game.seed}: ${game.moves.length} plies; wrote ${OUT}`);
