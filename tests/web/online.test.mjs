// End-to-end: online play in the browser, as a phone. `ultima-server` serves the web app and the
// websocket on one address; a friend (the protocol spoken by tests/e2e/online-friend.mjs, as the
// desktop app or the CLI speak it) creates a clocked game; the phone opens the invite link (the
// server's own address, `#/join/CODE`), joins with a tap, and both play by the board with both
// clocks shown. The phone page is reloaded mid-game and resumes the game with its saved token;
// its network drops and comes back; the friend resigns; the game is then among the phone's
// finished games, and opens in the analysis.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectFriend } from '../e2e/online-friend.mjs';
import { DIST, byTestId, launch, legalMoves, moveList, openPage, press, pressSquare, waitFor, whenInstalled } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const targetDir = process.env.CARGO_TARGET_DIR ?? join(import.meta.dirname, '../../target');
const serverBinary = process.env.ULTIMA_SERVER ?? join(targetDir, 'debug', 'ultima-server');

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

    // The friend (White) creates a clocked game: 5 minutes + 3 seconds.
    const friend = await connectFriend(running.port);
    friend.send({ type: 'create', color: 'white', clock: { baseMs: 300_000, incrementMs: 3_000 } });
    const seat = await friend.next((m) => m.type === 'seated', 'the seat');
    assert.ok(seat.invite, 'an invite');

    const view = await openPage(browser, 'phone');
    const { page, context } = view;
    await page.goto(`${base}#/join/${seat.invite}`);
    // The link joins at once: the game's board, the friend's move awaited.
    await byTestId(page, 'board').waitFor({ timeout: 30_000 });
    await friend.next((m) => m.type === 'state' && m.opponent === 'connected', 'the phone at the friend');
    // Both clocks are shown.
    await waitFor(async () => (await byTestId(page, 'clock').count()) >= 2 || (await page.locator('.clock').count()) >= 2, 'both clocks');

    // White (the friend) moves; the phone answers by the board.
    friend.send({ type: 'move', ply: 0, move: 'e2e3' });
    await waitFor(async () => (await moveList(page)).length === 1, "the friend's move on the phone");
    const first = await phoneMoves(view);
    const moved = await friend.next((m) => m.type === 'moved' && m.ply === 1, "the phone's move at the friend");
    assert.equal(moved.move, first);
    if (shots) await page.screenshot({ path: `${shots}/web-phone-online-game.png` });

    // A reload mid-game: the saved token brings the same game back.
    await whenInstalled(page);
    await page.reload();
    await waitFor(async () => (await moveList(page)).length === 2, 'the game after the reload');
    await friend.next((m) => m.type === 'state' && m.opponent === 'connected', 'the phone back at the friend');
    friend.send({ type: 'move', ply: 2, move: 'd2d3' });
    await waitFor(async () => (await moveList(page)).length === 3, "the friend's second move after the reload");

    // The network goes and comes back (a phone asleep, a tunnel): the line comes back by itself.
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await phoneMoves(view);
    await friend.next((m) => m.type === 'moved' && m.ply === 3, "the phone's move after the network came back");

    // The friend resigns: the phone shows the result, and the game is among its finished games.
    friend.send({ type: 'resign' });
    await waitFor(async () => /resign/i.test((await page.locator('body').textContent()) ?? ''), 'the resignation on the phone');
    if (shots) await page.screenshot({ path: `${shots}/web-phone-online-over.png`, fullPage: true });
    await page.goto(base);
    const finished = await textOf(page, 'finished-list');
    assert.match(finished, /friend/i, finished);
    friend.drop();
    assert.deepEqual(view.errors.filter((error) => !/WebSocket|ERR_INTERNET_DISCONNECTED|net::/.test(error)), []);
    await context.close();
  });
});
