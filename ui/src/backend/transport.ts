// What the generated bindings (`../bindings.ts`) need of the backend: `invoke` a command by
// name with its arguments, and a `Channel` the backend pushes updates through. In the app
// that is `@tauri-apps/api/core` itself (the Tauri IPC to the Rust side, unchanged); in the
// browser build (`vite build --mode web`, see `ui/web/vite.config.ts`) the same import
// resolves to `./web/core.ts`, which runs the same commands in WebAssembly. Both are checked
// against these shapes at compile time (here for Tauri's, in `web/core.ts` for the browser's).

import type * as tauri from '@tauri-apps/api/core';

/** The part of Tauri's `invoke` the bindings use. */
export type Invoke = <T>(command: string, args?: Record<string, unknown>) => Promise<T>;

/** The part of Tauri's `Channel` the bindings and `api.ts` use. */
export interface PushChannel<T> {
  onmessage: (message: T) => void;
}

type Assert<T extends true> = T;
export type TauriFits = [
  Assert<typeof tauri.invoke extends Invoke ? true : false>,
  Assert<tauri.Channel<number> extends PushChannel<number> ? true : false>,
];
