// Vitest's global set-up: the unit tests run on the web build's WebAssembly (ui/dev/backend.ts),
// so without it they stop here with what to run, rather than on an import that does not resolve.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const pkg = join(dirname(fileURLToPath(import.meta.url)), '../web/pkg/ultima_wasm.js');
  if (!existsSync(pkg)) throw new Error(`${pkg} is missing: the unit tests run on the Rust side built for the browser; run \`npm run build:web\` first`);
}
