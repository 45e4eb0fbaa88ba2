// Hint against the bot, in the play screen's controller: offered on the player's move only, the
// piece the engine would move marked on the board and said, the count of hints from the Rust
// side, and gone once the position changes.

import { describe, expect, it, vi } from 'vitest';
import type { BoardView, GameView, HintView, MayAct, PlyView } from '../bindings';
import type { GameBackend } from '../game/controller';
import { PlayCtrl, type PlayHost, type PlayQuestions } from '../screens/playCtrl';

const NOBODY: MayAct = { play: null, resign: null, offerDraw: null, answerDraw: null, takeBack: null, answerTakeBack: null };
const pawnMove = (side: PlyView['side']): PlyView => ({ side, role: 'pawn', from: 'a2', to: 'a3', captures: [], removal: false, mark: 'none' });
const board = (plies: number): BoardView => ({ pieces: [], frozen: [], check: null, lastMove: null, turn: plies % 2 ? 'black' : 'white', ply: plies });

function game(plies: number, extra: Partial<GameView> = {}): GameView {
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
    mayAct: { ...NOBODY, play: turn === 'white' ? 'white' : null, resign: 'white' },
    ...extra,
  };
}

function setup(initial: GameView) {
  const host = {
    settings: { pieceSet: 'emblems', boardTheme: 'wood', sound: false, showLegalMoves: true, showCoordinates: true, animation: 'none', defaultLevel: 'casual', showEvalBar: false },
    current: initial,
    sounds: { play: vi.fn() },
    redraw: vi.fn(),
    showError: vi.fn(),
    clearError: vi.fn(),
    remember: vi.fn(),
    announce: vi.fn(),
    hasGameInProgress: () => true,
    go: vi.fn(() => Promise.resolve()),
  };
  const refuse = (): Promise<GameView> => Promise.reject(new Error('not expected'));
  const rust: GameBackend = { playMove: refuse, takeBack: refuse, resign: refuse, offerDraw: refuse, answerDraw: refuse };
  const asked: PlayQuestions = { resign: vi.fn(), acceptDraw: vi.fn(), abandonForRematch: vi.fn() };
  const ctrl = new PlayCtrl(host as unknown as PlayHost, initial, asked, rust, () => Promise.resolve(board(0)));
  let taken = 0;
  const source = vi.fn((): Promise<HintView> => Promise.resolve({ square: 'a2', hints: ++taken }));
  ctrl.hintSource = source;
  return { ctrl, host, source };
}

describe('a hint against the bot', () => {
  it('marks the piece the engine would move and says it, with the hints taken so far', async () => {
    const { ctrl, host, source } = setup(game(0));
    expect(ctrl.mayHint()).toBe(true);
    await ctrl.askHint();
    expect(source).toHaveBeenCalledWith('g1');
    expect(ctrl.hintMarks).toEqual({ hint: 'a2' });
    expect(host.announce).toHaveBeenLastCalledWith('Hint: move the piece on a2. (1 hint taken in this game.)');
    await ctrl.askHint();
    expect(host.announce).toHaveBeenLastCalledWith('Hint: move the piece on a2. (2 hints taken in this game.)');
  });

  it('is not offered on the bot’s move, between friends, or once the game is over', async () => {
    expect(setup(game(1)).ctrl.mayHint()).toBe(false);
    expect(setup(game(0, { opponent: { kind: 'friend', turnBoard: false } })).ctrl.mayHint()).toBe(false);
    expect(setup(game(2, { result: { kind: 'win', winner: 'white', reason: 'resignation' } })).ctrl.mayHint()).toBe(false);
    const { ctrl, source } = setup(game(1));
    await ctrl.askHint();
    expect(source).not.toHaveBeenCalled();
  });

  it('goes once the position changes', async () => {
    const { ctrl } = setup(game(0));
    await ctrl.askHint();
    expect(ctrl.shownHint).not.toBeNull();
    ctrl.event({ kind: 'changed', game: game(2) });
    await Promise.resolve();
    expect(ctrl.shownHint).toBeNull();
    expect(ctrl.hintMarks).toBeUndefined();
  });
});
