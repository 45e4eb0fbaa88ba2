// The browser's stand-in for `@tauri-apps/api/core` (Vite's alias in `ui/web/vite.config.ts`):
// `invoke` runs the command in the WebAssembly backend (`engine.ts`), and `Channel` is where
// it pushes the bot's moves and online play's updates. The bindings and `api.ts` are the app's, unchanged.

import type { Invoke, PushChannel } from '../transport';
import { engine } from './engine';
import { registerServiceWorker } from './serviceWorker';

registerServiceWorker();

export class Channel<T> implements PushChannel<T> {
  onmessage: (message: T) => void = () => {};

  /** What the arguments carry across (the channel itself stays on the page). */
  toJSON(): string {
    return '__channel__';
  }
}

export const invoke: Invoke = async <T>(command: string, args: Record<string, unknown> = {}): Promise<T> => {
  // The games' channel is the one `watch_games` registers (other commands bring channels of
  // their own: an analysis' progress, online play's updates).
  const channel = args['channel'];
  if (command === 'watch_games' && channel instanceof Channel) (await engine()).watch(channel as Channel<unknown>);
  if (command === 'watch_online' && channel instanceof Channel) (await engine()).watchOnline(channel as Channel<unknown>);
  return (await engine()).run(command, args) as Promise<T>;
};
