// End-to-end: the real app under Xvfb, driven through tauri-driver and WebKitWebDriver.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdirSync } from 'node:fs';
import { byTestId, click, legalMoves, moveList, piecesOnBoard, playTyped, screenshot, startDriver, startFriendGame, typeMove, waitFor } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

describe('a game against Novice', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('starts by clicking, the bot answers, and the game is there again after a quit', async () => {
    let browser = await driver.launch();
    await click(browser, 'home-new-game');
    await click(browser, 'new-game-bot');
    // Every level is offered, weakest first, each described as it is chosen.
    const levels = await browser.execute(() => [...document.querySelectorAll('[data-testid="level-select"] option')].map((option) => option.value));
    assert.deepEqual(levels, ['novice', 'learner', 'beginner', 'improver', 'casual', 'steady', 'keen', 'solid', 'sharp', 'intermediate', 'experienced', 'strong', 'club']);
    await (await byTestId(browser, 'level-select')).selectByAttribute('value', 'solid');
    assert.match(await (await byTestId(browser, 'level-hint')).getText(), /never overlooks/i);
    if (shots) await screenshot(browser, `${shots}/new-game-levels.png`);
    await (await byTestId(browser, 'level-select')).selectByAttribute('value', 'novice');
    assert.match(await (await byTestId(browser, 'level-hint')).getText(), /first games/);
    await click(browser, 'side-white');
    await click(browser, 'start-game');
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    await typeMove(browser, 'e2e5');
    const answered = await waitFor(async () => ((await moveList(browser)).length >= 2 ? await moveList(browser) : null), 'the bot to answer');
    assert.match(answered[0], /Pe2-e5/);
    assert.equal(answered.length, 2);
    if (shots) await screenshot(browser, `${shots}/bot-game.png`);

    await driver.quit();
    browser = await driver.launch();
    const resumed = await waitFor(async () => {
      const list = await byTestId(browser, 'move-list');
      return (await list.isExisting()) && (await moveList(browser)).length === 2 ? await moveList(browser) : null;
    }, 'the game to be resumed');
    assert.deepEqual(resumed, answered);
  });

  it('survives kill -9 right after a move: the app reopens on the game with the move', async () => {
    let browser = await driver.launch();
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    const before = (await moveList(browser)).length;
    const moves = await waitFor(async () => { const m = await legalMoves(browser); return m.length ? m : null; }, 'legal moves');
    const move = moves.find((m) => m.slice(0, 2) !== m.slice(2)) ?? moves[0];
    await typeMove(browser, move);
    await waitFor(async () => (await moveList(browser)).length > before, 'the move to be listed');
    await driver.kill();
    browser = await driver.launch();
    const resumed = await waitFor(async () => {
      const list = await byTestId(browser, 'move-list');
      return (await list.isExisting()) && (await moveList(browser)).length > before ? await moveList(browser) : null;
    }, 'the game to be resumed after the kill');
    const played = `${move.slice(0, 2)}-${move.slice(2)}`;
    assert.ok(resumed[before]?.includes(played), `${played} is move ${before + 1} of ${JSON.stringify(resumed)}`);
  });
});

describe('a game between friends on one device', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('plays to a capture: the taken pawn leaves the board and the move list shows it', async () => {
    const browser = await driver.launch();
    await startFriendGame(browser);
    for (const move of ['a2a3', 'b7b3']) await playTyped(browser, move);
    await waitFor(async () => (await piecesOnBoard(browser)).b3, 'the black pawn on b3');
    await typeMove(browser, 'c2c3');
    const list = await waitFor(async () => ((await moveList(browser)).length === 3 ? await moveList(browser) : null), 'three moves');
    assert.match(list[2], /Pc2-c3xb3/);
    const pieces = await waitFor(async () => {
      const now = await piecesOnBoard(browser);
      return now.b3 === undefined ? now : null;
    }, 'b3 to be empty');
    assert.match(pieces.c3, /white/);
    assert.match(pieces.a3, /white/);
    if (shots) await screenshot(browser, `${shots}/friend-capture.png`);
  });

  it('offers a draw that the other player accepts: the game-over panel gives the reason', async () => {
    const browser = await driver.launch();
    await click(browser, 'offer-draw');
    await click(browser, 'draw-accept');
    const panel = await byTestId(browser, 'game-over');
    await panel.waitForDisplayed({ timeout: 15_000 });
    const reason = await (await byTestId(browser, 'game-over-reason')).getText();
    assert.match(reason, /agree/i);
    assert.equal(await (await byTestId(browser, 'move-input')).isExisting() && (await (await byTestId(browser, 'move-input')).isEnabled()), false);
  });

  it('switches piece sets from the settings at once', async () => {
    const browser = await driver.launch();
    await click(browser, 'settings-open');
    const select = await byTestId(browser, 'piece-set-select');
    await select.waitForDisplayed({ timeout: 15_000 });
    for (const set of ['chess', 'emblems']) {
      await select.selectByAttribute('value', set);
      await waitFor(
        async () => browser.execute((name) => document.querySelector(`.pieces-${name}`) !== null, set),
        `the ${set} set to be applied`,
      );
      if (shots) await screenshot(browser, `${shots}/settings-${set}.png`);
    }
  });
});

