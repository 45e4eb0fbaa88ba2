// End-to-end: online play in the browser, as a phone. `ultima-server` serves the web app and the
// websocket on one address; the command line (`ultima online host`, the Novice bot put online, as
// the desktop app's client: the same tokio client) creates a clocked game and prints its invite;
// the phone opens the invite link (the server's own address, `#/join/CODE`), which joins at once,
// and plays by tapping the board against the bot with both clocks shown. The phone page is
// reloaded mid-game and resumes the game with its saved token; its network drops and comes back;
// the phone resigns; the bot's side prints the result, and the game is among the phone's finished
// games.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DIST, byTestId, launch, legalMoves, moveList, openPage, press, pressSquare, waitFor, whenInstalled } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const targetDir = process.env.CARGO_TARGET_DIR ?? join(import.meta.dirname, '../../target');
const serverBinary = process.env.ULTIMA_SERVER ?? join(targetDir, 'debug', 'ultima-server');
const ultima = process.env.ULTIMA_CLI ?? join(targetDir, 'debug', 'ultima');

/** `ultima online host` on the server at `port`: the bot plays White; resolves its invite, and
 * `ended` its output once the game is over. */
function hostWithCli(port) {
  const child = spawn(ultima, ['online', 'host', `ws://127.0.0.1:${port}`, '--level', 'novice', '--color', 'white', '--clock', '300+3'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (data) => { err += data; });
  const invite = new Promise((found, failed) => {
    child.stdout.on('data', (data) => {
      out += data;
      const code = /invite (\S+)/.exec(out);
      if (code) found(code[1]);
    });
    child.once('exit', (status) => failed(new Error(`ultima online host exited (${status}): ${err}`)));
  });
  const ended = new Promise((done) => child.on('close', (status) => done({ status, out, err })));
  return { child, invite, ended };
}

/** `ultima-server` on a free loopback port, serving the built web app; resolves with its port. */
async function startServer(folder) {
  const server = spawn(serverBinary, ['--listen', '127.0.0.1:0', '--db', join(folder, 'games.sqlite'), '--web', DIST], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  server.stderr.on('data', (data) => { errors += data; });
  const port = await new Promise((ready, failed) => {
    let out = '';
    server.stdout.on('data', (data) => {
      out += data;
      const found = /listening on [^\s]*:(\d+)/.exec(out);
      if (found) ready(Number(found[1]));
    });
    server.once('exit', (status) => failed(new Error(`the server exited (${status}): ${errors}`)));
  });
  return { server, port, errors: () => errors };
}

/** The text of an element once it is shown. */
async function textOf(page, id) {
  const element = byTestId(page, id).first();
  await element.waitFor({ state: 'visible', timeout: 20_000 });
  return (await element.textContent()).trim();
}

/** Plays one of the phone's legal moves (not a removal) by tapping its squares; the move. */
async function phoneMoves(view) {
  const moves = await waitFor(async () => {
    const offered = await legalMoves(view.page);
    return offered.length ? offered : null;
  }, "the phone's legal moves");
  const move = moves.find((m) => m.slice(0, 2) !== m.slice(2, 4)) ?? moves[0];
  await pressSquare(view, move.slice(0, 2));
  await pressSquare(view, move.slice(2, 4));
  return move;
}

/** `ultima online join` on the server at `port` with `invite`: the Novice bot takes the other seat;
 * resolves its output once the game is over. */
function joinWithCli(port, invite) {
  const child = spawn(ultima, ['online', 'join', `ws://127.0.0.1:${port}`, invite, '--level', 'novice'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (data) => { out += data; });
  child.stderr.on('data', (data) => { err += data; });
  return { child, ended: new Promise((done) => child.on('close', (status) => done({ status, out, err }))) };
}

describe('online play in the browser (a phone)', () => {
  let folder;
  let running;
  let browser;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'ultima-web-online-'));
    running = await startServer(folder);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    running?.server.kill();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('joins by the invite link, plays with clocks, resumes after a reload and a lost network, and files the game', async () => {
    const base = `http://127.0.0.1:${running.port}/`;
    // The server serves the app: its page, and the WebAssembly with its content type.
    const page0 = await fetch(base);
    assert.equal(page0.status, 200);
    assert.match(page0.headers.get('content-type') ?? '', /text\/html/);

    // The bot (White) is put online on a clocked game: 5 minutes + 3 seconds.
    const host = hostWithCli(running.port);
    const invite = await host.invite;

    const view = await openPage(browser, 'phone');
    const { page, context } = view;
    await page.goto(`${base}#/join/${invite}`);
    // The link joins at once: the game's board, with both clocks.
    await byTestId(page, 'board').waitFor({ timeout: 30_000 });
    await byTestId(page, 'clock-white').waitFor({ timeout: 20_000 });
    await byTestId(page, 'clock-black').waitFor({ timeout: 20_000 });

    // The bot moves first; the phone answers by the board, twice.
    await waitFor(async () => (await moveList(page)).length === 1, "the bot's first move on the phone", 30_000);
    await phoneMoves(view);
    await waitFor(async () => (await moveList(page)).length === 3, "the bot's second move", 30_000);
    if (shots) await page.screenshot({ path: `${shots}/web-phone-online-game.png` });

    // A reload mid-game: the app opens on the online game, its saved token brings it back.
    await whenInstalled(page);
    await page.reload();
    await waitFor(async () => (await moveList(page)).length === 3, 'the game after the reload', 30_000);
    await waitFor(async () => (await byTestId(page, 'presence').getAttribute('data-presence')) === 'connected', 'the line back after the reload');
    await phoneMoves(view);
    await waitFor(async () => (await moveList(page)).length === 5, "the bot's move after the reload", 30_000);

    // The network goes and comes back (a phone asleep, a tunnel): the line comes back by itself.
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.waitForTimeout(500);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await phoneMoves(view);
    await waitFor(async () => (await moveList(page)).length === 7, "the bot's move after the network came back", 30_000);

    // The phone resigns: both sides have the result, and the game is among the finished games.
    await press(view, 'resign');
    await press(view, 'confirm-resign');
    const result = await host.ended;
    assert.match(result.out, /result white wins/, result.out + result.err);
    // The phone has the result too (and has saved it) before the page is left.
    await byTestId(page, 'game-over').waitFor({ state: 'visible', timeout: 20_000 });
    if (shots) await page.screenshot({ path: `${shots}/web-phone-online-over.png`, fullPage: true });
    await page.goto(base);
    if (shots) await page.screenshot({ path: `${shots}/web-phone-online-home.png`, fullPage: true });
    const finished = await textOf(page, 'finished-list');
    assert.match(finished, /friend/i, finished);
    assert.deepEqual(view.errors.filter((error) => !/WebSocket|ERR_INTERNET_DISCONNECTED|net::/.test(error)), []);
    await context.close();
  });

  it('creates a game by the Cambridge rules, which the friend who joins plays by too', async () => {
    const base = `http://127.0.0.1:${running.port}/`;
    const view = await openPage(browser, 'phone');
    const { page, context } = view;
    await page.goto(base);
    await press(view, 'home-online');
    await byTestId(page, 'online-server').first().fill(base);
    await byTestId(page, 'reading-cambridge').check();
    await press(view, 'online-white');
    if (shots) await page.screenshot({ path: `${shots}/web-phone-online-create-reading.png`, fullPage: true });
    await press(view, 'online-create');
    const invite = (await textOf(page, 'invite-code')).replace(/\s/g, '');
    const friend = joinWithCli(running.port, invite);
    // The game says its rules, on the board's screen.
    assert.equal(await textOf(page, 'game-rules'), 'Cambridge rules');
    await phoneMoves(view);
    await waitFor(async () => (await moveList(page)).length === 2, "the friend's answer", 30_000);
    if (shots) await page.screenshot({ path: `${shots}/web-phone-online-cambridge.png` });
    await press(view, 'resign');
    await press(view, 'confirm-resign');
    const result = await friend.ended;
    assert.match(result.out, /^rules cambridge$/m, result.out + result.err);
    assert.match(result.out, /result black wins/, result.out + result.err);
    await context.close();
  });
});
