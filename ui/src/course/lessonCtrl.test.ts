// The course's controllers without a page: the map and a task, against the real Rust side's
// course commands (ui/dev/backend.ts: the browser build's WebAssembly in Node), so every task,
// reply, refusal and star is the course crate's.

import { describe, expect, it, vi } from 'vitest';
import { RealBackend, savedRecord } from '../../dev/backend';
import { ApiError, isAppError } from '../api';
import type { CourseBackend } from './api';
import type { GameView } from '../bindings';
import type { CourseMap, TaskStep, TaskView } from './types';
import { LearnCtrl, type LearnHost } from './learnCtrl';
import { LessonCtrl, isTaskId, type LessonHost } from './lessonCtrl';
import { wrongText } from './outcome';
import { chapterText, keyText, pickedText, setupAsk, taskText } from './taskText';

/** The course commands of a learner who solved the tasks of `stars` (by task id: 3 stars, solved
 * at the first try; 2, at the second; 1, later), as their answers come: values, or `ApiError`s. */
function backendOf(stars: Record<string, number> = {}): CourseBackend {
  const tasks = Object.fromEntries(Object.entries(stars).map(([id, earned]) => [id, { best: { moves: 1, tries: 4 - earned } }]));
  const real = new RealBackend({ saved: { current: savedRecord({ courseProgress: { version: 1, tasks } }) } });
  const call = <T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> =>
    real.invoke(cmd, args).then(
      (answer) => answer as T,
      (error: unknown) => Promise.reject(isAppError(error) ? new ApiError(error) : error),
    );
  return {
    courseMap: () => call<CourseMap>('course_map'),
    openTask: (taskId) => call<TaskView>('open_task', { taskId }),
    taskMove: (taskId, from, to) => call<TaskStep>('task_move', { taskId, from, to }),
    taskQuiz: (taskId, squares) => call<TaskStep>('task_quiz', { taskId, squares }),
    taskPlace: (taskId, square) => call<TaskStep>('task_place', { taskId, square }),
    taskRetry: (taskId) => call<TaskView>('task_retry', { taskId }),
    taskHint: (taskId) => call<string | null>('task_hint', { taskId }),
    resetCourse: () => call<CourseMap>('reset_course'),
    startCourseGame: () => call<GameView>('start_course_game'),
  };
}

function host() {
  return {
    settings: { pieceSet: 'emblems', boardTheme: 'wood', sound: false, showLegalMoves: true, showCoordinates: true, animation: 'normal', defaultLevel: 'casual' },
    sounds: { play: vi.fn() },
    go: vi.fn(() => Promise.resolve()),
    redraw: vi.fn(),
    showError: vi.fn(),
    clearError: vi.fn(),
    announce: vi.fn(),
    rememberCourse: vi.fn(),
    course: null,
  };
}

async function lesson(id: string, initial: Record<string, number> = {}, sleep?: (ms: number) => Promise<void>) {
  const app = host();
  const backend = backendOf(initial);
  const ctrl = new LessonCtrl(app as unknown as LessonHost, backend, id, sleep ?? (() => Promise.resolve()));
  await ctrl.start();
  return { ctrl, app, backend };
}

