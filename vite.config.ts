// One config for the app (Vite) and its unit tests (Vitest). The UI lives in ui/; Tauri loads
// the built files from dist/ (tauri.conf.json `frontendDist`) and the dev server from 5173.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: 'ui',
  // Tauri's CLI prints its own output in the same terminal.
  clearScreen: false,
  server: {
    port: 5173,
    // Tauri's `devUrl` names this port: another one would leave the app window blank.
    strictPort: true,
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // The webviews Tauri 2 targets all run ES2022.
    target: 'es2022',
  },
  test: {
    root: '.',
    include: ['ui/src/**/*.test.ts'],
    environment: 'node',
    // The tests' Rust side is the web build's WebAssembly (ui/dev/backend.ts): said plainly when it is not built.
    globalSetup: ['ui/dev/vitest-setup.ts'],
  },
});
