// What the DOM tests that run the whole app share (app.test.ts, puzzles/puzzles.test.ts): a real
// Rust side (ui/dev/backend.ts) made for the test, the app started in the page on it, and both
// stopped after the test. Not a test file itself.

import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { RealBackend, type RealOptions } from '../../dev/backend';
import { api } from '../api';
import { App } from './app';
import { openScreen } from './screens';

let backend: RealBackend | undefined;
let opened: App | undefined;

/** A Rust side for this test, on `options` (saved data; a first start without). */
export function realBackend(options: RealOptions = {}): RealBackend {
  backend = new RealBackend(options);
  return backend;
}

/** The app started in an empty page, its commands answered by `invoke` (the backend's, unless
 * the test puts something between). */
export async function startApp(on: RealBackend, invoke: (command: string, args?: unknown) => unknown = on.invoke): Promise<App> {
  mockIPC(invoke);
  document.body.innerHTML = '<div id="app"></div>';
  const app = new App(document.getElementById('app')!, await api.startUp(), openScreen);
  opened = app;
  await app.start();
  return app;
}

/** The app stopped as a quit stops it: the Rust side goes on. */
export function stopApp(): void {
  opened?.stop();
  opened = undefined;
}

/** After each test: the app and its Rust side stopped, the page empty. */
export function closeApp(): void {
  stopApp();
  backend?.stop();
  backend = undefined;
  clearMocks();
  document.body.innerHTML = '';
}
