// The app with a fake Rust side: `npm run dev`, then open http://localhost:5173/dev/mock.html.
// Query options: ?current=none (no game in progress), ?pieces=chess, ?theme=blue|green,
// ?notice=<text> (a start-up notice), ?botDelay=<ms>.

import { mockIPC } from '@tauri-apps/api/mocks';
import type { BoardTheme, PieceSet } from '../src/bindings';
import { mockBackend } from './mock-backend';

const query = new URLSearchParams(location.search);
const settings: { pieceSet?: PieceSet; boardTheme?: BoardTheme } = {};
if (query.get('pieces') === 'chess') settings.pieceSet = 'chess';
const theme = query.get('theme');
if (theme === 'blue' || theme === 'green' || theme === 'wood') settings.boardTheme = theme;

mockIPC(
  mockBackend({
    current: query.get('current') === 'none' ? 'none' : 'midgame',
    settings,
    notices: query.getAll('notice'),
    botDelay: Number(query.get('botDelay') ?? 700),
  }),
);

// Only now: the app asks the (mocked) Rust side for its state as soon as it loads.
await import('../src/main');
