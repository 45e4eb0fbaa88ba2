// Takes the README's screenshots from the real app (not a test):
//   xvfb-run -a -s "-screen 0 1280x800x24" node tests/e2e/screenshots.mjs docs/screenshots
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { byTestId, click, playTyped, screenshot, startDriver, typeMove } from './harness.mjs';

const folder = process.argv[2] ?? 'docs/screenshots';
mkdirSync(folder, { recursive: true });
const driver = await startDriver();
try {
  const browser = await driver.launch();
  await browser.setWindowSize(1100, 760);
  // The course, as a new player meets it: the first task solved, then a long leaper's chain.
  await click(browser, 'home-learn');
  await click(browser, 'lesson-begin');
  await typeMove(browser, 'd2d4');
  await (await byTestId(browser, 'lesson-next')).waitForDisplayed({ timeout: 15_000 });
  await browser.execute(() => { window.location.hash = '#/learn/leaper-2'; });
  await (await byTestId(browser, 'lesson-prompt')).waitForDisplayed({ timeout: 15_000 });
  await screenshot(browser, `${folder}/course-task.png`);
  await browser.setWindowSize(390, 844);
  await click(browser, 'lesson-map');
  await (await byTestId(browser, 'course-map')).waitForDisplayed({ timeout: 15_000 });
  await screenshot(browser, `${folder}/phone-course-map.png`);
  await browser.setWindowSize(1100, 760);
  await click(browser, 'home-open');

  await click(browser, 'home-new-game');
  await click(browser, 'new-game-friend');
  const turn = await byTestId(browser, 'turn-board');
  if (await turn.isSelected()) await turn.click();
  await click(browser, 'start-game');
  for (const move of ['a2a3', 'b7b3', 'h2h5', 'g7g3']) await playTyped(browser, move);
  await sleep(500);
  // Typing a move without Enter shows what it would take, as hovering the destination does.
  const input = await byTestId(browser, 'move-input');
  await input.setValue('c2c3');
  await screenshot(browser, `${folder}/play-capture-preview.png`);
  await browser.keys('Enter');
  await sleep(500);
  // A refused move says why: the withdrawer cannot pass its own pawn.
  await typeMove(browser, 'e8e4');
  await (await byTestId(browser, 'refusal')).waitForDisplayed({ timeout: 15_000 });
  await screenshot(browser, `${folder}/play-refused.png`);
  await click(browser, 'refusal-dismiss');

  await click(browser, 'settings-open');
  const set = await byTestId(browser, 'piece-set-select');
  await set.selectByAttribute('value', 'chess');
  await click(browser, 'home-open');
  await click(browser, 'home-continue');
  await sleep(500);
  await screenshot(browser, `${folder}/play-chess-set.png`);

  await click(browser, 'settings-open');
  await (await byTestId(browser, 'piece-set-select')).selectByAttribute('value', 'emblems');
  await screenshot(browser, `${folder}/settings-emblems.png`);
  await click(browser, 'home-open');
  await click(browser, 'home-continue');
  await click(browser, 'offer-draw');
  await click(browser, 'draw-accept');
  await (await byTestId(browser, 'game-over')).waitForDisplayed({ timeout: 15_000 });
  await screenshot(browser, `${folder}/game-over.png`);

  await browser.setWindowSize(390, 844);
  await click(browser, 'game-over-new-game');
  await click(browser, 'new-game-bot');
  await click(browser, 'side-white');
  await click(browser, 'start-game');
  await typeMove(browser, 'e2e5');
  await sleep(1500);
  await screenshot(browser, `${folder}/phone-bot-game.png`);
} finally {
  await driver.stop();
}
