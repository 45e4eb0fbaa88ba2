// What the analysis tests share (analysisCtrl.test.ts, analysis.test.ts): a short finished game
// with Black's blunder, its analysis, and a fake Rust side that answers as the app's commands do.
// Not a test file itself.

import { vi } from 'vitest';
import type { AnalysisAnswer, AnalysisProgress, AnalysisView, BoardView, GameView, PlyView } from '../bindings';
import type { AnalysisBackend } from './api';

export const ply = (side: 'white' | 'black', from: string, to: string, captures: string[] = []): PlyView => ({
  side,
  role: 'pawn',
  from,
  to,
  captures,
  removal: false,
  mark: 'none',
});

export const PLIES = [ply('white', 'e2', 'e4'), ply('black', 'c2', 'c3'), ply('white', 'd4', 'e5', ['c3'])];

export const board = (n: number): BoardView => ({ pieces: [], frozen: [], check: null, lastMove: PLIES[n - 1] ?? null, turn: n % 2 === 0 ? 'white' : 'black', ply: n });

export const GAME = {
  id: 'g1',
  revision: 3,
  opponent: { kind: 'bot', level: 'casual', botSide: 'black' },
  board: board(3),
  legalMoves: [],
  plies: PLIES,
  result: { kind: 'win', winner: 'white', reason: 'resignation' },
  botToMove: false,
  clock: null,
  drawOffer: null,
  takeBackRequest: null,
  mayAct: { play: null, resign: null, offerDraw: null, answerDraw: null, takeBack: null, answerTakeBack: null },
} as unknown as GameView;

export const line = (cp: number, moves: string[]) => ({
  eval: { kind: 'centipawns' as const, cp },
  winChance: cp / 1000,
  moves,
  plies: moves.map((m, i) => ply(i % 2 === 0 ? 'white' : 'black', m.slice(0, 2), m.slice(2))),
});

export const ANALYSIS: AnalysisView = {
  gameId: 'g1',
  nodes: 100000,
  positions: [
    { eval: { kind: 'centipawns', cp: 10 }, winChance: 0.02, best: line(10, ['e2e4', 'c2c6']) },
    { eval: { kind: 'centipawns', cp: 5 }, winChance: 0.01, best: line(5, ['c2c6', 'h1g2']) },
    { eval: { kind: 'centipawns', cp: 440 }, winChance: 0.67, best: line(440, ['d4e5']) },
    { eval: { kind: 'centipawns', cp: 455 }, winChance: 0.68, best: line(455, ['a8b7', 'h1g2']) },
  ],
  moves: [
    { judgement: null, onlyMove: false },
    { judgement: 'blunder', onlyMove: false },
    { judgement: null, onlyMove: false },
  ],
};

export function host() {
  return {
    settings: { pieceSet: 'emblems', boardTheme: 'wood', sound: false, showLegalMoves: true, showCoordinates: true, animation: 'normal', defaultLevel: 'casual', showEvalBar: false, language: 'en' },
    redraw: vi.fn(),
    showError: vi.fn(),
    clearError: vi.fn(),
    announce: vi.fn(),
    go: vi.fn(() => Promise.resolve()),
  };
}

/** A fake Rust side; `analyse` reports each position and waits for `release` (or a stop). */
export function backend(kept: AnalysisView | null) {
  let finish: ((answer: AnalysisAnswer) => void) | undefined;
  let report: ((step: AnalysisProgress) => void) | undefined;
  const fake = {
    game: vi.fn(() => Promise.resolve(GAME)),
    boardAt: vi.fn((_id: string, n: number) => Promise.resolve(board(n))),
    stored: vi.fn(() => Promise.resolve(kept)),
    analyse: vi.fn((_id: string, progress: (step: AnalysisProgress) => void) => {
      report = progress;
      return new Promise<AnalysisAnswer>((resolve) => (finish = resolve));
    }),
    stop: vi.fn(() => {
      finish?.({ kind: 'stopped', done: 2, total: 4 });
      return Promise.resolve();
    }),
    lineBoards: vi.fn((_id: string, from: number, moves: readonly string[]) => Promise.resolve(moves.map((_, i) => board(from + i + 1)))),
  } satisfies AnalysisBackend;
  return {
    fake,
    progress: (done: number) => report?.({ done, total: 4 }),
    release: () => finish?.({ kind: 'done', analysis: ANALYSIS }),
  };
}

export const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

