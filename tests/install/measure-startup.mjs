// How long the app takes from its launch to a board that answers a click: a measurement, not a
// test (it asserts nothing; the README quotes its median).
//
// Once, a game between friends is started and a2-a3 played, so that every later launch reopens on
// the board (what a returning player sees). Then, ROUNDS times (default 10): tauri-driver starts
// the app; its process start is read from /proc (the kernel's start time, 10 ms steps); the test
// waits for the board's pieces, clicks Black's pawn on b7 with a real X pointer click (xdotool) and
// waits for the squares it may move to (chessground's move-dest marks), read through WebDriver. The
// figure is the wall-clock time from the process start to the moment those marks are seen; the
// polling (every 10 ms, each a WebDriver round trip) is inside it, so it is an upper bound of what a
// player waits. The machine's load average is printed with it: on a busy machine it is longer. So is
// the CPU time (user + system) the app and its web view's processes had used by then, which depends
// much less on what else runs.
//
//   (needs xdotool)  ULTIMA_APP=/usr/bin/ultima-app xvfb-run -a -s "-screen 0 1280x800x24" \
//     node tests/install/measure-startup.mjs [ROUNDS]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { application, click, moveList, startDriver, startFriendGame, typeMove, waitFor } from '../e2e/harness.mjs';

const rounds = Number(process.argv[2] ?? 10);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`the number of rounds is a whole number from 1 (not ${process.argv[2]})`);
  process.exit(2);
}
const binary = realpathSync(application);
const ticksPerSecond = 100; // USER_HZ on Linux

/** The running app's process id (one process of the binary is expected). */
function appPid() {
  const pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try { return readlinkSync(`/proc/${pid}/exe`) === binary; } catch { return false; }
  });
  if (pids.length !== 1) throw new Error(`expected one process of ${binary}, found ${pids.length}`);
  return Number(pids[0]);
}

/** The fields of /proc/PID/stat after the command name (field 3 is index 0). */
function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** The wall-clock time (ms since the epoch) at which a process started. */
function startTime(pid) {
  const startTicks = Number(stat(pid)[19]); // field 22: start time in ticks since boot
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return Date.now() - (uptime - startTicks / ticksPerSecond) * 1000;
}

/** CPU time (ms, user + system) of a process and all its descendants (the web view's processes). */
function cpuTime(root) {
  const children = new Map();
  const times = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = stat(entry);
      const parent = Number(fields[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(entry));
      times.set(Number(entry), Number(fields[11]) + Number(fields[12])); // utime, stime
    } catch { /* ended meanwhile */ }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    total += times.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (total / ticksPerSecond) * 1000;
}

function xdotool(...args) {
  return execFileSync('xdotool', args, { encoding: 'utf8' }).trim();
}

/** Polls `check` every 10 ms (finer than the e2e harness's waitFor, which is for tests). */
async function until(check, what, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return Date.now();
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const driver = await startDriver();
try {
  let browser = await driver.launch();
  await startFriendGame(browser);
  await typeMove(browser, 'a2a3');
  await waitFor(async () => (await moveList(browser)).length === 1, 'a2-a3 listed');
  // One launch that is not counted: the first start after a build reads the binary from disk.
  await driver.quit();
  await driver.launch();

  const figures = [];
  const cpuFigures = [];
  for (let round = 1; round <= rounds; round += 1) {
    await driver.quit();
    const launched = Date.now();
    browser = await driver.launch();
    const pid = appPid();
    const started = startTime(pid);
    const session = Date.now();
    // The window is there once the session is: where it is, found before the clock matters.
    const window = xdotool('search', '--onlyvisible', '--name', '^Ultima$').split('\n')[0];
    const geometry = Object.fromEntries(
      xdotool('getwindowgeometry', '--shell', window).split('\n').map((line) => line.split('=')),
    );
    const board = await until(
      () => browser.execute(() => document.querySelectorAll('cg-board piece').length >= 32),
      'the board with its pieces',
    );
    const box = await browser.execute(() => {
      const rect = document.querySelector('cg-board').getBoundingClientRect();
      const black = document.querySelector('.cg-wrap')?.classList.contains('orientation-black') ?? false;
      return { x: rect.x, y: rect.y, size: rect.width, black };
    });
    // b7: file b, rank 7, seen from the side the board is turned to.
    const column = box.black ? 6 : 1;
    const row = box.black ? 6 : 1;
    // A real X pointer click (xdotool) on the app's window, not a WebDriver action: WebKitWebDriver's
    // first action of a session alone takes several hundred milliseconds before it is delivered.
    const x = Number(geometry.X) + Math.round(box.x + ((column + 0.5) * box.size) / 8);
    const y = Number(geometry.Y) + Math.round(box.y + ((row + 0.5) * box.size) / 8);
    xdotool('mousemove', '--sync', String(x), String(y), 'click', '1');
    const clicked = Date.now();
    const answered = await until(
      () => browser.execute(() => document.querySelectorAll('cg-board square.move-dest').length > 0),
      'the squares b7 may move to',
    );
    const cpu = cpuTime(pid);
    const total = answered - started;
    figures.push(total);
    cpuFigures.push(cpu);
    console.log(
      `round ${round}: ${Math.round(total)} ms from the process start to a board that answered a click `
      + `(process start ${Math.round(started - launched)} ms after the launch request; WebDriver session ready at `
      + `${Math.round(session - started)} ms, pieces seen at ${Math.round(board - started)} ms, clicked at `
      + `${Math.round(clicked - started)} ms; CPU time of the app and its web view processes by then `
      + `${Math.round(cpu)} ms)`,
    );
  }
  const medianOf = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const sorted = [...figures].sort((a, b) => a - b);
  const median = medianOf(figures);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`${binary}: median ${Math.round(median)} ms of ${rounds} launches (min ${Math.round(sorted[0])}, max ${Math.round(sorted.at(-1))}); load average ${load}, ${cpus().length} CPUs; CPU time by then, median ${Math.round(medianOf(cpuFigures))} ms`);
} finally {
  await driver.stop();
}
