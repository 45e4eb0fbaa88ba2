// Writes ui/dev/fixture-game.json: a real game for the mock backend (ui/dev/mock-backend.ts),
// every position, legal move and capture taken from the Rust engine through the `ultima` command
// line, so the mocked UI shows what the app would. Only needed again if the rules change.
//
//   cargo build --release --bin ultima && node ui/dev/make-fixture.mjs
//
// It lets the bot play itself from the start and stops at the first position where the side to
// move has both a move that takes two pieces or more and a frozen piece it may remove: the play
// screen's screenshots show both there.

import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ULTIMA = fileURLToPath(new URL('../../target/release/ultima', import.meta.url));
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

/** `ultima moves`: "d1d4 x c4 d5 e4" -> { from, to, captures }. */
function legalMoves(ufen) {
  let out;
  try {
    out = execFileSync(ULTIMA, ['moves', ufen], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return []; // not a position the engine accepts (used for the side not to move)
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [move, , ...captures] = line.split(' ');
      return { from: move.slice(0, 2), to: move.slice(2, 4), captures };
    });
}

function board(ufen) {
  const [placement, side] = ufen.split(' ');
  const pieces = new Map();
  placement.split('/').forEach((row, index) => {
    let file = 0;
    for (const char of row) {
      if (/\d/.test(char)) file += Number(char);
      else pieces.set(`${'abcdefgh'[file++]}${8 - index}`, char);
    }
  });
  return { pieces, turn: side === 'w' ? 'white' : 'black' };
}

const KIND = { k: 'king', p: 'pawn', w: 'withdrawer', l: 'longLeaper', x: 'chameleon', c: 'coordinator', i: 'immobilizer' };

/** Frozen pieces, as the engine sees them: the ones either side could remove (kings cannot be). */
function frozen(ufen) {
  const other = ufen.replace(/ ([wb]) /, (_, side) => (side === 'w' ? ' b ' : ' w '));
  return [...legalMoves(ufen), ...legalMoves(other)].filter((m) => m.from === m.to).map((m) => m.from).sort();
}

async function position(moves) {
  await ask(`position start${moves.length ? ` moves ${moves.join(' ')}` : ''}\nisready`, 'readyok');
  const [ufenLine, statusLine] = await ask('show', 'status');
  const ufen = ufenLine.replace(/^ufen /, '');
  const status = statusLine.replace(/^status /, '');
  const { pieces, turn } = board(ufen);
  const king = [...pieces].find(([, letter]) => letter === (turn === 'white' ? 'K' : 'k'))?.[0] ?? null;
  return { ufen, status, moves: legalMoves(ufen), frozen: frozen(ufen), check: status === 'check' ? king : null };
}

async function play(seed) {
  const moves = [];
  const positions = [await position(moves)];
  while (moves.length < MAX_PLIES) {
    const here = positions[positions.length - 1];
    const removal = here.moves.some((m) => m.from === m.to);
    const bigCapture = here.moves.some((m) => m.captures.length >= 2);
    if (removal && bigCapture && moves.length >= 10) return { seed, moves, positions };
    if (here.status !== 'ongoing' && here.status !== 'check') return undefined;
    const level = moves.length % 2 ? 'novice' : 'casual';
    const answer = await ask(`go level ${level} seed ${seed + moves.length}`, 'bestmove');
    const best = answer[answer.length - 1].split(' ')[1];
    if (!best || best === 'none') return undefined;
    moves.push(best);
    positions.push(await position(moves));
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

const plies = game.moves.map((move, index) => {
  const before = game.positions[index];
  const after = game.positions[index + 1];
  const { pieces, turn } = board(before.ufen);
  const letter = pieces.get(move.slice(0, 2));
  const played = before.moves.find((m) => m.from + m.to === move);
  // A PlyView as the app sends it: the UI writes the notation from these.
  const mark = after.moves.length === 0 ? 'mate' : after.status === 'check' ? 'check' : 'none';
  return {
    side: turn,
    role: KIND[letter.toLowerCase()],
    from: played.from,
    to: played.to,
    captures: played.captures,
    removal: played.from === played.to,
    mark,
  };
});

// Moves as the command line writes them ("c6g6 x d6 f6"), one string each, to keep the file small.
const compact = (m) => `${m.from}${m.to}${m.captures.length ? ` x ${m.captures.join(' ')}` : ''}`;
const positions = game.positions.map(({ ufen, moves, frozen, check }) => ({ ufen, moves: moves.map(compact), frozen, check }));
writeFileSync(OUT, `${JSON.stringify({ seed: game.seed, positions, plies }, null, 1)}\n`);
console.log(`seed ${game.seed}: ${plies.length} plies; wrote ${OUT}`);
