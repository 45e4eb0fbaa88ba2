// The web app's load from an `ultima-server`, as a phone meets it (a figure, not a test): the
// server serves the built app (ui/web/dist, or a `dist-server/web` of scripts/server-release.sh),
// Debian's Chromium opens it as a Pixel 7 (390 x 844, touch), first cold (nothing cached), then
// again once the service worker has the app. Each load is timed from the navigation to the home
// screen ready to tap ("New game" shown), on loopback and on an emulated mobile network
// (Chrome DevTools' "Slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up); the bytes
// are what crossed the network (compressed, headers included), as DevTools counts them.
//
// Usage (after `npm run build:web` and `cargo build -p ultima-server`, or scripts/server-release.sh):
//   node ui/web/measure-load.mjs [--server PATH] [--web DIR] [--runs N]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const released = join(root, 'dist-server', 'ultima-server');
const server = option('--server', existsSync(released) ? released : join(targetDir, 'debug', 'ultima-server'));
const web = option('--web', existsSync(join(root, 'dist-server', 'web')) ? join(root, 'dist-server', 'web') : join(root, 'ui/web/dist'));
const runs = Number(option('--runs', '3'));

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const LAUNCH = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } };

async function startServer(folder) {
  const child = spawn(server, ['--listen', '127.0.0.1:0', '--memory', '--web', web], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise((ready, failed) => {
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
      const found = /listening on [^\s]*:(\d+)/.exec(out);
      if (found) ready(Number(found[1]));
    });
    child.once('exit', (status) => failed(new Error(`${server} exited (${status})`)));
  });
  return { child, url: `http://127.0.0.1:${port}/`, folder };
}

/** One cold load and one from the service worker, in a fresh profile; `network`: the emulated
 * conditions, or none. */
async function measure(url, network) {
  const folder = mkdtempSync(join(tmpdir(), 'ultima-load-'));
  const context = await chromium.launchPersistentContext(folder, { ...LAUNCH, ...PHONE });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (network) await cdp.send('Network.emulateNetworkConditions', network);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => { bytes += event.encodedDataLength; });
    const load = async () => {
      bytes = 0;
      const started = Date.now();
      await page.goto(url);
      await page.locator('[data-testid="home-new-game"]').waitFor({ state: 'visible', timeout: 120_000 });
      return { ms: Date.now() - started, bytes };
    };
    const cold = await load();
    // The service worker stores the whole app, then controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    const warm = await load();
    return { cold, warm };
  } finally {
    await context.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const running = await startServer();
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  console.log(`server ${server}, web app ${web}, ${runs} runs each (median)`);
  for (const [name, network] of [['loopback', null], ['Slow 4G', SLOW_4G]]) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await measure(running.url, network));
    const cold = { ms: median(results.map((r) => r.cold.ms)), bytes: median(results.map((r) => r.cold.bytes)) };
    const warm = { ms: median(results.map((r) => r.warm.ms)), bytes: median(results.map((r) => r.warm.bytes)) };
    console.log(`${name}: cold ${cold.ms} ms, ${kb(cold.bytes)}; from the service worker ${warm.ms} ms, ${kb(warm.bytes)}`);
  }
} finally {
  running.child.kill();
}
