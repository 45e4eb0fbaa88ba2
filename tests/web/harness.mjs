// The web app's end-to-end harness: the built app (ui/web/dist, from `npm run build:web`)
// served from this machine by a small static server, and Debian's Chromium driven by
// playwright-core, at desktop size or as a phone (touch). Each test gets a fresh profile, so
// its IndexedDB and service worker start empty.
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium, devices } from 'playwright-core';
import { squareCentre, waitFor } from '../common.mjs';

export { waitFor };

export const DIST = fileURLToPath(new URL('../../ui/web/dist/', import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

/** Serves ui/web/dist on a free port of 127.0.0.1; `{ url, close }`. */
export async function serve() {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('ui/web/dist is not built: run `npm run build:web` first');
  }
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = normalize(join(DIST, path));
    if (!file.startsWith(DIST)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The two ways the tests see the app. */
export const PROFILES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  // A phone of the width the app is designed for (390 px), with touch and a phone's browser.
  phone: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } },
};

const LAUNCH = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export async function launch() {
  return chromium.launch(LAUNCH);
}

/** For the tests of a `describe` block: the app served and Chromium started before them, both
 * closed after them. The object has `server` and `browser` once the tests run, and `open(profile)`:
 * a fresh page (as `openPage`) on the app. */
export function servedApp() {
  const web = {
    async open(profile) {
      const view = await openPage(web.browser, profile);
      await view.page.goto(web.server.url);
      return view;
    },
  };
  before(async () => {
    web.server = await serve();
    web.browser = await launch();
  });
  after(async () => {
    await web.browser?.close();
    await web.server?.close();
  });
  return web;
}

/** A page of a browser with a profile on disk (not incognito, as an installed app's is), in a
 * fresh folder; `close()` ends the browser and removes the folder. */
export async function openProfile(profile) {
  const folder = mkdtempSync(join(tmpdir(), 'ultima-web-'));
  const context = await chromium.launchPersistentContext(folder, { ...LAUNCH, ...PROFILES[profile] });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const close = async () => {
    await context.close();
    rmSync(folder, { recursive: true, force: true });
  };
  return { context, page, errors, touch: profile === 'phone', close };
}

/** A page of a fresh context; what the page logs as an error is kept in `errors`. */
export async function openPage(browser, profile) {
  const context = await browser.newContext(PROFILES[profile]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors, touch: profile === 'phone' };
}

export const byTestId = (page, id) => page.locator(`[data-testid="${id}"]`);

/** Taps (touch) or clicks (mouse) an element. */
export async function press(view, id) {
  const element = byTestId(view.page, id).first();
  await element.waitFor({ state: 'visible', timeout: 20_000 });
  if (view.touch) await element.tap();
  else await element.click();
}

/** Taps or clicks the centre of a square of the board. */
export async function pressSquare(view, square) {
  const box = await view.page.evaluate(() => {
    const board = document.querySelector('cg-board');
    // Wholly in view first: pressing a square half out of view scrolls the page under the press.
    board.scrollIntoView({ block: 'nearest' });
    const rect = board.getBoundingClientRect();
    const black = document.querySelector('.cg-wrap')?.classList.contains('orientation-black') ?? false;
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, black };
  });
  const { x, y } = squareCentre(box, square);
  if (view.touch) await view.page.touchscreen.tap(x, y);
  else await view.page.mouse.click(x, y);
}

/** The legal moves the app offers now (coordinates), from its list for screen readers. */
export const legalMoves = (page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-move]')].map((item) => item.getAttribute('data-move')));

/** The moves in the move list, in the people's notation. */
export const moveList = (page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-testid="move-list"] [data-ply]')].map((item) => item.textContent.trim()));

/** The move list once it holds `count` moves; fails saying it waited for `what`. */
export const movesExactly = (page, count, what) =>
  waitFor(async () => {
    const list = await moveList(page);
    return list.length === count ? list : null;
  }, what);

/** The move list once it holds `count` moves or more. */
export const movesAtLeast = (page, count, what) =>
  waitFor(async () => {
    const list = await moveList(page);
    return list.length >= count ? list : null;
  }, what);

/** Plays a legal move that is not a removal by pressing its two squares; the move played. */
export async function playSomeMove(view) {
  const moves = await waitFor(async () => {
    const offered = await legalMoves(view.page);
    return offered.length ? offered : null;
  }, 'legal moves');
  const move = moves.find((m) => m.slice(0, 2) !== m.slice(2, 4)) ?? moves[0];
  await pressSquare(view, move.slice(0, 2));
  await pressSquare(view, move.slice(2, 4));
  return move;
}

/** Once the service worker controls the page, every file of the app is in its cache. */
export async function whenInstalled(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** From home: a new game between friends on this device, once its board is shown. */
export async function startFriendGame(view) {
  await press(view, 'home-new-game');
  await press(view, 'new-game-friend');
  await press(view, 'start-game');
  await byTestId(view.page, 'board').waitFor({ timeout: 20_000 });
}