describe('a damaged save file', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('is moved aside, never overwritten, the backup restored, and the player told', async () => {
    const { readdirSync, readFileSync, writeFileSync } = await import('node:fs');
    let browser = await driver.launch();
    await click(browser, 'home-new-game');
    await click(browser, 'new-game-friend');
    await click(browser, 'start-game');
    for (const move of ['e2e5', 'd7d3']) await playTyped(browser, move);
    await waitFor(async () => (await moveList(browser)).length === 2, 'two moves');
    await driver.quit();

    // A torn write: the file cut in the middle, as a crash during the store's write leaves it.
    const folder = driver.appFolder;
    const whole = readFileSync(`${folder}/ultima.json`, 'utf8');
    const torn = whole.slice(0, Math.floor(whole.length / 2));
    writeFileSync(`${folder}/ultima.json`, torn);

    browser = await driver.launch();
    const notice = await byTestId(browser, 'notice');
    await notice.waitForDisplayed({ timeout: 15_000 });
    assert.match(await notice.getText(), /damaged/i);
    const resumed = await waitFor(async () => {
      const list = await byTestId(browser, 'move-list');
      return (await list.isExisting()) && (await moveList(browser)).length >= 1 ? await moveList(browser) : null;
    }, 'the game from the backup');
    assert.match(resumed[0], /Pe2-e5/);
    const aside = readdirSync(folder).filter((name) => name.includes('damaged'));
    assert.equal(aside.length, 1, `one damaged file kept: ${readdirSync(folder)}`);
    assert.equal(readFileSync(`${folder}/${aside[0]}`, 'utf8'), torn);
  });
});

describe('a game by another reading of the rules', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('is chosen on the new-game screen, kept through its rules page, played and refused by its rules, and kept after a quit', async () => {
    let browser = await driver.launch();
    await click(browser, 'home-new-game');
    await click(browser, 'new-game-friend');
    // 1963 is chosen to start with; Cambridge picked, its page read, and back: still Cambridge.
    assert.equal(await (await byTestId(browser, 'reading-1963')).isSelected(), true);
    await click(browser, 'reading-cambridge');
    await click(browser, 'reading-rules-link-cambridge');
    const page = await byTestId(browser, 'reading-rules');
    await page.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await page.getAttribute('data-reading'), 'cambridge');
    await click(browser, 'reading-rules-back');
    await (await byTestId(browser, 'start-game')).waitForDisplayed({ timeout: 15_000 });
    assert.equal(await (await byTestId(browser, 'reading-cambridge')).isSelected(), true, 'the choice survives the rules page');
    await click(browser, 'start-game');
    await (await byTestId(browser, 'board')).waitForDisplayed({ timeout: 15_000 });
    assert.equal(await (await byTestId(browser, 'game-rules')).getText(), 'Cambridge rules');
    // Cambridge's start is 1963's seen in a mirror: the white king on e1, not d1.
    const start = await waitFor(async () => { const pieces = await piecesOnBoard(browser); return pieces.e1 ? pieces : null; }, 'the pieces');
    assert.match(start.e1, /white/);
    assert.match(start.e1, /\bk-piece\b/);
    // There is no removal in these rules: naming a free pawn twice says so.
    await typeMove(browser, 'e2e2');
    const refusal = await byTestId(browser, 'refusal');
    await refusal.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await refusal.getAttribute('data-code'), 'removalNotInReading');
    assert.match(await (await byTestId(browser, 'refusal-text')).getText(), /Cambridge rules no piece is ever removed/);
    await playTyped(browser, 'a2a5');
    await driver.quit();

    browser = await driver.launch();
    const rules = await byTestId(browser, 'game-rules');
    await rules.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await rules.getText(), 'Cambridge rules');
    assert.equal((await moveList(browser)).length, 1);
    if (shots) await screenshot(browser, `${shots}/game-cambridge.png`);
  });
});
