// Writes ui/dev/fixture-course.json: the rules course for the mock backend (ui/dev/mock-backend.ts),
// taken from the real course and the Rust engine through the `ultima` command line: every chapter's
// intro board, every task's start, goal, marks, budget and solution, and each position along the
// solution with its legal moves, captures and frozen pieces. Only needed again if the course changes.
//
//   cargo build --release --bin ultima && node ui/dev/make-course-fixture.mjs [path to ultima]

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ULTIMA = process.argv[2] ?? fileURLToPath(new URL('../../target/release/ultima', import.meta.url));
const CHAPTERS = fileURLToPath(new URL('../../crates/ultima-course/chapters/', import.meta.url));
const OUT = fileURLToPath(new URL('./fixture-course.json', import.meta.url));

const run = (...args) => execFileSync(ULTIMA, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** "d1d4 x c4 d5" lines, as the fixture game keeps them. */
function moves(ufen) {
  try {
    return run('moves', ufen).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function frozen(ufen) {
  const other = ufen.replace(/ ([wb]) /, (_, side) => (side === 'w' ? ' b ' : ' w '));
  return [...moves(ufen), ...moves(other)].map((line) => line.split(' ')[0]).filter((m) => m.slice(0, 2) === m.slice(2, 4)).map((m) => m.slice(0, 2)).sort();
}

function status(ufen) {
  try {
    return run('status', ufen).trim();
  } catch {
    return 'ongoing';
  }
}

/** The position after each move of `line` from `ufen`, by the engine protocol. */
function after(ufen, line) {
  const input = `ultima\nposition ufen ${ufen}${line.length ? ` moves ${line.join(' ')}` : ''}\nisready\nshow\nquit\n`;
  const out = execFileSync(ULTIMA, ['engine'], { input, encoding: 'utf8' });
  const found = out.split('\n').find((l) => l.startsWith('ufen '));
  if (!found) throw new Error(`no position after ${line.join(' ')} from ${ufen}`);
  return found.slice(5);
}

function position(ufen) {
  const state = status(ufen);
  return { ufen, moves: moves(ufen), frozen: frozen(ufen), check: state === 'check' };
}

// The TOML bits the export leaves out, read plainly (the files are simple: one key a line).
const list = (text) => [...(text ?? '').matchAll(/"([a-h][1-8])"/g)].map((m) => m[1]);
const arrows = (text) => [...(text ?? '').matchAll(/\["([a-h][1-8])",\s*"([a-h][1-8])"\]/g)].map((m) => [m[1], m[2]]);
const field = (block, key) => block.match(new RegExp(`^${key}\\s*=\\s*(.*)$`, 'm'))?.[1];

const tasks = new Map(run('course', 'export').split('\n').filter(Boolean).map((line) => { const t = JSON.parse(line); return [t.id, t]; }));
const chapters = [];
for (const file of readdirSync(CHAPTERS).filter((f) => f.endsWith('.toml')).sort()) {
  const text = readFileSync(CHAPTERS + file, 'utf8');
  const [head, ...blocks] = text.split(/^\[\[task\]\]$/m);
  const id = field(head, 'id').replaceAll('"', '');
  const intro = head.split(/^\[intro\]$/m)[1] ?? '';
  const introUfen = field(intro, 'ufen').replaceAll('"', '');
  const chapter = { id, intro: { ...position(introUfen), highlight: list(field(intro, 'highlight')), arrows: arrows(field(intro, 'arrows')) }, tasks: [] };
  for (const block of blocks) {
    const taskId = field(block, 'id').replaceAll('"', '');
    const task = tasks.get(taskId);
    const line = [];
    const positions = [position(task.ufen)];
    for (const move of task.solution) {
      line.push(move);
      positions.push(position(after(task.ufen, line)));
    }
    const learnerMoves = Math.ceil(task.solution.length / 2);
    chapter.tasks.push({
      id: taskId,
      goal: task.goal,
      solution: task.solution,
      maxMoves: Number(field(block, 'moves') ?? learnerMoves),
      highlight: list(field(block, 'highlight')),
      arrows: arrows(field(block, 'arrows')),
      positions,
    });
  }
  chapters.push(chapter);
}
writeFileSync(OUT, `${JSON.stringify({ chapters })}\n`);
console.log(`${chapters.length} chapters, ${tasks.size} tasks -> ${OUT}`);
