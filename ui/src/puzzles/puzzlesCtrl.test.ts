// The puzzle trainer's controller without a page, against the real Rust side's puzzle commands
// (ui/dev/backend.ts: the browser build's WebAssembly in Node) and the shipped puzzles, whose
// lines the tests play from the collection's file.

import { describe, expect, it, vi } from 'vitest';
import { puzzleOfLength, RealBackend, savedRecord, shippedPuzzle, type ShippedPuzzle } from '../../dev/backend';
import { ApiError, isAppError } from '../api';
import { chartGeometry } from './chartGeometry';
import type { PuzzleBackend } from './api';
import type { PuzzleChoice, PuzzleDashboard, PuzzleHistoryPage, PuzzleStatus, PuzzleStep, PuzzleView, ThemeCount } from './types';
import { changeText, PuzzlesCtrl, type PuzzleHost } from './puzzlesCtrl';
import { themeName } from './themes';

/** One move to find. */
const SHORT = puzzleOfLength(2);
/** Two moves to find, with the opponent's reply between them. */
const LONG = puzzleOfLength(4);
const from = (move: string | undefined): string => move?.slice(0, 2) ?? '';
const to = (move: string | undefined): string => move?.slice(2, 4) ?? '';

/** A new player's puzzle commands, with `puzzle` opened first (as the next puzzle would be);
 * `relaunch` quits the app and starts it again on what it saved. */
async function backendOf(puzzle?: ShippedPuzzle): Promise<PuzzleBackend & { relaunch(): void }> {
  const real = new RealBackend({ saved: { current: savedRecord() } });
  const call = <T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> =>
    real.invoke(cmd, args).then(
      (answer) => answer as T,
      (error: unknown) => Promise.reject(isAppError(error) ? new ApiError(error) : error),
    );
  if (puzzle) {
    await call('puzzle_replay', { puzzleId: puzzle.id });
    await call('puzzle_leave');
  }
  return {
    status: () => call<PuzzleStatus>('puzzle_rating'),
    open: () => call<PuzzleView | null>('puzzle_open'),
    leave: () => call<null>('puzzle_leave'),
    next: (choice) => call<PuzzleView>('puzzle_next', { difficulty: choice.difficulty, theme: choice.theme }),
    replay: (puzzleId) => call<PuzzleView>('puzzle_replay', { puzzleId }),
    move: (puzzleId, from, to) => call<PuzzleStep>('puzzle_move', { puzzleId, from, to }),
    retry: (puzzleId) => call<PuzzleView>('puzzle_retry', { puzzleId }),
    hint: (puzzleId) => call<string | null>('puzzle_hint', { puzzleId }),
    solution: (puzzleId) => call<PuzzleView>('puzzle_solution', { puzzleId }),
    history: (before, limit) => call<PuzzleHistoryPage>('puzzle_history', { before, limit }),
    streakNext: () => call<PuzzleView>('puzzle_streak_next'),
    dashboard: (days) => call<PuzzleDashboard>('puzzle_dashboard', { days }),
    themes: () => call<ThemeCount[]>('puzzle_themes'),
    choose: (choice) => call<PuzzleChoice>('puzzle_choose', { choice }),
    relaunch: () => real.reopen(),
  };
}

function host(choice: PuzzleChoice = { mode: 'rated', difficulty: 'normal', theme: null }) {
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

/** The trainer opened on `puzzle`, with `choice` saved before (the trainer opens with the choice saved). */
async function trainer(puzzle: ShippedPuzzle = SHORT, choice?: PuzzleChoice) {
  const app = host();
  const backend = await backendOf(puzzle);
  if (choice) await backend.choose(choice);
  const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, backend, () => Promise.resolve());
  await ctrl.start();
  await Promise.resolve();
  return { ctrl, app };
}

/** A mate in two (Black's c3b3, then b4c3) beside which f3f2 mates in three: the puzzle asks for the fastest. */
const SLOWER = shippedPuzzle('06e104b4');
const SLOWER_MATE = 'f3f2';

