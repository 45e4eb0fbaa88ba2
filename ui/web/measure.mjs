// The figures of the README's "In the browser" section, measured (not a test):
//
// - the WebAssembly file of the web build (ui/web/dist): raw, gzip -9 and brotli bytes, and the
//   page's JavaScript;
// - the bot's speed: the fixed search of `ultima bench` (its nine positions, to depth 8), run
//   natively by `ultima bench` and in Debian's Chromium by the web build's WebAssembly
//   (`bench` of crates/ultima-wasm), the two in turn, best of five runs each (the machine is
//   shared: the best run is the one least slowed by others). The two must visit the same
//   number of nodes: the same search, compiled twice.
//
// Needs `npm run build:web` and `cargo build --release --bin ultima` first. Usage:
//   node ui/web/measure.mjs [--depth N] [--runs N]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const depth = option('--depth', 8);
const runs = option('--runs', 5);

// The positions are `ultima bench`'s own, read from where they are written.
const source = readFileSync(join(root, 'crates/ultima-cli/src/bot_commands.rs'), 'utf8');
const block = source.match(/BENCH_POSITIONS: \[&str; \d+\] = \[([\s\S]*?)\];/);
if (!block) throw new Error('BENCH_POSITIONS not found in crates/ultima-cli/src/bot_commands.rs');
const positions = [...block[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);

// Sizes.
const assets = join(root, 'ui/web/dist/assets');
const wasmName = readdirSync(assets).find((name) => name.endsWith('.wasm'));
if (!wasmName) throw new Error('no .wasm in ui/web/dist/assets: run `npm run build:web` first');
const wasm = readFileSync(join(assets, wasmName));
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const gzip = gzipSync(wasm, { level: 9 }).length;
const brotli = brotliCompressSync(wasm, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
const js = scripts.map((name) => readFileSync(join(assets, name)));
const jsRaw = js.reduce((sum, b) => sum + b.length, 0);
const jsGzip = js.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
console.log(`WebAssembly ${wasmName}: ${wasm.length} bytes (${kb(wasm.length)}), gzip -9 ${gzip} (${kb(gzip)}), brotli ${brotli} (${kb(brotli)})`);
console.log(`JavaScript (${scripts.length} files): ${jsRaw} bytes (${kb(jsRaw)}), gzip -9 ${jsGzip} (${kb(jsGzip)})`);

// Native: `ultima bench --depth N`, its last line "bench: NODES nodes NPS nps MS ms (...)".
const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const ultima = join(target, 'release/ultima');
if (!existsSync(ultima)) throw new Error(`${ultima} not built: cargo build --release --bin ultima`);
const nativeRun = () => {
  const last = execFileSync(ultima, ['bench', '--depth', String(depth)], { encoding: 'utf8' }).trim().split('\n').at(-1);
  const [, nodes, ms] = last.match(/^bench: (\d+) nodes \d+ nps (\d+) ms/) ?? [];
  return { nodes: Number(nodes), ms: Number(ms) };
};

// The browser: the web build's module served from ui/web/pkg, its `bench` on each position.
const pkg = join(root, 'ui/web/pkg');
const server = createServer((request, response) => {
  const name = new URL(request.url ?? '/', 'http://x').pathname.slice(1);
  if (name === '') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
    return;
  }
  const file = join(pkg, name);
  if (!name.startsWith('ultima_wasm') || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  const type = name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
  response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
await page.goto(url);
const version = browser.version();
const browserRun = () =>
  page.evaluate(
    async ({ positions, depth }) => {
      const module = await import('/ultima_wasm.js');
      await module.default();
      let nodes = 0;
      let ms = 0;
      for (const ufen of positions) {
        const result = JSON.parse(module.bench(ufen, depth));
        nodes += result.nodes;
        ms += result.timeMs;
      }
      return { nodes, ms: Math.round(ms) };
    },
    { positions, depth },
  );
// One after the other, in turn, so that both meet the same load.
const native = [];
const inBrowser = [];
for (let run = 0; run < runs; run += 1) {
  native.push(nativeRun());
  inBrowser.push(await browserRun());
}
await browser.close();
server.close();

const best = (list) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
const nps = ({ nodes, ms }) => Math.round((nodes * 1000) / ms);
const n = best(native);
const w = best(inBrowser);
console.log(`bench (${positions.length} positions, depth ${depth}, best of ${runs}):`);
console.log(`  native  ${n.nodes} nodes in ${n.ms} ms: ${nps(n)} nodes/s   (runs: ${native.map((r) => r.ms).join(', ')} ms)`);
console.log(`  Chromium ${version}, WebAssembly: ${w.nodes} nodes in ${w.ms} ms: ${nps(w)} nodes/s   (runs: ${inBrowser.map((r) => r.ms).join(', ')} ms)`);
console.log(`  browser / native speed: ${(nps(w) / nps(n)).toFixed(2)}`);
if (n.nodes !== w.nodes) {
  console.log(`  the node counts differ (${n.nodes} native, ${w.nodes} in the browser): not the same search`);
  process.exitCode = 1;
}
console.log(`  load average while measuring: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (2 cores)`);
