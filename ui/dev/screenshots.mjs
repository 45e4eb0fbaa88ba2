// Screenshots of every screen of the web build (the real Rust side in WebAssembly, ui/web/dist
// from `npm run build:web`), at a laptop's and a phone's size, to look at the layout. Needs
// Debian's chromium (`apt-get install -y chromium`).
//
//   node ui/dev/screenshots.mjs [output folder, default /tmp/ui-shots] [browser language, default en-US] [viewport: desktop or phone, default both]
//
// The app speaks the browser's language (its setting is the device's by default): `fr-FR` gives
// the French screens.
//
// The game in progress is the real game of fixture-game.json (recorded from the engine by
// make-fixture.mjs), put in the browser's saved data as the app saves a game against Novice:
// White to move, the long leaper on c6 can go to g6 and take d6 and f6, and White's pawn on f5
// is frozen by the immobilizer on f6. The record in use beside it is torn, so the start-up says
// the save before was restored (the first home screenshot shows that notice; it is dismissed then).
// The puzzles are the shipped ones: their lines are read from crates/ultima-puzzles/data.

import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = process.argv[2] ?? '/tmp/ui-shots';
const LOCALE = process.argv[3] ?? 'en-US';
const ONLY = process.argv[4];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'ui/web/dist/');
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
];

if (!existsSync(join(DIST, 'index.html'))) throw new Error('ui/web/dist is not built: run `npm run build:web` first');
mkdirSync(OUT, { recursive: true });

const fixture = JSON.parse(readFileSync(join(ROOT, 'ui/dev/fixture-game.json'), 'utf8'));
const record = `start ${fixture.start}\nmoves ${fixture.moves.join(' ')}\n`;
const now = Date.now();
/** The saved record as the app writes it (crates/ultima-wasm/src/store.rs). */
const saved = JSON.stringify({
  version: 2,
  currentGame: {
    format: 2,
    id: 'g-fixture',
    opponent: { kind: 'bot', level: 'novice', botSide: 'black' },
    record,
    createdAt: now - 600_000,
    endedAt: null,
    revision: fixture.moves.length,
  },
});
const puzzles = new Map(
  readFileSync(join(ROOT, 'crates/ultima-puzzles/data/puzzles.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [id, , moves] = line.split(';');
      return [id, moves.split(' ')];
    }),
);

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

/** Puts `record` (by default the fixture's game) in the browser's saved data (the slot not in
 * use, a torn record in the one in use), then reloads. */
async function seed(page, record = saved) {
  await page.getByTestId('home-new-game').waitFor();
  await page.evaluate(async (saved) => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('ultima');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('state', 'readwrite');
    tx.objectStore('state').put(saved, 'b');
    tx.objectStore('state').put(saved.slice(0, saved.length / 2), 'a');
    tx.objectStore('state').put('a', 'head');
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  }, record);
  await page.reload();
}

