// The puzzle trainer's controller without a page, against the mock puzzle commands (three small
// hand-made puzzles behind the same interface as the app's).

import { describe, expect, it, vi } from 'vitest';
import { MOCK_PUZZLES, mockPuzzles } from '../../dev/mock-puzzles';
import { ApiError, isAppError } from '../api';
import { chartGeometry } from '../puzzles/chartGeometry';
import type { PuzzleBackend } from '../puzzles/api';
import type { PuzzleChoice, PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView } from '../puzzles/types';
import { changeText, PuzzlesCtrl, type PuzzleHost } from './puzzlesCtrl';

function backendOf(): PuzzleBackend {
  const puzzles = mockPuzzles();
  const call = <T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> => {
    try {
      return Promise.resolve(puzzles.handle(cmd, args).answer as T);
    } catch (error) {
      return Promise.reject(isAppError(error) ? new ApiError(error) : error);
    }
  };
  return {
    status: () => call<PuzzleStatus>('puzzle_rating'),
    open: () => call<PuzzleView | null>('puzzle_open'),
    leave: () => call<null>('puzzle_leave'),
    next: (choice) => call<PuzzleView>('puzzle_next', { ...choice }),
    replay: (puzzleId) => call<PuzzleView>('puzzle_replay', { puzzleId }),
    move: (puzzleId, from, to) => call<PuzzleStep>('puzzle_move', { puzzleId, from, to }),
    retry: (puzzleId) => call<PuzzleView>('puzzle_retry', { puzzleId }),
    hint: (puzzleId) => call<string | null>('puzzle_hint', { puzzleId }),
    solution: (puzzleId) => call<PuzzleView>('puzzle_solution', { puzzleId }),
    history: (before, limit) => call<PuzzleHistoryPage>('puzzle_history', { before, limit }),
  };
}

function host(choice: PuzzleChoice = { difficulty: 'normal', theme: null }) {
  return {
    settings: { pieceSet: 'emblems', boardTheme: 'wood', sound: false, showLegalMoves: true, showCoordinates: true, animation: 'normal', defaultLevel: 'casual' },
    sounds: { play: vi.fn() },
    redraw: vi.fn(),
    showError: vi.fn(),
    clearError: vi.fn(),
    announce: vi.fn(),
    rememberPuzzles: vi.fn(),
    puzzleChoice: choice,
  };
}

/** A sleep the test lets go of: the board between two moves can be looked at. */
function heldSleep() {
  const waiting: (() => void)[] = [];
  return {
    sleep: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release: async () => {
      waiting.splice(0).forEach((resolve) => resolve());
      await Promise.resolve();
      await Promise.resolve();
    },
    get held() {
      return waiting.length;
    },
  };
}

async function trainer(choice?: PuzzleChoice) {
  const app = host(choice);
  const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, backendOf(), () => Promise.resolve());
  await ctrl.start();
  await Promise.resolve();
  return { ctrl, app };
}