describe('a task', () => {
  it('comes after its chapter’s introduction, with the intro’s board and marks', async () => {
    const { ctrl } = await lesson('board-1');
    expect(ctrl.intro).toBe(true);
    expect(chapterText(ctrl.task, 'title')).toBe('The board and the pieces');
    expect(chapterText(ctrl.task, 'intro')).toMatch(/^Ultima is played on a chess board/);
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    expect(ctrl.marks()).toEqual({ highlight: ['d1', 'e1', 'a1', 'h8'], arrows: [] });
    ctrl.begin();
    expect(ctrl.intro).toBe(false);
    expect(taskText(ctrl.task, 'promptKey')).toBe('Your king stands on d1, not e1. Move the pawn in front of your king to the marked square.');
    expect(ctrl.marks()?.goal).toEqual(['d4']);
    expect(ctrl.boardState()?.moves.length).toBeGreaterThan(0);
  });

  it('opens a chapter named in the address at its first unsolved task, after the introduction', async () => {
    const { ctrl } = await lesson('leaper', { 'leaper-1': 3 });
    expect(isTaskId('leaper')).toBe(false);
    expect(ctrl.task?.id).toBe('leaper-2');
    expect(ctrl.intro).toBe(true);
  });

  it('shows why a move is refused, and lets the learner try again', async () => {
    const { ctrl, app } = await lesson('board-1');
    ctrl.begin();
    expect(await ctrl.play('a1', 'b3')).toBe(false);
    expect(ctrl.panel.why?.problem.code).toBe('notThatWay');
    expect(ctrl.panel.why?.text).toBe('The immobilizer on a1 cannot reach b3: it moves only in straight lines, along ranks, files or diagonals.');
    expect(app.announce).toHaveBeenLastCalledWith(ctrl.panel.why?.text);
    expect(app.showError).not.toHaveBeenCalled();
    expect(ctrl.task?.state).toBe('playing');
    // The piece in the way is marked on the board.
    await ctrl.play('a1', 'a5');
    expect(ctrl.panel.why?.problem.code).toBe('pathBlocked');
    expect(ctrl.panel.why?.marks).toEqual({ tried: ['a1', 'a5'], subject: 'a1', causes: ['a2'], lines: [] });
    expect(ctrl.panel.why?.text).toBe("The immobilizer on a1 cannot reach a5: White's pawn on a2 is in the way.");
  });

  it('explains a miss with the task’s own hint, and a retry starts the task again', async () => {
    const { ctrl, app } = await lesson('board-1');
    ctrl.begin();
    expect(await ctrl.play('a2', 'a3')).toBe(true);
    // A one-move task: the move was its budget.
    expect(ctrl.outcome).toEqual({ kind: 'missed', missKey: 'board-1.miss', reason: 'budgetSpent', facts: [] });
    expect(keyText(ctrl.task, 'board-1.miss')).toBe("That was not the king's pawn. The king is on d1: move the pawn on d2.");
    expect(ctrl.boardState()?.moves).toHaveLength(0);
    expect(app.announce).toHaveBeenLastCalledWith(expect.stringContaining("That was not the king's pawn."));
    await ctrl.retry();
    expect(ctrl.outcome).toBeUndefined();
    expect(ctrl.task?.tries).toBe(2);
    expect(ctrl.task?.board.pieces.find((p) => p.square === 'a2')?.role).toBe('pawn');
  });

  it('reopens a missed try as it was: the hint and a retry', async () => {
    const app = host();
    const backend = backendOf();
    const first = new LessonCtrl(app as unknown as LessonHost, backend, 'board-2', () => Promise.resolve());
    await first.start();
    await first.play('e1', 'e2');
    expect(first.outcome?.kind).toBe('missed');
    first.leave();
    const again = new LessonCtrl(app as unknown as LessonHost, backend, 'board-2', () => Promise.resolve());
    await again.start();
    expect(again.task?.state).toBe('missed');
    expect(again.outcome).toEqual({ kind: 'missed', missKey: 'board-2.miss', reason: 'goalMissed', facts: [] });
    await again.retry();
    expect(again.task?.tries).toBe(2);
  });

  it('marks the piece to move for a hint', async () => {
    const { ctrl } = await lesson('board-1');
    ctrl.begin();
    await ctrl.showHint();
    expect(ctrl.hint).toBe('d2');
    expect(ctrl.marks()?.hint).toBe('d2');
    expect(ctrl.hintShown).toBe(true);
    expect(taskText(ctrl.task, 'hintKey')).toMatch(/^The king is on d1, so its pawn is the one on d2/);
  });

  it('earns stars by tries, and goes on to the next task', async () => {
    const { ctrl, app } = await lesson('board-1');
    ctrl.begin();
    await ctrl.play('d2', 'd4');
    expect(ctrl.outcome).toEqual({ kind: 'solved', stars: 3, best: 3, improved: true });
    expect(app.rememberCourse).toHaveBeenCalledWith(undefined);
    const second = await lesson('board-1');
    second.ctrl.begin();
    await second.ctrl.play('a2', 'a3');
    await second.ctrl.retry();
    await second.ctrl.play('d2', 'd4');
    expect(second.ctrl.outcome).toMatchObject({ kind: 'solved', stars: 2 });
    ctrl.next();
    expect(app.go).toHaveBeenLastCalledWith({ screen: 'lesson', id: 'board-2' }, {}, 'replace');
  });

  it('shows the learner’s move, then the opponent’s reply after a pause', async () => {
    const boards: string[] = [];
    let ctrl: LessonCtrl | undefined;
    const sleep = vi.fn((_ms: number) => {
      boards.push(ctrl?.boardState()?.board.pieces.map((p) => p.square).sort().join(' ') ?? '');
      return Promise.resolve();
    });
    ({ ctrl } = await lesson('withdrawer-3', {}, sleep));
    await ctrl.play('d4', 'f6');
    // The withdrawer on f6 has taken c3; the black king is still on h1 during the pause.
    expect(sleep).toHaveBeenCalledWith(550);
    expect(boards[0]).toBe('a8 f6 g6 h1');
    expect(ctrl.replying).toBe(false);
    expect(ctrl.task?.board.pieces.map((p) => p.square).sort()).toEqual(['a8', 'f6', 'g6', 'h2']);
    expect(ctrl.outcome).toBeUndefined();
    await ctrl.play('f6', 'd6');
    expect(ctrl.outcome).toMatchObject({ kind: 'solved', stars: 3 });
  });

  it('takes the quiz’s picks by tap, checks them, and marks what the move really takes', async () => {
    const { ctrl } = await lesson('withdrawer-2');
    expect(ctrl.quiz).toBe(true);
    expect(ctrl.quizMove()).toEqual({ from: 'd4', to: 'g7' });
    expect(ctrl.marks()?.arrows).toEqual([['d4', 'g7']]);
    ctrl.tap('d5');
    ctrl.tap('e5'); // an empty square: not a pick
    expect(ctrl.picked).toEqual(['d5']);
    expect(pickedText(ctrl.picked)).toBe('1 piece picked: d5.');
    // Before any pick, how to answer: the move's captures, or (the threats quiz) the pieces at risk.
    expect(pickedText([])).toMatch(/^Tap the pieces the move takes/);
    expect(pickedText([], true)).toMatch(/^Tap each of your pieces that Black could take/);
    await ctrl.check();
    expect(ctrl.outcome).toEqual({ kind: 'wrong', missKey: 'withdrawer-2.miss', taken: ['c3'], quiz: 'takes' });
    expect(wrongText(ctrl.outcome)).toBe('That move takes c3.');
    expect(ctrl.marks()?.taken).toEqual(['c3']);
    await ctrl.retry();
    ctrl.tap('c3');
    ctrl.tap('d5');
    ctrl.tap('d5'); // picked again: taken back
    await ctrl.check();
    expect(ctrl.outcome).toMatchObject({ kind: 'solved', stars: 2 });
  });

  it('removes a frozen piece (its square twice), and keeps the moves while the request is out', async () => {
    const { ctrl } = await lesson('removal-1');
    ctrl.begin();
    expect(ctrl.boardState()?.board.frozen).toContain('d4');
    const answer = ctrl.play('d4', 'd4');
    // Still the learner's moves while it is asked: the board keeps its selection.
    expect(ctrl.busy).toBe(true);
    expect(ctrl.boardState()?.moves.length).toBeGreaterThan(0);
    await answer;
    expect(ctrl.outcome).toMatchObject({ kind: 'solved' });
  });

  it('opens the task again when the Rust side no longer has it open (the course was reset)', async () => {
    const { ctrl, backend, app } = await lesson('board-2');
    backend.taskMove = () => Promise.reject(new ApiError({ kind: 'noGame', problem: { code: 'notOpenTask', task: 'board-2' } }));
    const open = vi.spyOn(backend, 'openTask');
    expect(await ctrl.play('e1', 'e5')).toBe(false);
    expect(open).toHaveBeenCalledWith('board-2');
    expect(app.showError).not.toHaveBeenCalled();
  });
});