/** A legal move of the solver that is not the line's (the engine says what it is). */
function otherMove(ctrl: PuzzlesCtrl, puzzle: ShippedPuzzle): [string, string] {
  const move = ctrl.puzzle?.legalMoves.find((m) => m.from + m.to !== puzzle.line[1]);
  if (!move) throw new Error(`no other move in ${puzzle.id}`);
  return [move.from, move.to];
}

describe('the puzzle trainer', () => {
  it('shows the board before the opponent’s mistake, then the mistake, then asks for the best move', async () => {
    const app = host();
    const held = heldSleep();
    const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, await backendOf(SHORT), held.sleep);
    const started = ctrl.start();
    await vi.waitFor(() => expect(held.held).toBe(1));
    expect(ctrl.puzzle?.id).toBe(SHORT.id);
    expect(ctrl.phase).toBe('mistake');
    const mistake = SHORT.line[0];
    expect(ctrl.boardState()?.board.pieces.some((p) => p.square === from(mistake))).toBe(true);
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    await held.release();
    await started;
    expect(ctrl.phase).toBeUndefined();
    const solver = ctrl.puzzle!.solver;
    expect(ctrl.boardState()?.board.pieces.some((p) => p.square === to(mistake) && p.side !== solver)).toBe(true);
    expect(ctrl.boardState()?.board.lastMove?.to).toBe(to(mistake));
    expect(ctrl.boardState()?.orientation).toBe(solver);
    expect(ctrl.boardState()?.moves.length).toBeGreaterThan(0);
    expect(app.announce).toHaveBeenLastCalledWith(
      expect.stringMatching(new RegExp(`^The opponent played (White|Black) \\S+ ${from(mistake)} to ${to(mistake)}\\. Find the best move for (White|Black)\\.$`)),
    );
    expect(ctrl.status?.rating).toBe(1500);
  });

  it('solves a puzzle: the rating goes up, the streak starts, the history lists it', async () => {
    const { ctrl, app } = await trainer();
    expect(await ctrl.play(from(SHORT.line[1]), to(SHORT.line[1]))).toBe(true);
    expect(ctrl.puzzle?.state).toBe('solved');
    const after = ctrl.puzzle!.change!.after;
    expect(ctrl.puzzle?.change).toEqual({ before: 1500, after });
    expect(after).toBeGreaterThan(1500);
    expect(ctrl.changeSentence()).toBe(`Your rating: ${after} (+${after - 1500}).`);
    expect(ctrl.status?.rating).toBe(after);
    expect(ctrl.status?.streak).toBe(1);
    expect(app.rememberPuzzles).toHaveBeenLastCalledWith(expect.objectContaining({ rating: after }));
    expect(ctrl.history[0]).toMatchObject({ puzzleId: SHORT.id, solved: true, change: { before: 1500, after } });
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    expect(ctrl.focus).toBe('outcome');
    expect(app.sounds.play).toHaveBeenCalledWith('end');
  });

  it('says a wrong move is wrong, shows its answer on request, and lets the player retry; the first try counts', async () => {
    const { ctrl } = await trainer(LONG, { mode: 'rated', difficulty: 'harder', theme: null });
    expect(ctrl.puzzle?.id).toBe(LONG.id);
    const [wrongFrom, wrongTo] = otherMove(ctrl, LONG);
    await ctrl.play(wrongFrom, wrongTo);
    expect(ctrl.puzzle?.state).toBe('wrong');
    const after = ctrl.puzzle!.change!.after;
    expect(ctrl.puzzle?.change).toEqual({ before: 1500, after });
    expect(after).toBeLessThan(1500);
    expect(changeText(ctrl.puzzle!.change!)).toBe(`−${1500 - after}`);
    expect(ctrl.status?.streak).toBe(0);
    // The board shows the wrong move; the answer to it on request.
    expect(ctrl.boardState()?.board.lastMove?.to).toBe(wrongTo);
    ctrl.toggleRefutation();
    expect(ctrl.refutationShown).toBe(true);
    expect(ctrl.boardState()?.board.lastMove).toEqual(ctrl.puzzle?.refutation);
    await ctrl.retry();
    expect(ctrl.puzzle?.state).toBe('playing');
    expect(ctrl.puzzle?.rated).toBe(false);
    expect(ctrl.boardState()?.board.lastMove?.to).toBe(to(LONG.line[0]));
    // The right line now: the answer comes, then the last move solves it, with no new rating change.
    await ctrl.play(from(LONG.line[1]), to(LONG.line[1]));
    expect(ctrl.puzzle?.state).toBe('playing');
    expect(ctrl.goodMove).toBe(true);
    expect(ctrl.puzzle?.plies.map((p) => p.from + (p.removal ? p.from : p.to))).toEqual(LONG.line.slice(1, 3));
    await ctrl.play(from(LONG.line[3]), to(LONG.line[3]));
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change).toEqual({ before: 1500, after });
    expect(ctrl.status?.rating).toBe(after);
    expect(ctrl.history[0]).toMatchObject({ puzzleId: LONG.id, solved: false });
  });

  it('answers a slower mate without counting a miss; the fastest mate then solves the puzzle at the first try', async () => {
    const { ctrl, app } = await trainer(SLOWER);
    expect(ctrl.puzzle?.id).toBe(SLOWER.id);
    expect(SLOWER.line[1]).not.toBe(SLOWER_MATE);
    await ctrl.play(from(SLOWER_MATE), to(SLOWER_MATE));
    expect(ctrl.slowerMate).toMatchObject({ from: from(SLOWER_MATE), to: to(SLOWER_MATE) });
    expect(ctrl.puzzle?.state).toBe('playing');
    expect(ctrl.puzzle?.rated).toBe(true);
    expect(ctrl.puzzle?.mistakes).toBe(0);
    expect(ctrl.puzzle?.plies).toHaveLength(0);
    expect(app.announce).toHaveBeenLastCalledWith(expect.stringMatching(/mates too, but more slowly: there is a faster mate\. Find the best move for Black\.$/));
    for (let i = 1; i < SLOWER.line.length; i += 2) await ctrl.play(from(SLOWER.line[i]), to(SLOWER.line[i]));
    expect(ctrl.slowerMate).toBeUndefined();
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change?.after).toBeGreaterThan(1500);
  });

  it('plays the player’s move, then the opponent’s answer after a moment', async () => {
    const app = host({ mode: 'rated', difficulty: 'harder', theme: null });
    let held: (() => void) | undefined;
    let holding = false;
    const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, await backendOf(LONG), () =>
      holding ? new Promise<void>((resolve) => (held = resolve)) : Promise.resolve(),
    );
    await ctrl.start();
    holding = true;
    const played = ctrl.play(from(LONG.line[1]), to(LONG.line[1]));
    await vi.waitFor(() => expect(held).toBeDefined());
    expect(ctrl.phase).toBe('reply');
    expect(ctrl.boardState()?.board.lastMove?.to).toBe(to(LONG.line[1]));
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    held?.();
    await played;
    expect(ctrl.phase).toBeUndefined();
    expect(ctrl.boardState()?.board.lastMove?.to).toBe(to(LONG.line[2]));
    expect(app.announce).toHaveBeenLastCalledWith(
      expect.stringMatching(new RegExp(`^Best move! Keep going\\. The opponent answered (White|Black) \\S+ ${from(LONG.line[2])} to ${to(LONG.line[2])}\\.`)),
    );
  });

  it('marks the piece to move as a hint, which makes the try a miss', async () => {
    const { ctrl } = await trainer();
    await ctrl.showHint();
    expect(ctrl.hint).toBe(from(SHORT.line[1]));
    expect(ctrl.hintCost).toBe(true);
    expect(ctrl.marks()?.hint).toBe(from(SHORT.line[1]));
    // The hint decided the first try: the rating went down at once.
    const after = ctrl.puzzle!.change!.after;
    expect(ctrl.puzzle?.change).toEqual({ before: 1500, after });
    expect(after).toBeLessThan(1500);
    expect(ctrl.status?.rating).toBe(after);
    expect(ctrl.ratingText()).toBe(`${after}?`);
    await ctrl.play(from(SHORT.line[1]), to(SHORT.line[1]));
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change).toEqual({ before: 1500, after });
    expect(ctrl.hint).toBeUndefined();
  });

  it('shows the solution (a miss), with the solver’s moves as arrows, then the next puzzle', async () => {
    const { ctrl } = await trainer(LONG, { mode: 'rated', difficulty: 'harder', theme: null });
    await ctrl.viewSolution();
    expect(ctrl.puzzle?.state).toBe('failed');
    expect(ctrl.puzzle?.solution?.map((p) => p.from + (p.removal ? p.from : p.to))).toEqual(LONG.line.slice(1));
    expect(ctrl.marks()?.arrows).toEqual([
      [from(LONG.line[1]), to(LONG.line[1])],
      [from(LONG.line[3]), to(LONG.line[3])],
    ]);
    expect(ctrl.status?.rating).toBeLessThan(1500);
    await ctrl.next();
    expect(ctrl.puzzle?.id).not.toBe(LONG.id);
    expect(ctrl.puzzle?.state).toBe('playing');
  });

  it('says why a move the rules refuse is refused, and keeps the puzzle as it was', async () => {
    const { ctrl, app } = await trainer();
    // The piece to move, to a square the engine does not list for it.
    const start = from(SHORT.line[1]);
    const reachable = new Set(ctrl.puzzle!.legalMoves.filter((m) => m.from === start).map((m) => m.to));
    const squares = 'abcdefgh'.split('').flatMap((file) => '12345678'.split('').map((rank) => file + rank));
    const target = squares.find((square) => square !== start && !reachable.has(square))!;
    expect(await ctrl.play(start, target)).toBe(false);
    expect(ctrl.panel.why?.problem.code).toMatch(/^[a-zA-Z]+$/);
    expect(ctrl.puzzle?.state).toBe('playing');
    expect(app.showError).not.toHaveBeenCalled();
  });

  it('chooses the next puzzle with the difficulty and theme asked for, and replays one from the history unrated', async () => {
    const { ctrl, app } = await trainer();
    await ctrl.setTheme('withdrawal');
    expect(app.puzzleChoice).toEqual({ mode: 'rated', difficulty: 'normal', theme: 'withdrawal' });
    await ctrl.next();
    const chosen = ctrl.puzzle!;
    expect(chosen.id).not.toBe(SHORT.id);
    expect(chosen.themes).toContain('withdrawal');
    await ctrl.viewSolution();
    expect(ctrl.history.map((a) => a.puzzleId)).toEqual([chosen.id, SHORT.id]);
    await ctrl.replay(SHORT.id);
    expect(ctrl.puzzle?.id).toBe(SHORT.id);
    expect(ctrl.puzzle?.rated).toBe(false);
    expect(ctrl.puzzle?.replay).toBe(true);
    await ctrl.play(from(SHORT.line[1]), to(SHORT.line[1]));
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.change).toBeNull();
    expect(ctrl.changeSentence()).toBe('A replay: the rating does not change.');
  });

  it('reopens the puzzle in progress where it was, without playing the mistake again', async () => {
    const backend = await backendOf(LONG);
    const first = new PuzzlesCtrl(host({ mode: 'rated', difficulty: 'harder', theme: null }) as unknown as PuzzleHost, backend, () => Promise.resolve());
    await first.start();
    await first.play(from(LONG.line[1]), to(LONG.line[1]));
    first.leave();
    const again = new PuzzlesCtrl(host() as unknown as PuzzleHost, backend, () => Promise.reject(new Error('no animation expected')));
    await again.start();
    expect(again.puzzle?.id).toBe(LONG.id);
    expect(again.puzzle?.plies).toHaveLength(2);
    expect(again.phase).toBeUndefined();
  });

  it('reopens a streak puzzle in the streak mode after a relaunch, and leaves the streak mode chosen for a replay left open', async () => {
    const backend = await backendOf(SHORT);
    const ctrl = new PuzzlesCtrl(host() as unknown as PuzzleHost, backend, () => Promise.resolve());
    await ctrl.start();
    await ctrl.setMode('streak');
    const streakPuzzle = ctrl.puzzle!;
    expect(streakPuzzle.mode).toBe('streak');
    ctrl.leave();
    // A relaunch on a save whose mode is rated (from before the choice was saved): the streak's
    // puzzle open sets the streak mode, and saves it.
    await backend.choose({ mode: 'rated', difficulty: 'normal', theme: null });
    backend.relaunch();
    const relaunched = host();
    const again = new PuzzlesCtrl(relaunched as unknown as PuzzleHost, backend, () => Promise.resolve());
    await again.start();
    expect(again.puzzle?.id).toBe(streakPuzzle.id);
    expect(relaunched.puzzleChoice.mode).toBe('streak');
    await vi.waitFor(async () => expect((await backend.status()).choice.mode).toBe('streak'));
    // Solved, Next goes on with the streak, not with a rated puzzle.
    for (const move of shippedPuzzle(streakPuzzle.id).line.filter((_, n) => n % 2 === 1)) await again.play(from(move), to(move));
    expect(again.puzzle?.state).toBe('solved');
    await again.next();
    expect(again.puzzle?.mode).toBe('streak');
    expect(again.puzzle?.streakMode.solved).toBe(1);
    // In the same session, the streak mode chosen and a puzzle of the history replayed and left
    // open: coming back to the trainer keeps the streak mode.
    const solvedId = streakPuzzle.id;
    const streakNow = again.puzzle!.id;
    await again.replay(solvedId);
    expect(again.puzzle?.mode).toBe('rated');
    again.leave();
    const later = host({ mode: 'streak', difficulty: 'normal', theme: null });
    const third = new PuzzlesCtrl(later as unknown as PuzzleHost, backend, () => Promise.resolve());
    await third.start();
    expect(third.puzzle?.id).toBe(solvedId);
    expect(later.puzzleChoice.mode).toBe('streak');
    // Its Next goes back to the streak's puzzle left undecided.
    await third.next();
    expect(third.puzzle?.id).toBe(streakNow);
    expect(third.puzzle?.mode).toBe('streak');
  });

  it('plays a streak: rising puzzles, not rated, until the first miss; the best is kept', async () => {
    const { ctrl, app } = await trainer();
    await ctrl.setMode('streak');
    expect(app.puzzleChoice.mode).toBe('streak');
    const first = ctrl.puzzle!;
    expect(first.mode).toBe('streak');
    expect(first.rated).toBe(false);
    expect(first.streakMode).toEqual({ solved: 0, active: true, best: 0 });
    // Solve it from the collection's line.
    const line = shippedPuzzle(first.id).line;
    for (let index = 1; index < line.length; index += 2) {
      await ctrl.play(from(line[index]), to(line[index]));
    }
    expect(ctrl.puzzle?.state).toBe('solved');
    expect(ctrl.puzzle?.streakMode).toEqual({ solved: 1, active: true, best: 1 });
    expect(ctrl.changeSentence()).toBe('Streak: 1 puzzle solved.');
    expect(ctrl.status?.attempted).toBe(0);
    await ctrl.next();
    const second = ctrl.puzzle!;
    expect(second.id).not.toBe(first.id);
    await ctrl.viewSolution();
    expect(ctrl.streakOver()).toBe(true);
    expect(ctrl.changeSentence()).toBe('Streak over: 1 puzzle solved. Your best: 1.');
    expect(ctrl.status?.streakMode).toEqual({ solved: 1, active: false, best: 1 });
    // The next one starts a new streak.
    await ctrl.next();
    expect(ctrl.puzzle?.streakMode).toEqual({ solved: 0, active: true, best: 1 });
    await ctrl.setMode('rated');
    expect(ctrl.puzzle?.mode).toBe('rated');
  });

  it('says when the puzzles near the rating run out (a theme with few puzzles)', async () => {
    const { ctrl } = await trainer();
    await ctrl.setTheme('chameleon-withdrawal');
    await ctrl.next();
    expect(ctrl.puzzle?.themes).toContain('chameleon-withdrawal');
    expect(ctrl.puzzle?.mode).toBe('rated');
    // Fewer than 20 of the theme within ±200 of the rating: running low, or none near at all.
    expect(['runningLow', 'exhausted']).toContain(ctrl.puzzle?.supply);
  });

  it('shows the dashboard of the last days by theme', async () => {
    const { ctrl } = await trainer();
    expect(ctrl.dashboard?.all.tried).toBe(0);
    await ctrl.play(from(SHORT.line[1]), to(SHORT.line[1]));
    expect(ctrl.dashboard?.all).toMatchObject({ tried: 1, solved: 1 });
    expect(ctrl.dashboard?.themes.map((entry) => entry.theme).sort()).toEqual([...SHORT.themes].sort());
    await ctrl.setDashboardDays(30);
    expect(ctrl.dashboard?.days).toBe(30);
    expect(ctrl.dashboard?.all.tried).toBe(1);
  });

  it('asks a defensive puzzle for the only move that holds, and names its theme', async () => {
    // No shipped puzzle is defensive yet: the shipped one, served as the Rust side serves a
    // puzzle tagged `defence`.
    const real = await backendOf(SHORT);
    const defensive = (view: PuzzleView): PuzzleView => ({ ...view, themes: [...view.themes, 'defence'] });
    const backend: PuzzleBackend = {
      ...real,
      open: async () => {
        const view = await real.open();
        return view && defensive(view);
      },
      next: async (choice) => defensive(await real.next(choice)),
    };
    const ctrl = new PuzzlesCtrl(host() as unknown as PuzzleHost, backend, () => Promise.resolve());
    await ctrl.start();
    expect(ctrl.puzzle?.themes).toContain('defence');
    expect(ctrl.prompt()).toMatch(/^Find the only move that holds for (White|Black)\.$/);
    expect(themeName('defence')).toBe('Defence');
    // Any other puzzle is asked for the best move.
    const { ctrl: plain } = await trainer();
    expect(plain.prompt()).toMatch(/^Find the best move for (White|Black)\.$/);
  });

  it('keeps the mode, difficulty and theme chosen after a relaunch', async () => {
    const backend = await backendOf();
    const app = host();
    const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, backend, () => Promise.resolve());
    await ctrl.start();
    expect(app.puzzleChoice).toEqual({ mode: 'rated', difficulty: 'normal', theme: null });
    await ctrl.setDifficulty('harder');
    await ctrl.setTheme('withdrawal');
    ctrl.leave();
    // The app quits and starts again: a new app (its choice the default until the trainer reads
    // the one saved) and a new trainer.
    backend.relaunch();
    const relaunched = host();
    const again = new PuzzlesCtrl(relaunched as unknown as PuzzleHost, backend, () => Promise.resolve());
    await again.start();
    expect(relaunched.puzzleChoice).toEqual({ mode: 'rated', difficulty: 'harder', theme: 'withdrawal' });
    await again.next();
    expect(again.puzzle?.themes).toContain('withdrawal');
    // The streak mode too, with the difficulty and theme kept for the rated puzzles.
    await again.setMode('streak');
    again.leave();
    backend.relaunch();
    const third = host();
    await new PuzzlesCtrl(third as unknown as PuzzleHost, backend, () => Promise.resolve()).start();
    expect(third.puzzleChoice).toEqual({ mode: 'streak', difficulty: 'harder', theme: 'withdrawal' });
    for (const each of [app, relaunched, third]) expect(each.showError).not.toHaveBeenCalled();
  });

  it('shows a choice the Rust side refuses to save, and keeps it for the session', async () => {
    const backend = await backendOf();
    const app = host();
    const ctrl = new PuzzlesCtrl(app as unknown as PuzzleHost, backend, () => Promise.resolve());
    await ctrl.start();
    await ctrl.setTheme('no-such-theme');
    expect(app.puzzleChoice.theme).toBe('no-such-theme');
    expect(app.showError).toHaveBeenCalledWith(expect.objectContaining({ problem: { code: 'unknownTheme', theme: 'no-such-theme' } }));
    expect((await backend.status()).choice.theme).toBeNull();
  });

  it('tells the Rust side when the player leaves the trainer, so that start-up no longer reopens it', async () => {
    const backend = await backendOf();
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
});
