// Starts the real app through tauri-driver (WebKitWebDriver underneath) and hands tests a
// WebdriverIO browser. Each test file gets its own tauri-driver and its own data folder, so the
// app's store starts empty and survives relaunches within the file.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { remote } from 'webdriverio';
import { squareCentre, waitFor } from '../common.mjs';

export { waitFor };

const root = resolve(import.meta.dirname, '../..');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
export const application = process.env.ULTIMA_APP ?? join(targetDir, 'debug', 'ultima-app');

function portOpen(port) {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); done(true); });
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await portOpen(port)) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on port ${port} after ${ms} ms`);
}

/** Waits (up to 10 s) until no process of the app is left: a quit or a crash ends with the app
 * gone, so the next start never meets the last one still holding its files. */
async function appGone() {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    try {
      execFileSync('pgrep', ['-f', application], { stdio: 'ignore' });
    } catch {
      return; // pgrep found none
    }
    await sleep(50);
  }
}

/** A session of the driver on the app. WebKitWebDriver holds one session at a time, and after a
 * quit or a crash it may not yet have let the last one go (seen on a loaded machine: "Maximum
 * number of active sessions"): asked again for up to 20 s, any other failure at once. */
async function newSession() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await remote({
        hostname: '127.0.0.1',
        port: 4444,
        logLevel: 'error',
        capabilities: { 'tauri:options': { application } },
      });
    } catch (error) {
      if (!/maximum number of active sessions/i.test(String(error?.message)) || Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}

/** A tauri-driver with a fresh data folder; `launch()` starts the app, `stop()` cleans up. */
export async function startDriver() {
  const dataHome = mkdtempSync(join(tmpdir(), 'ultima-e2e-'));
  const driver = spawn('tauri-driver', [], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, XDG_DATA_HOME: dataHome, XDG_CONFIG_HOME: dataHome },
  });
  // tauri-driver opens 4444 before WebKitWebDriver opens 4445: wait for both.
  await waitForPort(4444, 20_000);
  await waitForPort(4445, 20_000);
  let browser = null;
  const endSession = async () => {
    if (browser) await browser.deleteSession().catch(() => {});
    browser = null;
  };
  return {
    dataHome,
    /** The app's own data folder (its store `ultima.json`, its history database). */
    appFolder: join(dataHome, 'app.ultima.baroque'),
    /** Starts the app (ending the one before, if any: the driver runs one at a time). */
    async launch() {
      await endSession();
      await appGone();
      // A pause before the new session, as before the wait above was added: without it, one run
      // here hung on a new session asked for right after a quit until the request timed out.
      await sleep(300);
      browser = await newSession();
      return browser;
    },
    /** Ends the app as a quit would. */
    async quit() {
      await endSession();
      await appGone();
      await sleep(300);
    },
    /** Ends the app as a crash would: kill -9, no chance to save. */
    async kill() {
      try { execFileSync('pkill', ['-9', '-f', application]); } catch { /* already gone */ }
      await endSession();
      await appGone();
      await sleep(500);
    },
    async stop() {
      await endSession();
      try { process.kill(-driver.pid, 'SIGKILL'); } catch { /* already gone */ }
      try { execFileSync('pkill', ['-9', '-f', application]); } catch { /* none left */ }
      await sleep(300);
      rmSync(dataHome, { recursive: true, force: true });
    },
  };
}

export const byTestId = (browser, id) => browser.$(`[data-testid="${id}"]`);

/** Clicks an element found by its test id once it is shown. */
export async function click(browser, id) {
  const element = await byTestId(browser, id);
  await element.waitForClickable({ timeout: 15_000 });
  await element.click();
}

/** The attribute `name` of the element with this test id; null if there is no such element. */
export async function attribute(browser, id, name) {
  const element = await byTestId(browser, id);
  return (await element.isExisting()) ? element.getAttribute(name) : null;
}

/** From home: a new game between friends on this device, once its board is shown. */
export async function startFriendGame(browser) {
  await click(browser, 'home-new-game');
  await click(browser, 'new-game-friend');
  await click(browser, 'start-game');
  await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
}

/** From home: a new game against Novice, the player White, once its board is shown. */
export async function startNoviceGame(browser) {
  await click(browser, 'home-new-game');
  await click(browser, 'new-game-bot');
  await (await byTestId(browser, 'level-select')).selectByAttribute('value', 'novice');
  await click(browser, 'side-white');
  await click(browser, 'start-game');
  await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
}

/** Plays a move through the keyboard move input, as a keyboard user would. */
export async function typeMove(browser, move) {
  const input = await byTestId(browser, 'move-input');
  await input.waitForEnabled({ timeout: 15_000 });
  await input.setValue(move);
  await browser.keys('Enter');
}

/** Types a legal move and waits until the move list has it: the next move is typed only once the
 * app has taken this one (the box stays enabled while Rust answers, and its answer empties it). */
export async function playTyped(browser, move) {
  const before = (await moveList(browser)).length;
  await typeMove(browser, move);
  await waitFor(async () => (await moveList(browser)).length > before, `${move} to be played`);
}

/** The legal moves the app offers now (coordinates), from its list for screen readers. */
export async function legalMoves(browser) {
  return browser.execute(() => [...document.querySelectorAll('[data-move]')].map((item) => item.getAttribute('data-move')));
}

/** The moves in the move list, in the people's notation. */
export async function moveList(browser) {
  // Read in one go in the page: element by element through WebDriver, a redraw between two reads
  // (a move arriving) left a stale element, and the read failed instead of seeing the new list.
  return browser.execute(() => {
    const list = document.querySelector('[data-testid="move-list"]');
    return list ? [...list.querySelectorAll('[data-ply]')].map((item) => item.innerText.trim()) : [];
  });
}

/** Square → piece class names, read from chessground's piece elements. */
export async function piecesOnBoard(browser) {
  return browser.execute(() => {
    const result = {};
    for (const piece of document.querySelectorAll('cg-board piece')) {
      if (piece.cgKey && !piece.classList.contains('fading') && !piece.classList.contains('ghost')) {
        result[piece.cgKey] = piece.className;
      }
    }
    return result;
  });
}

export async function screenshot(browser, path) {
  await sleep(400); // a WebDriver screenshot can lag the page by a frame
  await browser.saveScreenshot(path);
}

/** Clicks the centre of a square of the board, as a mouse would (press and release). */
export async function clickSquare(browser, square) {
  const box = await browser.execute(() => {
    const board = document.querySelector('cg-board');
    const rect = board.getBoundingClientRect();
    const black = document.querySelector('.cg-wrap')?.classList.contains('orientation-black') ?? false;
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, black };
  });
  const centre = squareCentre(box, square);
  const [x, y] = [Math.round(centre.x), Math.round(centre.y)];
  await browser.action('pointer', { parameters: { pointerType: 'mouse' } }).move({ x, y, origin: 'viewport' }).down().pause(60).up().perform();
  await sleep(150);
}

/** Plays a move by clicking its two squares. */
export async function clickMove(browser, from, to) {
  await clickSquare(browser, from);
  await clickSquare(browser, to);
}
