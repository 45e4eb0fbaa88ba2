// Draws the installed desktop entry as a menu would list it (its icon from the hicolor theme at
// three sizes, its Name, GenericName and Comment) above the file's own text, in Debian's Chromium
// (playwright-core), and saves a screenshot. Everything shown is read from the installed files.
//   node tests/install/render-desktop-entry.mjs /usr/share/applications/Ultima.desktop out.png
import { readFileSync, existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [entryPath, shot] = process.argv.slice(2);
if (!entryPath || !shot) {
  console.error('usage: render-desktop-entry.mjs DESKTOP_FILE SCREENSHOT.png');
  process.exit(2);
}
const text = readFileSync(entryPath, 'utf8');
const field = (key) => text.match(new RegExp(`^${key}=(.*)$`, 'm'))?.[1] ?? '';
const icon = field('Icon');
const sizes = ['128x128', '64x64', '32x32'];
const icons = sizes.map((size) => {
  const file = `/usr/share/icons/hicolor/${size}/apps/${icon}.png`;
  if (!existsSync(file)) throw new Error(`the entry's icon ${icon} has no ${size} picture (${file})`);
  return { size, file, data: readFileSync(file).toString('base64') };
});
const escape = (s) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
const html = `<!doctype html><meta charset="utf-8">
<style>
  body { font: 15px/1.4 sans-serif; margin: 24px; background: #eceff1; color: #222; }
  .menu { display: inline-flex; gap: 16px; align-items: center; background: #fff; border-radius: 10px;
          padding: 14px 20px; box-shadow: 0 1px 4px #0003; }
  .name { font-size: 20px; font-weight: bold; } .generic { color: #555; } .comment { color: #333; max-width: 520px; }
  .sizes { display: flex; gap: 18px; align-items: end; margin: 18px 0; }
  .sizes figure { margin: 0; text-align: center; font-size: 12px; color: #555; }
  pre { background: #fff; padding: 12px; border-radius: 8px; font-size: 13px; }
</style>
<div class="menu"><img src="data:image/png;base64,${icons[1].data}" width="64" height="64" alt="">
  <div><div class="name">${escape(field('Name'))}</div><div class="generic">${escape(field('GenericName'))}</div>
  <div class="comment">${escape(field('Comment'))}</div></div></div>
<div class="sizes">${icons.map((i) => `<figure><img src="data:image/png;base64,${i.data}" alt=""><figcaption>${i.size}</figcaption></figure>`).join('')}</div>
<div>${escape(entryPath)}</div><pre>${escape(text)}</pre>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage({ viewport: { width: 820, height: 700 } });
  await page.setContent(html);
  await page.screenshot({ path: shot, fullPage: true });
  console.log(`desktop entry drawn: ${shot}`);
} finally {
  await browser.close();
}