for (const { name, ...context } of VIEWPORTS.filter((viewport) => !ONLY || viewport.name === ONLY)) {
  const browserContext = await browser.newContext({ ...context, locale: LOCALE });
  const page = await browserContext.newPage();
  page.on('pageerror', (error) => problems.push(`${name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${name}: console: ${message.text()}`);
  });
  await page.goto(base);
  await seed(page);

  // The app opens the game in progress; the home screen is one button away.
  await page.getByTestId('move-list').waitFor();
  await page.getByTestId('home-open').click();
  await page.getByTestId('home-continue').waitFor();
  await shot(page, `${name}-01-home`);
  // The torn save's notice, shown above: dismissed by its close button, so the screens after are clean.
  const notices = page.getByTestId('notice');
  while ((await notices.count()) > 0) await notices.first().getByRole('button').click();

  await page.getByTestId('home-new-game').click();
  await page.getByTestId('start-game').waitFor();
  await shot(page, `${name}-02-new-game`);
  await page.getByTestId('new-game-friend').click();
  await shot(page, `${name}-03-new-game-friend`);
  // The Cambridge rules chosen, and their page: how they differ from 1963.
  await page.getByTestId('reading-cambridge').check();
  await page.getByTestId('reading-rules-link-cambridge').click();
  await page.getByTestId('reading-rules').waitFor();
  // Its small boards: each difference by Cambridge's rules and by 1963's.
  await page.getByTestId('example-removal-cambridge-board').waitFor();
  await shot(page, `${name}-03b-rules-cambridge`);
  // Back returns to the form as it was left (a friend, Cambridge); each reading has its link.
  await page.getByTestId('reading-rules-back').click();
  await page.locator('[data-testid="reading-cambridge"]:checked').waitFor();
  await page.getByTestId('reading-rules-link-zillions').click();
  await page.getByTestId('example-king-zillions-board').waitFor();
  await shot(page, `${name}-03c-rules-zillions`);

  await page.getByTestId('home-open').click();
  await page.getByTestId('home-continue').click();
  await page.getByTestId('move-list').waitFor();
  // Select the long leaper and point at g6: the crosses show what it would take.
  await clickSquare(page, 'c6');
  const g6 = await squareCenter(page, 'g6');
  await page.mouse.move(g6.x, g6.y);
  await page.locator('[data-testid="board"][data-preview="d6 f6"]').waitFor();
  await shot(page, `${name}-04-play-capture-preview`);

  // The frozen pawn on f5, selected: the removal control appears under the board.
  await clickSquare(page, 'f5');
  await page.getByTestId('remove-frozen').waitFor();
  await shot(page, `${name}-05-play-frozen-removal`);

  // Moving the frozen pawn is refused with why: frozen by the immobilizer, marked. (A second tap
  // on it would remove it, as the course teaches.)
  await page.getByTestId('move-input').fill('f5f4');
  await page.getByTestId('move-input').press('Enter');
  await page.locator('[data-testid="refusal"][data-code="frozen"]').waitFor();
  await shot(page, `${name}-05b-play-frozen-why`);

  // A move the rules refuse: the reason by the board, the squares it names marked.
  await page.getByTestId('move-input').fill('a1b3');
  await page.getByTestId('move-input').press('Enter');
  await page.locator('[data-testid="refusal"][data-code="notThatWay"]').waitFor();
  await shot(page, `${name}-05c-play-refused`);
  await page.getByTestId('move-input').fill('');

  // The same on the board: the leaper dragged to a square it cannot reach goes back, and the board says why.
  const from = await squareCenter(page, 'c6');
  const to = await squareCenter(page, 'd4');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await page.locator('[data-testid="board"][data-why="c6"]').waitFor();
  await page.getByTestId('refusal-dismiss').click();

  // What a piece is: hovered with the mouse, or Enter on the board's keyboard cursor.
  if (context.hasTouch) {
    await page.getByTestId('board').focus();
    await page.keyboard.press('Enter');
  } else {
    const c6 = await squareCenter(page, 'c6');
    await page.mouse.move(c6.x, c6.y);
  }
  await page.getByTestId('piece-info').waitFor();
  await shot(page, `${name}-05d-piece-info`);
  await page.getByTestId('piece-info-close').click();

  // The same by keyboard: type the move, see what it takes, play it, and the bot answers.
  await page.getByTestId('move-input').fill('c6g6');
  await shot(page, `${name}-06-play-typed-preview`);
  await page.getByTestId('move-input').press('Enter');
  await page.getByTestId('thinking').waitFor({ state: 'visible' });
  await page.getByTestId('thinking').waitFor({ state: 'hidden' });
  await shot(page, `${name}-07-play-after-bot`);

  await page.getByTestId('settings-open').click();
  await page.getByTestId('piece-set-select').waitFor();
  await shot(page, `${name}-08-settings-emblems`);
  await page.getByTestId('piece-set-select').selectOption('chess');
  await page.getByTestId('board-theme-select').selectOption('green');
  await shot(page, `${name}-09-settings-chess`);
  await page.getByTestId('settings-done').click();
  await page.getByTestId('move-list').waitFor();
  await clickSquare(page, 'f5');
  await shot(page, `${name}-10-play-chess-pieces`);

  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('game-over').waitFor();
  await shot(page, `${name}-11-game-over`);

  // Back (the browser's, and Android's back button, which Tauri turns into history back): home.
  await page.goBack();
  await page.locator('#app[data-screen="home"]').waitFor();
  await shot(page, `${name}-12-back-home`);

  // The rules course, as a new player meets it: Learn the rules on home, the chapter's
  // introduction, the task, a miss and its retry, the hint, the stars, the map, a quiz.
  await page.getByTestId('home-learn').click();
  await page.getByTestId('lesson-intro').waitFor();
  await shot(page, `${name}-13-course-intro`);
  await page.getByTestId('lesson-begin').click();
  await page.getByTestId('lesson-task').waitFor();
  await shot(page, `${name}-14-course-task`);
  // A move the rules refuse, in a task: the same reason by the board, the piece in the way marked.
  await page.getByTestId('move-input').fill('a1a5');
  await page.getByTestId('move-input').press('Enter');
  await page.locator('[data-testid="refusal"][data-code="pathBlocked"]').waitFor();
  await shot(page, `${name}-14b-course-refused`);
  await page.getByTestId('move-input').fill('a2a3');
  await page.getByTestId('move-input').press('Enter');
  await page.locator('[data-testid="lesson-outcome"][data-kind="missed"]').waitFor();
  await shot(page, `${name}-15-course-miss`);
  await page.getByTestId('lesson-retry').click();
  await page.getByTestId('lesson-hint').click();
  await page.getByTestId('lesson-hint-text').waitFor();
  await shot(page, `${name}-16-course-hint`);
  await page.getByTestId('move-input').fill('d2d4');
  await page.getByTestId('move-input').press('Enter');
  await page.getByTestId('lesson-stars').waitFor();
  await shot(page, `${name}-17-course-solved`);
  await page.getByTestId('lesson-map').click();
  await page.getByTestId('course-map').waitFor();
  await shot(page, `${name}-18-course-map`);
  await page.locator('[data-task="withdrawer-2"]').click();
  await page.getByTestId('lesson-intro').waitFor({ state: 'detached' }).catch(() => {});
  await page.getByTestId('lesson-quiz').waitFor();
  await clickSquare(page, 'd5');
  await shot(page, `${name}-19-course-quiz`);
  await page.getByTestId('quiz-check').click();
  await page.locator('[data-testid="lesson-outcome"][data-kind="wrong"]').waitFor();
  await shot(page, `${name}-20-course-quiz-wrong`);
  // The later chapters' own screens: the last chapter's introduction (how moves are written),
  // the setup of the back rank, and the threats quiz.
  const openTask = async (task) => {
    await page.getByTestId('lesson-map').click();
    await page.getByTestId('course-map').waitFor();
    await page.locator(`[data-task="${task}"]`).click();
    await page.locator(`section.lesson[data-task="${task}"]`).waitFor();
  };
  await openTask('together-1');
  await page.getByTestId('lesson-intro').waitFor();
  await shot(page, `${name}-20b-course-together-intro`);
  await openTask('board-4');
  await page.getByTestId('lesson-quiz').waitFor();
  await shot(page, `${name}-20c-course-setup`);
  await openTask('together-3');
  await page.getByTestId('lesson-quiz').waitFor();
  await shot(page, `${name}-20d-course-threats`);
  await page.getByTestId('settings-open').click();
  await page.getByTestId('course-reset').waitFor();
  await shot(page, `${name}-21-settings-course`);

  // The puzzle trainer, on the shipped puzzles: home's entry with the rating, the opponent's
  // mistake played first, a solve by tap-tap with the rating change, then on the next puzzle a
  // wrong move with its answer, the hint, the solution.
  await page.getByTestId('home-open').click();
  await page.getByTestId('home-puzzles').waitFor();
  await shot(page, `${name}-22-home-puzzles`);
  await page.getByTestId('home-puzzles').click();
  const screen = page.locator('[data-testid="puzzle-screen"][data-phase="none"]');
  await screen.waitFor();
  await shot(page, `${name}-23-puzzle-start`);
  const line = puzzles.get(await screen.getAttribute('data-puzzle'));
  // The solver's moves are the line's odd ones (the first is the opponent's mistake).
  for (let index = 1; index < line.length; index += 2) {
    const outcome = page.locator('[data-testid="puzzle-outcome"][data-kind="solved"]');
    if (await outcome.isVisible()) break;
    await page.locator('[data-testid="puzzle-screen"][data-phase="none"]').waitFor();
    await clickSquare(page, line[index].slice(0, 2));
    await clickSquare(page, line[index].slice(2, 4));
    // The opponent's reply is shown played before the next move.
    await page.waitForTimeout(1200);
  }
  await page.locator('[data-testid="puzzle-outcome"][data-kind="solved"]').waitFor();
  await shot(page, `${name}-24-puzzle-solved`);
  await page.getByTestId('puzzle-next').click();
  const next = page.locator('[data-testid="puzzle-screen"][data-state="playing"][data-phase="none"]');
  await next.waitFor();
  const nextLine = puzzles.get(await next.getAttribute('data-puzzle'));
  // A move that mates more slowly than the solution is answered on the card, and is no miss: the
  // next move is tried then.
  const others = (await page.evaluate(() => [...document.querySelectorAll('[data-move]')].map((item) => item.getAttribute('data-move')))).filter(
    (move) => move !== nextLine[1],
  );
  for (const wrong of others) {
    await page.getByTestId('move-input').fill(wrong);
    await page.getByTestId('move-input').press('Enter');
    const slower = page.locator(`[data-testid="puzzle-slower-mate"][data-played="${wrong}"]`);
    const missed = page.locator('[data-testid="puzzle-outcome"][data-kind="wrong"]');
    await missed.or(slower).first().waitFor();
    if (await missed.isVisible()) break;
  }
  await page.locator('[data-testid="puzzle-outcome"][data-kind="wrong"]').waitFor();
  await shot(page, `${name}-25-puzzle-wrong`);
  await page.getByTestId('puzzle-refutation-toggle').click();
  await page.getByTestId('puzzle-refutation').waitFor();
  await shot(page, `${name}-26-puzzle-refutation`);
  await page.getByTestId('puzzle-retry').click();
  await page.getByTestId('puzzle-hint').click();
  await page.getByTestId('puzzle-hint-text').waitFor();
  await shot(page, `${name}-27-puzzle-hint`);
  await page.getByTestId('puzzle-solution-show').click();
  await page.locator('[data-testid="puzzle-outcome"][data-kind="failed"]').waitFor();
  await shot(page, `${name}-28-puzzle-solution`);
  // Ten more rated puzzles, two of three solved and the others given up, so that some themes
  // have been tried three times and the dashboard ranks its strongest and weakest.
  for (let round = 0; round < 10; round += 1) {
    await page.getByTestId('puzzle-next').click();
    const open = page.locator('[data-testid="puzzle-screen"][data-state="playing"][data-phase="none"]');
    await open.waitFor();
    if (round % 3 === 2) {
      await page.getByTestId('puzzle-solution-show').click();
      await page.locator('[data-testid="puzzle-outcome"][data-kind="failed"]').waitFor();
      continue;
    }
    const roundLine = puzzles.get(await open.getAttribute('data-puzzle'));
    for (let index = 1; index < roundLine.length; index += 2) {
      await page.locator('[data-testid="puzzle-screen"][data-phase="none"]').waitFor();
      await page.getByTestId('move-input').fill(roundLine[index]);
      await page.getByTestId('move-input').press('Enter');
      await page.waitForTimeout(1200);
    }
    await page.locator('[data-testid="puzzle-outcome"][data-kind="solved"]').waitFor();
  }
  // The dashboard of those twelve rated puzzles, then the streak mode: a puzzle solved, the next
  // given up, the streak over.
  await page.getByTestId('puzzle-dashboard-summary').waitFor();
  await page.locator('[data-testid="puzzle-dashboard"] li[data-theme]').first().waitFor();
  await page.getByTestId('puzzle-dashboard').screenshot({ path: join(OUT, `${name}-29-puzzle-dashboard.png`) });
  shots.push(join(OUT, `${name}-29-puzzle-dashboard.png`));
  await page.getByTestId('puzzle-mode-streak').click();
  const streak = page.locator('[data-testid="puzzle-screen"][data-state="playing"][data-phase="none"]');
  await page.locator('[data-testid="puzzle-streak-mode"][data-solved="0"]').waitFor();
  await streak.waitFor();
  await shot(page, `${name}-30-puzzle-streak`);
  const streakLine = puzzles.get(await streak.getAttribute('data-puzzle'));
  for (let index = 1; index < streakLine.length; index += 2) {
    const outcome = page.locator('[data-testid="puzzle-outcome"][data-kind="solved"]');
    if (await outcome.isVisible()) break;
    await page.locator('[data-testid="puzzle-screen"][data-phase="none"]').waitFor();
    // The mode's buttons are below the board at phone width: the board back in view first.
    await page.getByTestId('board').scrollIntoViewIfNeeded();
    await clickSquare(page, streakLine[index].slice(0, 2));
    await clickSquare(page, streakLine[index].slice(2, 4));
    await page.waitForTimeout(1200);
  }
  await page.locator('[data-testid="puzzle-streak-result"][data-over="false"]').waitFor();
  await shot(page, `${name}-31-puzzle-streak-solved`);
  await page.getByTestId('puzzle-next').click();
  await page.locator('[data-testid="puzzle-streak-mode"][data-solved="1"]').waitFor();
  await page.locator('[data-testid="puzzle-screen"][data-state="playing"][data-phase="none"]').waitFor();
  await page.getByTestId('puzzle-solution-show').click();
  await page.locator('[data-testid="puzzle-streak-result"][data-over="true"]').waitFor();
  await shot(page, `${name}-32-puzzle-streak-over`);

  // Games by other readings of the rules: the header names them (the game in progress is given up).
  for (const reading of ['cambridge', 'zillions']) {
    await page.getByTestId('home-open').click();
    await page.getByTestId('home-new-game').click();
    await page.getByTestId(`reading-${reading}`).check();
    await page.getByTestId('new-game-friend').click();
    await page.getByTestId('start-game').click();
    const confirm = page.getByTestId('confirm-new-game-yes');
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await page.getByTestId('game-rules').waitFor();
    await shot(page, `${name}-33-game-${reading}`);
  }

  // A move that mates more slowly than the solution, answered on the card: the shipped mate in
  // two 06e104b4 (Black's c3b3, then b4c3), saved as a puzzle left in progress on screen, and
  // f3f2, which mates in three.
  const slowerMate = {
    ...JSON.parse(saved),
    puzzleCurrent: {
      puzzle: '06e104b4', startedAt: Date.now(), rated: true, played: [], state: 'playing',
      puzzleRating: 907, themes: ['immobilization', 'mate-in-2', 'middlegame'], onScreen: true,
    },
  };
  await page.getByTestId('home-open').click();
  await seed(page, JSON.stringify(slowerMate));
  // The seed's torn slot brings the notice back once the app has started: dismissed, as above.
  await notices.first().waitFor();
  while ((await notices.count()) > 0) await notices.first().getByRole('button').click();
  await page.locator('[data-testid="puzzle-screen"][data-puzzle="06e104b4"][data-phase="none"]').waitFor();
  await page.getByTestId('move-input').fill('f3f2');
  await page.getByTestId('move-input').press('Enter');
  await page.locator('[data-testid="puzzle-slower-mate"][data-played="f3f2"]').waitFor();
  await shot(page, `${name}-34-puzzle-slower-mate`);

  await browserContext.close();
}

await browser.close();
server.close();
console.log(shots.join('\n'));
if (problems.length) {
  console.error(`\nProblems in the page:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