describe('the puzzle trainer', () => {
  it('shows the board before the opponent’s mistake, then the mistake, then asks for the best move', async () => {
    const app = host();
    const held = heldSleep();
    const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, backendOf(), held.sleep);
    const started = ctrl.start();
    await vi.waitFor(() => expect(held.held).toBe(1));
    expect(ctrl.puzzle?.id).toBe('p-pinch');
    expect(ctrl.phase).toBe('mistake');
    expect(ctrl.boardState()?.board.pieces.some((p) => p.square === 'd7')).toBe(true);
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    await held.release();
    await started;
    expect(ctrl.phase).toBeUndefined();
    expect(ctrl.boardState()?.board.pieces.some((p) => p.square === 'd4' && p.side === 'black')).toBe(true);
    expect(ctrl.boardState()?.board.lastMove?.to).toBe('d4');
    expect(ctrl.boardState()?.orientation).toBe('white');
    expect(ctrl.boardState()?.moves.length).toBeGreaterThan(0);
    expect(app.announce).toHaveBeenLastCalledWith('The opponent played Black pawn d7 to d4. Find the best move for White.');
    expect(ctrl.status?.rating).toBe(1518);
  });

  it('solves a puzzle: the rating goes up, the streak starts, the history lists it', async () => {
    const { ctrl, app } = await trainer();
    expect(await ctrl.play('e2', 'e4')).toBe(true);
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change).toEqual({ before: 1518, after: 1530 });
    expect(ctrl.changeSentence()).toBe('Your rating: 1530 (+12).');
    expect(ctrl.status?.rating).toBe(1530);
    expect(ctrl.status?.streak).toBe(1);
    expect(app.rememberPuzzles).toHaveBeenLastCalledWith(expect.objectContaining({ rating: 1530 }));
    expect(ctrl.history[0]).toMatchObject({ puzzleId: 'p-pinch', solved: true, change: { before: 1518, after: 1530 } });
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    expect(ctrl.focus).toBe('outcome');
    expect(app.sounds.play).toHaveBeenCalledWith('end');
  });

  it('says a wrong move is wrong, shows its answer on request, and lets the player retry; the first try counts', async () => {
    const { ctrl } = await trainer({ difficulty: 'harder', theme: null });
    expect(ctrl.puzzle?.id).toBe('p-leap');
    await ctrl.play('a1', 'a4');
    expect(ctrl.puzzle?.state).toBe('wrong');
    expect(ctrl.puzzle?.change).toEqual({ before: 1518, after: 1509 });
    expect(changeText(ctrl.puzzle!.change!)).toBe('−9');
    expect(ctrl.status?.streak).toBe(0);
    // The board shows the wrong move; the answer to it on request.
    expect(ctrl.boardState()?.board.lastMove?.to).toBe('a4');
    ctrl.toggleRefutation();
    expect(ctrl.refutationShown).toBe(true);
    expect(ctrl.boardState()?.board.lastMove).toEqual(ctrl.puzzle?.refutation);
    await ctrl.retry();
    expect(ctrl.puzzle?.state).toBe('playing');
    expect(ctrl.puzzle?.rated).toBe(false);
    expect(ctrl.boardState()?.board.lastMove?.to).toBe('e5');
    // The right line now: the answer comes, then the last move solves it, with no new rating change.
    await ctrl.play('a1', 'f6');
    expect(ctrl.puzzle?.state).toBe('playing');
    expect(ctrl.goodMove).toBe(true);
    expect(ctrl.puzzle?.plies.map((p) => p.from + p.to)).toEqual(['a1f6', 'a8b8']);
    await ctrl.play('f6', 'f3');
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change).toEqual({ before: 1518, after: 1509 });
    expect(ctrl.status?.rating).toBe(1509);
    expect(ctrl.history[0]).toMatchObject({ puzzleId: 'p-leap', solved: false });
  });

  it('plays the player’s move, then the opponent’s answer after a moment', async () => {
    const app = host({ difficulty: 'harder', theme: null });
    let held: (() => void) | undefined;
    let holding = false;
    const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, backendOf(), () => (holding ? new Promise<void>((resolve) => (held = resolve)) : Promise.resolve()));
    await ctrl.start();
    holding = true;
    const played = ctrl.play('a1', 'f6');
    await vi.waitFor(() => expect(held).toBeDefined());
    expect(ctrl.phase).toBe('reply');
    expect(ctrl.boardState()?.board.lastMove?.to).toBe('f6');
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    held?.();
    await played;
    expect(ctrl.phase).toBeUndefined();
    expect(ctrl.boardState()?.board.lastMove?.to).toBe('b8');
    expect(app.announce).toHaveBeenLastCalledWith(expect.stringMatching(/^Best move! Keep going\. The opponent answered Black king a8 to b8\./));
  });

  it('marks the piece to move as a hint, which makes the try a miss', async () => {
    const { ctrl } = await trainer();
    await ctrl.showHint();
    expect(ctrl.hint).toBe('e2');
    expect(ctrl.hintCost).toBe(true);
    expect(ctrl.marks()?.hint).toBe('e2');
    // The hint decided the first try: the rating went down at once.
    expect(ctrl.puzzle?.change).toEqual({ before: 1518, after: 1509 });
    expect(ctrl.status?.rating).toBe(1509);
    expect(ctrl.ratingText()).toBe('1509');
    await ctrl.play('e2', 'e4');
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change).toEqual({ before: 1518, after: 1509 });
    expect(ctrl.hint).toBeUndefined();
  });

  it('shows the solution (a miss), with the solver’s moves as arrows, then the next puzzle', async () => {
    const { ctrl } = await trainer({ difficulty: 'harder', theme: null });
    await ctrl.viewSolution();
    expect(ctrl.puzzle?.state).toBe('failed');
    expect(ctrl.puzzle?.solution?.map((p) => p.from + p.to)).toEqual(['a1f6', 'a8b8', 'f6f3']);
    expect(ctrl.marks()?.arrows).toEqual([
      ['a1', 'f6'],
      ['f6', 'f3'],
    ]);
    expect(ctrl.status?.rating).toBe(1509);
    await ctrl.next();
    expect(ctrl.puzzle?.id).not.toBe('p-leap');
    expect(ctrl.puzzle?.state).toBe('playing');
  });

  it('says why a move the rules refuse is refused, and keeps the puzzle as it was', async () => {
    const { ctrl, app } = await trainer();
    expect(await ctrl.play('e2', 'd3')).toBe(false);
    expect(ctrl.panel.why?.problem.code).toBe('notThatWay');
    expect(ctrl.puzzle?.state).toBe('playing');
    expect(app.showError).not.toHaveBeenCalled();
  });

  it('chooses the next puzzle with the difficulty and theme asked for, and replays one from the history unrated', async () => {
    const { ctrl, app } = await trainer();
    ctrl.setTheme('withdrawal');
    expect(app.puzzleChoice).toEqual({ difficulty: 'normal', theme: 'withdrawal' });
    await ctrl.next();
    expect(ctrl.puzzle?.id).toBe('p-withdraw');
    await ctrl.play('d4', 'd1');
    expect(ctrl.history.map((a) => a.puzzleId)).toEqual(['p-withdraw']);
    await ctrl.replay('p-withdraw');
    expect(ctrl.puzzle?.id).toBe('p-withdraw');
    expect(ctrl.puzzle?.rated).toBe(false);
    expect(ctrl.puzzle?.replay).toBe(true);
    await ctrl.play('d4', 'd1');
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change).toBeNull();
    expect(ctrl.changeSentence()).toBe('A replay: the rating does not change.');
  });

  it('reopens the puzzle in progress where it was, without playing the mistake again', async () => {
    const backend = backendOf();
    const first = new PuzzlesCtrl(host({ difficulty: 'harder', theme: null }) as unknown as PuzzleHost, backend, () => Promise.resolve());
    await first.start();
    await first.play('a1', 'f6');
    first.leave();
    const again = new PuzzlesCtrl(host() as unknown as PuzzleHost, backend, () => Promise.reject(new Error('no animation expected')));
    await again.start();
    expect(again.puzzle?.id).toBe('p-leap');
    expect(again.puzzle?.plies).toHaveLength(2);
    expect(again.phase).toBeUndefined();
  });

  it('tells the Rust side when the player leaves the trainer, so that start-up no longer reopens it', async () => {
    const backend = backendOf();
    const ctrl = new PuzzlesCtrl(host() as unknown as PuzzleHost, backend, () => Promise.resolve());
    await ctrl.start();
    expect((await backend.status()).reopen).toBe(true);
    ctrl.leave();
    await vi.waitFor(async () => expect((await backend.status()).reopen).toBe(false));
    expect((await backend.status()).current).toBe(ctrl.puzzle?.id);
  });
});

describe('the rating chart', () => {
  it('spreads the points over the width, lowest at the bottom', () => {
    const geometry = chartGeometry([
      { at: 1, rating: 1500 },
      { at: 2, rating: 1540 },
      { at: 3, rating: 1520 },
    ]);
    expect(geometry).toMatchObject({ low: 1500, high: 1540, first: 1500, last: 1520, count: 3 });
    expect(geometry?.points).toBe('6.0,90.0 160.0,6.0 314.0,48.0');
    expect(chartGeometry([])).toBeUndefined();
  });

  it('words the change with its sign', () => {
    expect(changeText({ before: 1500, after: 1512 })).toBe('+12');
    expect(changeText({ before: 1500, after: 1491 })).toBe('−9');
    expect(changeText({ before: 1500, after: 1500 })).toBe('±0');
  });

  it('has puzzles for every step of the mock', () => {
    expect(MOCK_PUZZLES.every((p) => p.moves.length % 2 === 0)).toBe(true);
  });
});
