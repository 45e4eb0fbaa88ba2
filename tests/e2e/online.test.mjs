// End-to-end: online play in the real app. The app hosts the game ("Host on this network": the
// server inside the app), `ultima online join` plays the other side with the Novice bot, they
// play moves, the app quits and starts again (and so its server) and the game goes on, the app's
// player resigns, and both sides see the same moves and the same result.
// Then, against a friend played by the test over the protocol: a take-back asked and granted, the
// friend gone on their move and the win claimed, a rematch. Then the join screen refuses a code
// nobody gave. Screenshots (ULTIMA_SHOTS) of the create and
// join screens and of the game, at laptop and phone width.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { byTestId, click, legalMoves, moveList, screenshot, startDriver, typeMove, waitFor } from './harness.mjs';
import { connectFriend } from './online-friend.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const targetDir = process.env.CARGO_TARGET_DIR ?? join(import.meta.dirname, '../../target');
const ultima = process.env.ULTIMA_CLI ?? join(targetDir, 'debug', 'ultima');
const serverBinary = process.env.ULTIMA_SERVER ?? join(targetDir, 'debug', 'ultima-server');
// A port of its own for this run (the app's server listens on every interface).
const port = 17_000 + (process.pid % 2000);

/** Runs `ultima online join`; resolves with its exit code and output when it ends. */
function joinWithCli(code) {
  const child = spawn(ultima, ['online', 'join', `ws://127.0.0.1:${port}`, code, '--level', 'novice', '--seed', '7'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (data) => { out += data; });
  child.stderr.on('data', (data) => { err += data; });
  const ended = new Promise((done) => child.on('close', (status) => done({ status, out, err })));
  return { child, ended };
}

/** The squares of a coordinate move as the move list writes them (`e2-e5`, a removal `d4=`). */
function written(move) {
  const from = move.slice(0, 2);
  const to = move.slice(2, 4);
  return from === to ? `${from}=` : `${from}-${to}`;
}

/** Starts `ultima-server` on loopback `serverPort` (with `args`), its games in memory; `listening` resolves once it says so. */
function startServer(serverPort, ...args) {
  // Its games in memory: without --db the server keeps them in ./ultima-data/.
  const server = spawn(serverBinary, ['--listen', `127.0.0.1:${serverPort}`, '--memory', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const listening = new Promise((ready, failed) => {
    server.stdout.on('data', (data) => { if (String(data).includes('listening on')) ready(); });
    server.once('exit', (status) => failed(new Error(`the server exited (${status})`)));
  });
  return { server, listening };
}

/**
 * From home: a game created on the server at loopback `serverPort`, not the app's own, the app's
 * player taking `color` (`white`, `black`); resolves with its invite code.
 */
async function createOnServer(browser, serverPort, color) {
  await click(browser, 'home-online');
  // The app hosts again since the last test: this game is on the other server.
  await (await byTestId(browser, 'online-create')).waitForDisplayed({ timeout: 10_000 });
  await waitFor(async () => (await (await byTestId(browser, 'hosting')).isExisting()), 'the app hosting again');
  if (await (await byTestId(browser, 'online-hosted')).isSelected()) await click(browser, 'online-hosted');
  const field = await byTestId(browser, 'online-server');
  await field.waitForDisplayed({ timeout: 10_000 });
  // Without ws:// in front: the app puts it there.
  await field.setValue(`127.0.0.1:${serverPort}`);
  await click(browser, `online-${color}`);
  await click(browser, 'online-create');
  const codeElement = await byTestId(browser, 'invite-code');
  await codeElement.waitForDisplayed({ timeout: 20_000 });
  return (await codeElement.getText()).trim();
}

describe('online play: the app hosts, the command line joins', () => {
  let driver;
  let bot;
  before(async () => { driver = await startDriver(); });
  after(async () => {
    bot?.child.kill();
    await driver?.stop();
  });

  it('creates a game with a code, the bot joins and answers, and both agree on the moves and the result', async () => {
    let browser = await driver.launch();
    await browser.setWindowSize(1280, 800);
    await click(browser, 'home-online');
    await (await byTestId(browser, 'online-create')).waitForDisplayed({ timeout: 15_000 });
    if (shots) {
      await screenshot(browser, `${shots}/online-create.png`);
      await browser.setWindowSize(390, 844);
      await screenshot(browser, `${shots}/online-create-phone.png`);
      await browser.setWindowSize(1280, 800);
    }
    await click(browser, 'online-white');
    await click(browser, 'online-clock-5+3');
    await click(browser, 'online-hosted');
    const portField = await byTestId(browser, 'online-port');
    await portField.waitForDisplayed({ timeout: 5_000 });
    await portField.setValue(String(port));
    await click(browser, 'online-create');

    // The code to give, the addresses a friend on the network types, and a copy button.
    const codeElement = await byTestId(browser, 'invite-code');
    await codeElement.waitForDisplayed({ timeout: 20_000 });
    const code = (await codeElement.getText()).trim();
    assert.match(code, /^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$/);
    const addresses = await browser.execute(() => [...document.querySelectorAll('[data-testid="invite-address"]')].map((e) => e.textContent));
    assert.ok(addresses.some((address) => address.endsWith(`:${port}`)), JSON.stringify(addresses));
    assert.ok(await (await byTestId(browser, 'copy-invite')).isDisplayed());
    // Nobody may move before the friend joins, and the status says why.
    assert.deepEqual(await legalMoves(browser), []);
    assert.match(await (await byTestId(browser, 'status-line')).getText(), /Waiting for your friend to join/);
    // The new board opens on the start position: nothing slides into place (the king and the
    // withdrawer did, from chess's start).
    assert.equal(await browser.execute(() => document.querySelectorAll('cg-board piece.anim').length), 0);
    if (shots) await screenshot(browser, `${shots}/online-waiting.png`);

    bot = joinWithCli(code);
    await waitFor(async () => (await (await byTestId(browser, 'presence')).isExisting()) && (await (await byTestId(browser, 'presence')).getAttribute('data-presence')) === 'connected', 'the friend to join');

    // Moves of the app's player, each answered by the bot through the server.
    const playTurn = async () => {
      const before = (await moveList(browser)).length;
      const moves = await waitFor(async () => { const m = await legalMoves(browser); return m.length ? m : null; }, 'the app\'s move');
      const move = moves.find((m) => m.slice(0, 2) !== m.slice(2)) ?? moves[0];
      await typeMove(browser, move);
      await waitFor(async () => (await moveList(browser)).length >= before + 2, `the bot's answer to ${move}`, 30_000);
    };
    await playTurn();
    await playTurn();

    // The app quits (its server with it) and starts again: it opens on the online game, the app
    // hosts again on its file, the bot comes back with its token, and the game goes on.
    const beforeQuit = await moveList(browser);
    await driver.quit();
    browser = await driver.launch();
    await browser.setWindowSize(1280, 800);
    const resumed = await waitFor(async () => {
      const list = await moveList(browser);
      return list.length === beforeQuit.length ? list : null;
    }, 'the online game after the restart');
    assert.deepEqual(resumed, beforeQuit);
    await waitFor(async () => (await (await byTestId(browser, 'presence')).isExisting()) && (await (await byTestId(browser, 'presence')).getAttribute('data-presence')) === 'connected', 'the bot to come back', 40_000);

    await playTurn();
    await playTurn();
    // The server's clock: both sides have moved, so White's runs now.
    const clocks = await browser.execute(() => ['white', 'black'].map((side) => {
      const clock = document.querySelector(`[data-testid="clock-${side}"]`);
      return clock ? { time: clock.querySelector('.clock-time')?.textContent, running: clock.classList.contains('running') } : null;
    }));
    assert.ok(clocks[0] && clocks[1], JSON.stringify(clocks));
    assert.equal(clocks[0].running, true, JSON.stringify(clocks));
    assert.match(clocks[1].time, /^[45]:\d\d$/);
    const status = await (await byTestId(browser, 'status-line')).getText();
    assert.match(status, /Your move \(White\)/);
    assert.match(await (await byTestId(browser, 'opponent')).getText(), /A friend online · you play White/);
    if (shots) {
      await screenshot(browser, `${shots}/online-game.png`);
      await browser.setWindowSize(390, 844);
      await screenshot(browser, `${shots}/online-game-phone.png`);
      await browser.setWindowSize(1280, 800);
    }

    await click(browser, 'resign');
    await click(browser, 'confirm-resign');
    const headline = await waitFor(async () => {
      const panel = await byTestId(browser, 'game-over');
      return (await panel.isDisplayed()) ? panel.getText() : null;
    }, 'the game-over panel');
    assert.match(headline, /Your friend wins/);
    assert.match(headline, /White resigned/);

    const { status: exit, out, err } = await bot.ended;
    assert.equal(exit, 0, err);
    const movesLine = out.split('\n').find((line) => line.startsWith('moves '));
    const resultLine = out.split('\n').find((line) => line.startsWith('result '));
    assert.equal(resultLine, 'result black wins');
    const cliMoves = movesLine.slice('moves '.length).split(' ');
    const appMoves = await moveList(browser);
    assert.equal(appMoves.length, cliMoves.length, `${JSON.stringify(appMoves)} vs ${movesLine}`);
    cliMoves.forEach((move, i) => assert.ok(appMoves[i].includes(written(move)), `${move} is move ${i + 1}: ${appMoves[i]}`));
    if (shots) {
      // The mouse off the board (a hovered piece shows its card).
      await browser.action('pointer', { parameters: { pointerType: 'mouse' } }).move({ x: 5, y: 5, origin: 'viewport' }).perform();
      await screenshot(browser, `${shots}/online-over.png`);
    }

    // The finished game is among the others on home.
    await click(browser, 'home-open');
    const listed = await waitFor(async () => {
      const rows = await browser.$$('[data-testid="finished-game"]');
      for (const row of rows) {
        const text = await row.getText();
        if (text.includes('A friend online')) return text;
      }
      return null;
    }, 'the online game among the finished games');
    assert.match(listed, /Black wins · resignation/);
  });

  it('creates a game on a server started by the test, offers a draw the bot declines, and resigns', async () => {
    const serverPort = port + 1;
    const { server, listening } = startServer(serverPort);
    try {
      await listening;
      const browser = await driver.launch();
      await browser.setWindowSize(1280, 800);
      const code = await createOnServer(browser, serverPort, 'black');
      assert.equal(await (await byTestId(browser, 'invite-address')).isExisting(), false, 'no network address: not hosted here');

      const guest = spawn(ultima, ['online', 'join', `ws://127.0.0.1:${serverPort}`, code, '--level', 'novice', '--seed', '9'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      guest.stdout.on('data', (data) => { out += data; });
      const ended = new Promise((done) => guest.on('close', done));
      // The bot plays White: its first move comes, then the app's player answers.
      await waitFor(async () => (await moveList(browser)).length >= 1, "the bot's first move", 30_000);
      assert.match(await (await byTestId(browser, 'status-line')).getText(), /Your move \(Black\)/);
      const moves = await waitFor(async () => { const m = await legalMoves(browser); return m.length ? m : null; }, "the app's move");
      await typeMove(browser, moves.find((m) => m.slice(0, 2) !== m.slice(2)) ?? moves[0]);
      await waitFor(async () => (await moveList(browser)).length >= 3, "the bot's answer", 30_000);

      // A draw offered: the bot declines it, and the offer goes.
      // The line "draw offered" comes with the server's answer and goes when the bot declines; the
      // page records that it came, so the wait is for the decline, not for the state before it.
      await browser.execute(() => {
        window.drawSentSeen = false;
        const look = () => { if (document.querySelector('[data-testid="draw-sent"]')) window.drawSentSeen = true; };
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
      });
      await click(browser, 'offer-draw');
      await waitFor(() => browser.execute(() => window.drawSentSeen), 'the offer to be shown as sent', 20_000);
      await waitFor(async () => !(await (await byTestId(browser, 'draw-sent')).isExisting()), 'the bot to decline the draw', 20_000);
      await click(browser, 'resign');
      await click(browser, 'confirm-resign');
      await waitFor(async () => (await (await byTestId(browser, 'game-over')).isDisplayed()), 'the game-over panel');
      assert.match(await (await byTestId(browser, 'game-over')).getText(), /Your friend wins[\s\S]*Black resigned/);
      const status = await ended;
      assert.equal(status, 0);
      assert.ok(out.includes('result white wins'), out);
      const appMoves = await moveList(browser);
      const cliMoves = out.split('\n').find((line) => line.startsWith('moves ')).slice('moves '.length).split(' ');
      assert.equal(appMoves.length, cliMoves.length);
      cliMoves.forEach((move, i) => assert.ok(appMoves[i].includes(written(move)), `${move}: ${appMoves[i]}`));
    } finally {
      server.kill();
    }
  });

  it('a take-back asked and granted, the friend gone on their move and the win claimed, then a rematch', async () => {
    const serverPort = port + 2;
    const { server, listening } = startServer(serverPort, '--claim-after', '3');
    let friend;
    try {
      await listening;
      const browser = await driver.launch();
      await browser.setWindowSize(1280, 800);
      const code = await createOnServer(browser, serverPort, 'white');

      // The friend, played by the test over the protocol, joins as Black.
      friend = await connectFriend(serverPort);
      friend.send({ type: 'join', invite: code });
      const seat = await friend.next((m) => m.type === 'seated', 'the seat');
      assert.equal(seat.color, 'black');
      const presence = async () => {
        const element = await byTestId(browser, 'presence');
        return (await element.isExisting()) ? element.getAttribute('data-presence') : null;
      };
      await waitFor(async () => (await presence()) === 'connected', 'the friend to join');
      const firstMove = async () => {
        const moves = await waitFor(async () => { const m = await legalMoves(browser); return m.length ? m : null; }, "the app's move");
        const move = moves.find((m) => m.slice(0, 2) !== m.slice(2)) ?? moves[0];
        await typeMove(browser, move);
        await friend.next((m) => m.type === 'moved' && m.ply === 0, "the app's move at the friend");
        return move;
      };
      await firstMove();

      // The app's player asks to take the move back; the friend grants it: the board is back at
      // the start, White to move.
      await click(browser, 'take-back');
      await friend.next((m) => m.type === 'state' && m.takeBackRequest === 'white', 'the request at the friend');
      friend.send({ type: 'acceptTakeBack' });
      await waitFor(async () => (await moveList(browser)).length === 0, 'the move taken back');
      assert.match(await (await byTestId(browser, 'status-line')).getText(), /Your move \(White\)/);

      // Another move; the friend leaves on their move: the app says so, counts down, and once
      // the wait is over the win is claimed.
      await firstMove();
      friend.drop();
      // The presence and the countdown read together: the countdown lasts 3 s in all.
      const countdown = await waitFor(() => browser.execute(() => {
        const gone = document.querySelector('[data-testid="presence"]')?.getAttribute('data-presence') === 'disconnected';
        return gone ? document.querySelector('[data-testid="claim-in"]')?.textContent ?? '(no countdown)' : null;
      }), 'the friend gone');
      assert.match(countdown, /you can claim the win in \d+ seconds?/);
      await waitFor(async () => (await (await byTestId(browser, 'claim-win')).isExisting()), 'the claim to be due', 15_000);
      await click(browser, 'claim-win');
      const over = await waitFor(async () => {
        const panel = await byTestId(browser, 'game-over');
        return (await panel.isDisplayed()) ? panel.getText() : null;
      }, 'the game-over panel');
      assert.match(over, /You win[\s\S]*Black ran out of time/);

      // A rematch: the app's player asks, the friend comes back with the token and accepts; the
      // app goes on with the new game as Black and sees the friend's first move.
      await click(browser, 'rematch');
      friend = await connectFriend(serverPort);
      friend.send({ type: 'resume', game: seat.game, token: seat.token });
      await friend.next((m) => m.type === 'state' && m.rematchOffer === 'white', 'the rematch offer at the friend');
      friend.send({ type: 'offerRematch' });
      const rematch = await friend.next((m) => m.type === 'seated' && m.game !== seat.game, 'the rematch');
      assert.equal(rematch.color, 'white');
      await waitFor(async () => /you play Black/.test(await (await byTestId(browser, 'opponent')).getText()), 'the rematch in the app');
      friend.send({ type: 'move', ply: 0, move: 'e2e5' });
      await friend.next((m) => m.type === 'moved' && m.ply === 0, 'the friend\'s move stored');
      await waitFor(async () => (await moveList(browser)).length === 1, "the friend's move in the app");
      assert.match(await (await byTestId(browser, 'status-line')).getText(), /Your move \(Black\)/);
      // Over, so that the next start has no game to go on with.
      await click(browser, 'resign');
      await click(browser, 'confirm-resign');
      await friend.next((m) => m.type === 'state' && m.result !== null, 'the resignation at the friend');
      await waitFor(async () => (await (await byTestId(browser, 'game-over')).isDisplayed()), 'the game-over panel');
    } finally {
      friend?.drop();
      server.kill();
    }
  });

  it('the join screen refuses a code nobody gave, in words', async () => {
    const browser = await driver.launch();
    await browser.setWindowSize(1280, 800);
    await click(browser, 'home-online');
    await click(browser, 'online-join-mode');
    const server = await byTestId(browser, 'online-server');
    await server.waitForDisplayed({ timeout: 10_000 });
    await server.setValue(`ws://127.0.0.1:${port}`);
    await (await byTestId(browser, 'online-code')).setValue('AAAA-AAAA-AAAA-AAAA');
    if (shots) {
      await screenshot(browser, `${shots}/online-join.png`);
      await browser.setWindowSize(390, 844);
      await screenshot(browser, `${shots}/online-join-phone.png`);
      await browser.setWindowSize(1280, 800);
    }
    await click(browser, 'online-join');
    const error = await waitFor(async () => {
      const banner = await byTestId(browser, 'error');
      return (await banner.isDisplayed()) ? banner.getText() : null;
    }, 'the refusal');
    // The app's server went with the app that hosted it: nobody answers there now, or (if the
    // app hosts again at start) no game waits for that code.
    assert.match(error, /No server answered at ws:\/\/127\.0\.0\.1:\d+|No game waits for that code/);

    // The server address is a setting: the one typed is there in the settings too.
    await click(browser, 'settings-open');
    const setting = await byTestId(browser, 'settings-online-server');
    await setting.waitForDisplayed({ timeout: 10_000 });
    assert.equal(await setting.getValue(), `ws://127.0.0.1:${port}`);
    if (shots) {
      await setting.scrollIntoView();
      await screenshot(browser, `${shots}/online-settings.png`);
    }
  });
});
