// The app with a fake Rust side: `npm run dev`, then open http://localhost:5173/dev/mock.html.
// Query options: ?current=none (no game in progress), ?pieces=chess, ?theme=blue|green,
// ?notice=<code> (a start-up notice, e.g. restoredFromBackup or finishedGamesUnreadable),
// ?readOnly (a save from a newer version), ?pageSize=<n> (finished games a page), ?botDelay=<ms>.

import { mockIPC } from '@tauri-apps/api/mocks';
import type { BoardTheme, Notice, PieceSet } from '../src/bindings';
import { mockBackend } from './mock-backend';

const query = new URLSearchParams(location.search);
const settings: { pieceSet?: PieceSet; boardTheme?: BoardTheme } = {};
if (query.get('pieces') === 'chess') settings.pieceSet = 'chess';
const theme = query.get('theme');
if (theme === 'blue' || theme === 'green' || theme === 'wood') settings.boardTheme = theme;

/** Sample parameters for the notices that have some. */
const NOTICES: Record<Notice['code'], Notice> = {
  restoredFromBackup: { code: 'restoredFromBackup' },
  restoredMissingFromBackup: { code: 'restoredMissingFromBackup' },
  startedFresh: { code: 'startedFresh' },
  settingsPartlyReset: { code: 'settingsPartlyReset', fields: ['boardTheme'] },
  gameCutShort: { code: 'gameCutShort', keptMoves: 24, totalMoves: 30 },
  currentGameUnreadable: { code: 'currentGameUnreadable' },
  finishedGamesUnreadable: { code: 'finishedGamesUnreadable', count: 1 },
  saveFromNewerVersion: { code: 'saveFromNewerVersion', version: 3 },
  historyMovedAside: { code: 'historyMovedAside' },
  historyUnavailable: { code: 'historyUnavailable' },
  courseProgressUnreadable: { code: 'courseProgressUnreadable' },
  courseProgressPartlyLost: { code: 'courseProgressPartlyLost', tasks: ['leaper-2'] },
  courseProgressFromNewerVersion: { code: 'courseProgressFromNewerVersion', version: 3 },
  puzzleRatingUnreadable: { code: 'puzzleRatingUnreadable' },
  puzzleRatingFromNewerVersion: { code: 'puzzleRatingFromNewerVersion', version: 2 },
};
const notices = query.getAll('notice').flatMap((code) => (code in NOTICES ? [NOTICES[code as Notice['code']]] : []));

mockIPC(
  mockBackend({
    current: query.get('current') === 'none' ? 'none' : 'midgame',
    settings,
    notices,
    botDelay: Number(query.get('botDelay') ?? 700),
    readOnly: query.has('readOnly'),
    ...(query.has('pageSize') ? { pageSize: Number(query.get('pageSize')) } : {}),
  }),
);

// Only now: the app asks the (mocked) Rust side for its state as soon as it loads.
await import('../src/main');
