// End-to-end: a new player learns the rules on the real board, by clicking; the course keeps its
// stars and its place across a quit; a refused move in a game says why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdirSync } from 'node:fs';
import { byTestId, click, clickMove, screenshot, startDriver, startFriendGame, typeMove, waitFor } from './harness.mjs';

const shots = process.env.ULTIMA_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const attribute = async (browser, id, name) => (await byTestId(browser, id)).getAttribute(name);

async function outcome(browser) {
  return waitFor(async () => {
    const element = await byTestId(browser, 'lesson-outcome');
    return (await element.isExisting()) && (await element.isDisplayed()) ? element.getAttribute('data-kind') : null;
  }, 'the task to answer');
}

describe('the rules course', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('is offered first to a new player, taught by clicking, a wrong try seen and retried, and kept across a quit', async () => {
    let browser = await driver.launch();
    const learn = await byTestId(browser, 'home-learn');
    await learn.waitForDisplayed({ timeout: 20_000 });
    const order = await browser.execute(() => {
      const all = [...document.querySelectorAll('[data-testid="home-learn"], [data-testid="home-new-game"]')];
      return all.map((element) => element.getAttribute('data-testid'));
    });
    assert.equal(order[0], 'home-learn', `Learn the rules comes first: ${order}`);
    await learn.click();

    // The first chapter's introduction, then its first task.
    await (await byTestId(browser, 'lesson-intro')).waitForDisplayed({ timeout: 15_000 });
    assert.match(await (await byTestId(browser, 'lesson-intro-text')).getText(), /immobilizer/);
    if (shots) await screenshot(browser, `${shots}/course-intro.png`);
    await click(browser, 'lesson-begin');
    await (await byTestId(browser, 'lesson-prompt')).waitForDisplayed({ timeout: 15_000 });
    assert.match(await (await byTestId(browser, 'lesson-prompt')).getText(), /king/);

    // A wrong try: the e-pawn is not the king's pawn. The task's own words, then a retry.
    await clickMove(browser, 'e2', 'e4');
    assert.equal(await outcome(browser), 'missed');
    assert.match(await (await byTestId(browser, 'lesson-miss')).getText(), /d2/);
    if (shots) await screenshot(browser, `${shots}/course-miss.png`);
    await click(browser, 'lesson-retry');
    await waitFor(async () => (await attribute(browser, 'lesson-progress', 'data-testid')) && /Try 2/.test(await (await byTestId(browser, 'lesson-progress')).getText()), 'the second try');
    await clickMove(browser, 'd2', 'd4');
    assert.equal(await outcome(browser), 'solved');
    assert.equal(await attribute(browser, 'lesson-stars', 'data-stars'), '2', 'two stars for a second try');

    // The next task, right the first time: three stars.
    await click(browser, 'lesson-next');
    await waitFor(async () => (await browser.execute(() => document.querySelector('[data-task]')?.getAttribute('data-task'))) === 'board-2', 'the second task');
    await (await byTestId(browser, 'lesson-prompt')).waitForDisplayed({ timeout: 15_000 });
    await clickMove(browser, 'e1', 'e5');
    assert.equal(await outcome(browser), 'solved');
    assert.equal(await attribute(browser, 'lesson-stars', 'data-stars'), '3');
    if (shots) await screenshot(browser, `${shots}/course-solved.png`);

    // Quit and come back: the map keeps the stars, and the course opens at the next task.
    await driver.quit();
    browser = await driver.launch();
    await (await byTestId(browser, 'home-learn')).waitForDisplayed({ timeout: 20_000 });
    await click(browser, 'home-course');
    await (await byTestId(browser, 'course-map')).waitForDisplayed({ timeout: 15_000 });
    const stars = await browser.execute(() => Object.fromEntries([...document.querySelectorAll('[data-task][data-stars]')].map((task) => [task.getAttribute('data-task'), task.getAttribute('data-stars')])));
    assert.equal(stars['board-1'], '2');
    assert.equal(stars['board-2'], '3');
    assert.equal(await attribute(browser, 'course-next', 'data-task'), 'board-3', 'the next unfinished task is marked');
    if (shots) await screenshot(browser, `${shots}/course-map.png`);
    await click(browser, 'course-continue');
    await waitFor(async () => (await browser.execute(() => document.querySelector('section[data-task]')?.getAttribute('data-task'))) === 'board-3', 'the course to open at the next task');
  });

  it('survives kill -9 in the middle of a task: the course reopens at it', async () => {
    let browser = await driver.launch();
    await click(browser, 'home-learn');
    await waitFor(async () => (await browser.execute(() => document.querySelector('section[data-task]')?.getAttribute('data-task'))) === 'board-3', 'the third task');
    const begin = await byTestId(browser, 'lesson-begin');
    if (await begin.isExisting() && await begin.isDisplayed()) await begin.click();
    await (await byTestId(browser, 'lesson-prompt')).waitForDisplayed({ timeout: 15_000 });
    await clickMove(browser, 'h1', 'h6');
    assert.equal(await outcome(browser), 'solved');
    await driver.kill();
    browser = await driver.launch();
    await click(browser, 'home-course');
    await (await byTestId(browser, 'course-map')).waitForDisplayed({ timeout: 15_000 });
    const stars = await browser.execute(() => document.querySelector('[data-task="board-3"]')?.getAttribute('data-stars'));
    assert.equal(stars, '3', 'the task solved just before the kill keeps its stars');
  });
});

describe('a refused move', () => {
  let driver;
  before(async () => { driver = await startDriver(); });
  after(async () => { await driver?.stop(); });

  it('says why, in a game, whether typed or clicked', async () => {
    const browser = await driver.launch();
    await startFriendGame(browser);

    // The withdrawer on e1 cannot pass its own pawn on e2.
    await typeMove(browser, 'e1e4');
    const refusal = await byTestId(browser, 'refusal');
    await refusal.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await refusal.getAttribute('data-code'), 'pathBlocked');
    assert.match(await (await byTestId(browser, 'refusal-text')).getText(), /e2/);
    if (shots) await screenshot(browser, `${shots}/refused-typed.png`);

    // A pawn moves like a rook, never diagonally.
    await clickMove(browser, 'c2', 'd3');
    await waitFor(async () => (await refusal.getAttribute('data-code')) === 'notThatWay', 'the reason for the diagonal');
    if (shots) await screenshot(browser, `${shots}/refused-clicked.png`);
    const list = await byTestId(browser, 'move-list');
    assert.equal((await list.$$('[data-ply]')).length, 0, 'nothing was played');
  });
});
