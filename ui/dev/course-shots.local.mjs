
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = process.argv[2] ?? '/tmp/ui-shots';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'ui/web/dist/');
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
];

if (!existsSync(join(DIST, 'index.html'))) throw new Error('ui/web/dist is not built: run `npm run build:web` first');
mkdirSync(OUT, { recursive: true });

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.webmanifest': 'application/manifest+json',
};
const server = createServer((request, response) => {
  let file = normalize(join(DIST, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)));
  if (file.startsWith(DIST) && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!file.startsWith(DIST) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

const problems = [];
const shots = [];

/** The middle of `square` on the board, whichever way up it is. */
async function squareCenter(page, square) {
  const board = page.getByTestId('board');
  const box = await board.boundingBox();
  const black = await board.evaluate((el) => el.classList.contains('orientation-black'));
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const column = black ? 7 - file : file;
  const row = black ? rank : 7 - rank;
  return { x: box.x + ((column + 0.5) * box.width) / 8, y: box.y + ((row + 0.5) * box.height) / 8 };
}

async function clickSquare(page, square) {
  const { x, y } = await squareCenter(page, square);
  await page.mouse.click(x, y);
}

async function shot(page, name) {
  // Let animations (pieces, fades) finish.
  await page.waitForTimeout(450);
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  shots.push(path);
}


async function open(page, hash, testid) {
  await page.goto(`${base}#/${hash}`);
  if (testid === 'course-map') {
    await page.getByTestId(testid).waitFor();
    return;
  }
  await page.locator('section.lesson[data-task]').waitFor();
  if (testid === 'lesson-task' && (await page.getByTestId('lesson-begin').count()) > 0) await page.getByTestId('lesson-begin').click();
  await page.getByTestId(testid).waitFor();
}

for (const { name, ...context } of VIEWPORTS) {
  const browserContext = await browser.newContext(context);
  const page = await browserContext.newPage();
  page.on('pageerror', (error) => problems.push(`${name}: ${error.message}`));
  await page.goto(base);
  await page.getByTestId('home-new-game').waitFor();
  // A missed capture: the feedback from the engine's captures.
  await open(page, 'learn/pawn-2', 'lesson-task');
  await shot(page, `${name}-a-pawn-task`);
  await clickSquare(page, 'a1');
  await clickSquare(page, 'a2');
  await page.locator('[data-testid="lesson-outcome"]').waitFor();
  await shot(page, `${name}-b-pawn-missed`);
  // A refused removal (the second tap) in removal-4.
  await open(page, 'learn/removal-4', 'lesson-task');
  await clickSquare(page, 'b1');
  await page.waitForTimeout(200);
  await clickSquare(page, 'b1');
  await page.waitForTimeout(400);
  await shot(page, `${name}-c-removal-refused`);
  await clickSquare(page, 'b3');
  await page.waitForTimeout(200);
  await clickSquare(page, 'b3');
  await page.locator('[data-testid="lesson-outcome"]').waitFor();
  await shot(page, `${name}-d-removal-done`);
  // The threats quiz.
  await open(page, 'learn/together', 'lesson-intro');
  await shot(page, `${name}-e-together-intro`);
  await open(page, 'learn/together-3', 'lesson-task');
  await clickSquare(page, 'c4');
  await page.getByTestId('quiz-check').click();
  await page.locator('[data-testid="lesson-outcome"]').waitFor();
  await shot(page, `${name}-f-threats-wrong`);
  // The setup.
  await open(page, 'learn/board-4', 'lesson-task');
  await clickSquare(page, 'd1');
  await page.waitForTimeout(300);
  await clickSquare(page, 'e1');
  await page.waitForTimeout(300);
  await page.getByTestId('lesson-hint').click();
  await page.waitForTimeout(300);
  await shot(page, `${name}-g-setup`);
  // The last task solved: the closing game offered.
  await open(page, 'learn/together-6', 'lesson-task');
  await clickSquare(page, 'g8');
  await clickSquare(page, 'd5');
  await page.getByTestId('lesson-finale').waitFor();
  await shot(page, `${name}-h-finale-offered`);
  await page.getByTestId('lesson-finale').click();
  await page.getByTestId('board').waitFor();
  await page.waitForTimeout(800);
  await shot(page, `${name}-i-finale-game`);
  await open(page, 'learn', 'course-map');
  await page.getByTestId('course-finale').scrollIntoViewIfNeeded();
  await shot(page, `${name}-j-map`);
  await browserContext.close();
}
await browser.close();
server.close();
console.log(shots.join('\n'));
if (problems.length) {
  console.log('PROBLEMS:\n' + problems.join('\n'));
  process.exitCode = 1;
}
