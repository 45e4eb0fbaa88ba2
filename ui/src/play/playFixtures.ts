// What the play screen's tests share (playCtrl.test.ts, hint.test.ts, evalBarPlay.test.ts; the
// settings also boardPanel.test.ts): a game after a number of pawn moves, against the bot or
// between friends, the settings, and the play screen's controller against a fake app and a Rust
// side that refuses what a test did not ask for. Not a test file itself.

import { vi } from 'vitest';
import type { BoardView, GameView, MayAct, PlyView, Settings } from '../bindings';
import type { GameBackend } from '../common/game/controller';
import { PlayCtrl, type PlayHost, type PlayQuestions } from './playCtrl';

export const NOBODY: MayAct = { play: null, resign: null, offerDraw: null, answerDraw: null, takeBack: null, answerTakeBack: null };

export const pawnMove = (side: PlyView['side']): PlyView => ({ side, role: 'pawn', from: 'a2', to: 'a3', captures: [], removal: false, mark: 'none' });

/** The board after `plies` plies (White to move on even plies), in check on `check` if given. */
export function board(plies: number, check: string | null = null): BoardView {
  return { pieces: [], frozen: [], check, lastMove: null, turn: plies % 2 ? 'black' : 'white', ply: plies };
}

/** A game against the bot (Black) after `plies` pawn moves: White, the player, moves on even
 * plies, may resign, and may take back once a move is played. Its revision is its ply count. */
export function botGame(plies: number, extra: Partial<GameView> = {}): GameView {
  const turn = plies % 2 ? 'black' : 'white';
  return {
    id: 'g1',
    revision: plies,
    opponent: { kind: 'bot', level: 'casual', botSide: 'black' },
    board: board(plies),
    legalMoves: turn === 'white' ? [{ from: 'a2', to: 'a3', captures: [] }] : [],
    plies: Array.from({ length: plies }, (_, i) => pawnMove(i % 2 ? 'black' : 'white')),
    result: null,
    botToMove: turn === 'black',
    clock: null,
    drawOffer: null,
    takeBackRequest: null,
    mayAct: { ...NOBODY, play: turn === 'white' ? 'white' : null, resign: 'white', takeBack: plies ? 'white' : null },
    ...extra,
  };
}

/** A game between friends (the board turned to the side to move) after `plies` pawn moves. */
export function friendGame(plies: number, extra: Partial<GameView> = {}): GameView {
  const turn = plies % 2 ? 'black' : 'white';
  return botGame(plies, { opponent: { kind: 'friend', turnBoard: true }, botToMove: false, mayAct: { ...NOBODY, play: turn, resign: turn, offerDraw: turn }, ...extra });
}

/** The settings a new player has. */
export const SETTINGS: Settings = {
  pieceSet: 'emblems',
  boardTheme: 'wood',
  sound: false,
  showLegalMoves: true,
  showCoordinates: true,
  animation: 'none',
  defaultLevel: 'casual',
  showEvalBar: false,
  language: 'en',
};

export interface PlaySetup {
  /** What the fake Rust side answers; anything else is refused. */
  backend?: Partial<GameBackend>;
  /** The player's answers to the screen's questions; yes to each unless told. */
  questions?: Partial<PlayQuestions>;
  settings?: Partial<Settings>;
  /** The board at a ply of the game, for stepping through it. */
  boardAt?: (gameId: string, ply: number) => Promise<BoardView>;
}

/** The fake app a play screen (or an online game's) runs in: `current` the game in progress. */
export function fakePlayHost(current: GameView | null, settings: Partial<Settings> = {}) {
  return {
    settings: { ...SETTINGS, ...settings },
    current,
    sounds: { play: vi.fn() },
    redraw: vi.fn(),
    showError: vi.fn(),
    clearError: vi.fn(),
    remember: vi.fn(),
    announce: vi.fn(),
    hasGameInProgress: () => current !== null,
    go: vi.fn(() => Promise.resolve()),
  };
}

/** The play screen's controller on `initial`, with its fake app (`host`) and questions (`asked`). */
export function playSetup(initial: GameView, { backend = {}, questions = {}, settings = {}, boardAt = () => Promise.resolve(board(0)) }: PlaySetup = {}) {
  const host = fakePlayHost(initial, settings);
  const refuse = (): Promise<GameView> => Promise.reject(new Error('not expected'));
  const rust: GameBackend = { playMove: refuse, takeBack: refuse, resign: refuse, offerDraw: refuse, answerDraw: refuse, ...backend };
  const asked: PlayQuestions = {
    resign: vi.fn(() => Promise.resolve(true)),
    acceptDraw: vi.fn(() => Promise.resolve<boolean | undefined>(true)),
    abandonForRematch: vi.fn(() => Promise.resolve(true)),
    ...questions,
  };
  const ctrl = new PlayCtrl(host as unknown as PlayHost, initial, asked, rust, boardAt);
  return { ctrl, host, asked };
}