describe('a task that cannot be opened', () => {
  it('says why, and shows the map instead', async () => {
    const { ctrl, app } = await lesson('leaper-9');
    expect(ctrl.task).toBeUndefined();
    expect(app.showError).toHaveBeenCalledWith(expect.objectContaining({ problem: { code: 'noSuchTask', task: 'leaper-9' } }));
    expect(app.go).toHaveBeenCalledWith({ screen: 'learn' }, {}, 'replace');
  });
});

describe('the course map', () => {
  it('shows the progress and goes on at the next unsolved task', async () => {
    const app = { go: vi.fn(() => Promise.resolve()), redraw: vi.fn(), showError: vi.fn(), rememberCourse: vi.fn() };
    const ctrl = new LearnCtrl(app as unknown as LearnHost, backendOf({ 'board-1': 2 }), null);
    await ctrl.load();
    const board = ctrl.map?.chapters[0];
    expect(board).toMatchObject({ id: 'board', earned: 2, possible: 12, done: false });
    expect(board && LearnCtrl.done(board)).toBe(1);
    expect(ctrl.map?.next).toBe('board-2');
    expect(ctrl.map?.chapters).toHaveLength(14);
    expect(app.rememberCourse).toHaveBeenCalledWith(ctrl.map);
    ctrl.continueCourse();
    expect(app.go).toHaveBeenCalledWith({ screen: 'lesson', id: 'board-2' });
    expect(ctrl.map?.finale).toEqual({ game: null, done: false });
  });

  it('starts the closing game from the map', async () => {
    const app = { go: vi.fn(() => Promise.resolve()), redraw: vi.fn(), showError: vi.fn(), rememberCourse: vi.fn() };
    const backend = backendOf();
    const ctrl = new LearnCtrl(app as unknown as LearnHost, backend, null);
    await ctrl.startFinale();
    expect(app.showError).not.toHaveBeenCalled();
    const map = await backend.courseMap();
    expect(map.finale.game).toEqual(expect.any(String));
    expect(app.go).toHaveBeenCalledWith({ screen: 'play', gameId: map.finale.game }, expect.anything());
  });
});

