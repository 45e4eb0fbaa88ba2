// The browser build of the app: the same UI as the app's (the root vite.config.ts), with
// `@tauri-apps/api/core` resolved to the browser's backend (ui/src/backend/web: the Rust
// commands in WebAssembly, IndexedDB, a Web Worker for the bot), made an installable web app:
// the manifest (its words from the catalogue), the app's icons (src-tauri/icons, rendered
// there from their one SVG), and a service worker that stores every file of the build for
// offline use. `npm run web` builds the WebAssembly first (ui/web/build.sh) and serves it.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import base from '../../vite.config.ts';
import { en } from '../src/i18n/en.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = here('./dist');

/** Icons of the app, by the name the web app gives them. */
const ICONS: Record<string, string> = {
  'icons/icon-32.png': '../../src-tauri/icons/32x32.png',
  'icons/icon-180.png': '../../src-tauri/icons/ios/AppIcon-60x60@3x.png',
  'icons/icon-256.png': '../../src-tauri/icons/128x128@2x.png',
  'icons/icon-512.png': '../../src-tauri/icons/icon.png',
};

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function webApp(): Plugin {
  return {
    name: 'ultima-web-app',
    transformIndexHtml(html) {
      return html.replace(
        '<link rel="icon" href="data:," />',
        [
          '<link rel="icon" type="image/png" href="./icons/icon-32.png" />',
          '<link rel="apple-touch-icon" href="./icons/icon-180.png" />',
          '<link rel="manifest" href="./manifest.webmanifest" />',
          '<meta name="theme-color" content="#b58863" />',
          `<meta name="description" content="${en.app.description}" />`,
        ].join('\n    '),
      );
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(ICONS)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(here(source)) });
      }
      const manifest = {
        name: en.app.name,
        short_name: en.app.name,
        description: en.app.description,
        lang: 'en',
        ...(JSON.parse(readFileSync(here('./manifest.json'), 'utf8')) as object),
      };
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest, null, 2) });
    },
    // Once every file is written: the service worker, with the list of them and a version
    // that changes with any of their bytes.
    closeBundle() {
      const written = files(outDir)
        .map((path) => relative(outDir, path).split('\\').join('/'))
        .filter((name) => name !== 'sw.js' && !name.endsWith('.md'))
        .sort();
      const hash = createHash('sha256');
      for (const name of written) hash.update(name).update(readFileSync(join(outDir, name)));
      const version = hash.digest('hex').slice(0, 16);
      const list = ['./', ...written.filter((name) => name !== 'index.html').map((name) => `./${name}`)];
      const worker = readFileSync(here('./sw.js'), 'utf8')
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace('__PRECACHE__', JSON.stringify(list, null, 2));
      writeFileSync(join(outDir, 'sw.js'), worker);
    },
  };
}

export default mergeConfig(
  base,
  defineConfig({
    // Relative addresses: the app can be served from any folder.
    base: './',
    resolve: {
      alias: { '@tauri-apps/api/core': here('../src/backend/web/core.ts') },
    },
    build: { outDir, emptyOutDir: true },
    worker: { format: 'es' },
    plugins: [webApp()],
    server: { port: 5174, strictPort: false },
    preview: { port: 4173, strictPort: false },
  }),
);