describe('the course’s later lessons', () => {
  it('says what a missed move took, from the engine’s captures', async () => {
    const { ctrl, app } = await lesson('pawn-1');
    ctrl.begin();
    // A pawn move that pinches nothing: the marked pawn stays.
    const quiet = ctrl.task?.legalMoves.find((mv) => mv.captures.length === 0 && mv.from !== mv.to);
    expect(quiet).toBeDefined();
    await ctrl.play(quiet!.from, quiet!.to);
    expect(ctrl.outcome?.kind).toBe('missed');
    const facts = ctrl.outcome?.kind === 'missed' ? ctrl.outcome.facts : [];
    expect(facts[0]).toBe('Your move took nothing.');
    expect(facts[1]).toMatch(/^The marked piece on [a-h][1-8] is still on the board\.$/);
    expect(app.announce).toHaveBeenLastCalledWith(expect.stringContaining('Your move took nothing.'));
  });

  it('counts the hint: the try earns a star less', async () => {
    const { ctrl } = await lesson('board-2');
    ctrl.begin();
    expect(ctrl.task?.hinted).toBe(false);
    await ctrl.showHint();
    expect(ctrl.task?.hinted).toBe(true);
    await ctrl.play('e1', 'e5');
    expect(ctrl.outcome).toMatchObject({ kind: 'solved', stars: 2 });
  });

  it('asks which of the learner’s pieces are attacked, and says which when wrong', async () => {
    const { ctrl } = await lesson('together-3');
    ctrl.begin();
    expect(ctrl.quiz).toBe(true);
    ctrl.tap('c4');
    await ctrl.check();
    expect(ctrl.outcome).toMatchObject({ kind: 'wrong', taken: ['f4'], quiz: 'threats' });
    expect(wrongText(ctrl.outcome)).toBe('Black could take only your piece on f4.');
    await ctrl.retry();
    ctrl.tap('f4');
    await ctrl.check();
    expect(ctrl.outcome?.kind).toBe('solved');
  });

  it('sets up the back rank piece by piece, by the squares Rust accepts', async () => {
    const { ctrl } = await lesson('board-4', { 'board-1': 3, 'board-2': 3, 'board-3': 3 });
    ctrl.begin();
    expect(setupAsk(ctrl.task)).toBe('Where does your king stand? Tap its square.');
    ctrl.tap('d1');
    await vi.waitFor(() => expect(ctrl.task?.placed).toBe(1));
    expect(ctrl.task?.board.pieces.some((p) => p.square === 'd1' && p.role === 'king')).toBe(true);
    expect(setupAsk(ctrl.task)).toBe('Where does your withdrawer stand? Tap its square.');
    ctrl.tap('d2');
    await vi.waitFor(() => expect(ctrl.outcome?.kind).toBe('wrong'));
    expect(wrongText(ctrl.outcome)).toBe('Not there: that piece stands on e1.');
  });

  it('gives each piece set its own words where a text names a piece by its look', async () => {
    const { ctrl } = await lesson('board-1');
    expect(chapterText(ctrl.task, 'intro', 'chess')).toContain('the withdrawer (the queen)');
    expect(chapterText(ctrl.task, 'intro', 'emblems')).not.toContain('queen');
  });

  it('ends with a game against the Novice bot, started from the last task', async () => {
    const { ctrl, app } = await lesson('together-6');
    ctrl.begin();
    await ctrl.play('g8', 'd5');
    expect(ctrl.outcome?.kind).toBe('solved');
    expect(ctrl.isLastTask()).toBe(true);
    await ctrl.startFinale();
    expect(app.go).toHaveBeenLastCalledWith({ screen: 'play', gameId: expect.any(String) }, expect.anything(), 'replace');
  });
});
