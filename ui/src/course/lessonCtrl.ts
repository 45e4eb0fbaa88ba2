// A task of the course, without the DOM: the chapter's introduction before its first task, the
// task on the same board panel as play (capture preview, frozen marks, the refused move's reason),
// the learner's move and the opponent's reply one after the other, a miss with the task's own
// hint and a retry, the hint button's marked piece, stars when solved, and the quiz's picks.
// Every judgement is the Rust side's (the course runner); its view is lesson.ts, its words
// taskText.ts and outcome.ts.

import type { App } from '../app/app';
import type { BoardView, Color, MoveView } from '../bindings';
import type { LessonMarks } from '../common/board/types';
import { BoardPanel, type BoardPanelState } from '../common/components/boardPanelCtrl';
import type { CourseBackend } from './api';
import { keyText, taskText } from './taskText';
import type { StepView, TaskView } from './types';
import { missFacts, wrongText, type Outcome } from './outcome';
import { ApiError } from '../api';
import { sentences, t } from '../i18n';
import { courseText } from '../i18n/course';
import { setupAsk } from './taskText';
import { soundFor } from '../common/sound';
import { Pause } from '../common/pause';
import { plyInWords } from '../common/wording';

export type LessonHost = Pick<App, 'settings' | 'sounds' | 'go' | 'redraw' | 'showError' | 'clearError' | 'announce' | 'rememberCourse' | 'course'>;

const NO_MOVES: readonly MoveView[] = [];
/** How long the learner's move stays on the board before the opponent's reply, by animation speed. */
const REPLY_PAUSE_MS = { none: 0, fast: 250, normal: 550, slow: 900 } as const;

function isNotOpen(error: unknown): boolean {
  return error instanceof ApiError && error.problem.code === 'notOpenTask';
}

/** A task id is "<chapter>-<n>"; anything else names a chapter. */
export function isTaskId(id: string): boolean {
  return /-\d+$/.test(id);
}

export class LessonCtrl {
  task: TaskView | undefined;
  /** The board shown: the task's, or the learner's move before the reply comes in. */
  board: BoardView | undefined;
  /** The chapter's introduction is shown (before its first task). */
  intro = false;
  outcome: Outcome | undefined;
  /** The square the hint marks. */
  hint: string | undefined;
  hintShown = false;
  /** The quiz's picks, in the order tapped. */
  picked: string[] = [];
  /** The opponent's reply is on its way to the board. */
  replying = false;
  busy = false;
  /** Where the focus goes once drawn (after Start, a solve or a miss, a retry): keyboard users go on from there. */
  focus: 'task' | 'outcome' | undefined;
  readonly panel: BoardPanel;
  private closed = false;
  private readonly pause = new Pause();

  constructor(
    readonly app: LessonHost,
    private readonly backend: CourseBackend,
    /** The route's id: a task, or a chapter (its introduction, then its first task). */
    readonly id: string,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => this.pause.sleep(ms),
  ) {
    this.panel = new BoardPanel(app.settings, {
      play: (from, to) => this.play(from, to),
      redraw: () => app.redraw(),
      announce: (text) => app.announce(text),
      learn: (chapter) => void app.go({ screen: 'lesson', id: chapter }),
    });
  }

  /** Opens the task (a chapter: its first unsolved task, after the introduction). */
  async start(): Promise<void> {
    try {
      // The map numbers the chapters (and home learns of the progress): asked for once.
      if (!this.app.course) this.app.rememberCourse(await this.backend.courseMap());
      let taskId = this.id;
      if (!isTaskId(taskId)) {
        const map = await this.backend.courseMap();
        this.app.rememberCourse(map);
        const chapter = map.chapters.find((c) => c.id === taskId);
        const first = chapter?.tasks.find((task) => task.stars === 0) ?? chapter?.tasks[0];
        if (!first) throw new Error(t('course.unknownTask'));
        taskId = first.id;
        this.intro = true;
      }
      const task = await this.backend.openTask(taskId);
      if (this.closed) return;
      this.take(task);
      // A chapter's first task comes after its introduction (not when a try is under way).
      if (task.first && task.plies.length === 0 && task.state === 'playing') this.intro = true;
      if (task.state === 'solved') this.outcome = { kind: 'solved', stars: task.stars, best: task.stars, improved: false };
      // A missed try reopened (after a relaunch) waits for its retry, as it did.
      if (task.state === 'missed') this.outcome = { kind: 'missed', missKey: task.missKey, reason: 'goalMissed', facts: [] };
    } catch (error) {
      // A task that cannot be opened (an address from an older course): say why, and show the map.
      if (!this.closed) {
        this.app.showError(error);
        void this.app.go({ screen: 'learn' }, {}, 'replace');
      }
    }
    this.app.redraw();
  }

  leave(): void {
    this.closed = true;
    this.pause.cancel();
  }

  /** A quiz: "which pieces does this move take?" or "which of yours could be taken?" (or the
   * setup, answered square by square). */
  get quiz(): boolean {
    const kind = this.task?.goal.kind;
    return kind === 'takes' || kind === 'threats' || kind === 'setup';
  }

  get setup(): boolean {
    return this.task?.goal.kind === 'setup';
  }

  /** The quiz's move. */
  quizMove(): { from: string; to: string } | undefined {
    const goal = this.task?.goal;
    return goal?.kind === 'takes' ? { from: goal.from, to: goal.to } : undefined;
  }

  /** The board panel's state: the intro's board, or the task's with the learner's moves. */
  boardState(): BoardPanelState | undefined {
    const task = this.task;
    if (!task) return undefined;
    // The moves stay while a request is out (one at a time anyway): dropping them would drop the
    // selection, and with it the removal offered for a frozen piece just picked.
    const playing = !this.intro && !this.replying && task.state === 'playing';
    const board = this.intro ? task.intro.board : (this.board ?? task.board);
    return {
      board,
      moves: playing ? task.legalMoves : NO_MOVES,
      orientation: this.orientation(),
      canType: playing && !this.quiz,
      over: this.intro || this.quiz || task.state !== 'playing',
    };
  }

  orientation(): Color {
    return this.task?.learner ?? 'white';
  }

  /** The lesson's marks on the board: the intro's, or the task's goal, hint, arrows and picks. */
  marks(): LessonMarks | undefined {
    const task = this.task;
    if (!task) return undefined;
    if (this.intro) return { highlight: task.intro.highlight, arrows: task.intro.arrows };
    const wrong = this.outcome?.kind === 'wrong' ? this.outcome.taken : [];
    const quiz = this.quizMove();
    return {
      highlight: task.highlight,
      arrows: quiz && !task.arrows.some(([from, to]) => from === quiz.from && to === quiz.to) ? [[quiz.from, quiz.to], ...task.arrows] : task.arrows,
      goal: this.board === task.board || this.board === undefined ? task.marked : [],
      hint: this.hint,
      picked: this.outcome?.kind === 'wrong' ? [] : this.picked,
      taken: wrong,
    };
  }

  /** The chapter's place in the course (1 for the first), 0 while the map is not known. */
  chapterNumber(): number {
    const chapter = this.task?.chapter;
    return (this.app.course?.chapters.findIndex((c) => c.id === chapter) ?? -1) + 1;
  }

  /** From the introduction to the task. */
  begin(): void {
    this.intro = false;
    this.focus = 'task';
    this.app.announce(taskText(this.task, 'promptKey', this.app.settings.pieceSet));
    this.app.redraw();
  }

  showIntro(): void {
    this.intro = true;
    this.app.redraw();
  }

  /** The learner's move (dragged, tapped, typed). A move the rules refuse comes back with its reason. */
  async play(from: string, to: string): Promise<boolean> {
    const task = this.task;
    if (!task || this.busy || this.intro) return false;
    this.busy = true;
    this.hint = undefined;
    try {
      const { step, task: after } = await this.backend.taskMove(task.id, from, to);
      if (this.closed) return true;
      this.app.clearError();
      await this.stepped(step, after);
      return true;
    } catch (error) {
      if (this.closed) return false;
      if (isNotOpen(error)) await this.reopen();
      else if (!this.panel.refuse(error)) this.app.showError(error);
      return false;
    } finally {
      this.busy = false;
      if (!this.closed) this.app.redraw();
    }
  }

  /** Shows a step: the learner's move, then (after a pause) the reply and what the try came to. */
  private async stepped(step: StepView, after: TaskView): Promise<void> {
    if (step.kind === 'placed') {
      this.take(after);
      this.hint = undefined;
      this.app.announce(sentences([courseText('setup.placed', { count: after.placed }), setupAsk(after)]));
      return;
    }
    if (step.kind === 'finished' || step.kind === 'wrong') {
      this.take(after);
      if (step.kind === 'wrong') {
        this.focus = 'outcome';
        this.outcome = { kind: 'wrong', missKey: step.missKey, taken: step.taken, quiz: after.goal.kind };
        this.app.announce(t('course.wrongSaid', { taken: wrongText(this.outcome), hint: keyText(this.task, step.missKey) }));
      }
      return;
    }
    const played = step.played;
    const reply = step.reply;
    if (played && reply && step.afterPlayed) {
      // The learner's move first; the reply after a moment.
      {
        this.board = step.afterPlayed;
        this.panel.cleared();
        this.replying = true;
        this.app.sounds.play(soundFor(played, this.board, null));
        this.app.announce(plyInWords(played));
        this.app.redraw();
        await this.sleep(REPLY_PAUSE_MS[this.app.settings.animation]);
        this.replying = false;
        if (this.closed) return;
      }
    }
    this.take(after);
    const last = reply ?? played;
    // A solve has its own sound; otherwise the last move's.
    if (last && step.kind !== 'solved') this.app.sounds.play(soundFor(last, after.board, null));
    const said: string[] = [];
    if (reply) said.push(t('course.announceReply', { move: plyInWords(reply) }));
    else if (played) said.push(plyInWords(played));
    if (step.kind === 'solved' || step.kind === 'missed') this.focus = 'outcome';
    if (step.kind === 'solved') {
      this.outcome = { kind: 'solved', stars: step.stars, best: step.best, improved: step.improved };
      this.app.sounds.play('end');
      said.push(t('course.solvedStars', { count: step.stars }));
      this.app.rememberCourse(undefined);
    } else if (step.kind === 'missed') {
      const facts = missFacts(after.goal, step.played, step.reply, after.marked);
      this.outcome = { kind: 'missed', missKey: step.missKey, reason: step.reason, facts };
      said.push(...facts);
      said.push(t('course.missedSaid', { hint: keyText(this.task, step.missKey) }));
    }
    this.app.announce(sentences(said));
  }

  private take(task: TaskView): void {
    this.task = task;
    this.board = undefined;
    this.panel.cleared();
    if (task.state === 'playing') this.outcome = undefined;
  }

  /** The task is no longer the open one on the Rust side (the course was reset meanwhile): open it again. */
  private async reopen(): Promise<void> {
    const task = this.task;
    if (!task) return;
    try {
      this.take(await this.backend.openTask(task.id));
      this.outcome = undefined;
      this.picked = [];
      this.hint = undefined;
    } catch (error) {
      if (!this.closed) this.app.showError(error);
    }
  }

  async retry(): Promise<void> {
    const task = this.task;
    if (!task || this.busy) return;
    this.busy = true;
    try {
      const fresh = await this.backend.taskRetry(task.id);
      if (this.closed) return;
      this.take(fresh);
      this.outcome = undefined;
      this.hint = undefined;
      this.hintShown = false;
      this.picked = [];
      this.focus = 'task';
      this.app.announce(taskText(this.task, 'promptKey', this.app.settings.pieceSet));
    } catch (error) {
      if (!this.closed) this.app.showError(error);
    } finally {
      this.busy = false;
      if (!this.closed) this.app.redraw();
    }
  }

  /** Marks the piece to move, and shows the task's hint. The Rust side counts it: the try's
   * solve earns a star less (`hinted`). */
  async showHint(): Promise<void> {
    const task = this.task;
    if (!task || task.state !== 'playing') return;
    this.hintShown = true;
    try {
      const square = await this.backend.taskHint(task.id);
      if (this.closed) return;
      this.task = { ...task, hinted: true };
      // The quiz's move is shown already; the setup's hint is the square of the piece asked for.
      this.hint = task.goal.kind === 'takes' ? undefined : (square ?? undefined);
      this.app.announce(sentences([taskText(this.task, 'hintKey', this.app.settings.pieceSet), square ? t('course.hintShown') : '']));
    } catch (error) {
      if (this.closed) return;
      if (isNotOpen(error)) await this.reopen();
      else this.app.showError(error);
    }
    this.app.redraw();
  }

  /** A tap on the board in the quiz: picks the square, or takes the pick back. In the setup:
   * puts the piece asked for there (Rust says whether that is its square). */
  tap(square: string): void {
    const task = this.task;
    if (!task || !this.quiz || task.state !== 'playing' || this.intro || this.busy) return;
    if (this.setup) {
      void this.place(square);
      return;
    }
    const piece = task.board.pieces.find((p) => p.square === square);
    if (!piece) return;
    const had = this.picked.includes(square);
    this.picked = had ? this.picked.filter((s) => s !== square) : [...this.picked, square];
    this.app.announce(t(had ? 'course.unpicked' : 'course.picked', { square }));
    this.app.redraw();
  }

  /** The setup: the piece asked for goes on `square`. */
  async place(square: string): Promise<void> {
    await this.answer((id) => this.backend.taskPlace(id, square));
  }

  /** Sends an answer that is not a move (a setup square, the quiz's picks) and shows its step. */
  private async answer(send: (taskId: string) => Promise<{ step: StepView; task: TaskView }>): Promise<void> {
    const task = this.task;
    if (!task || this.busy) return;
    this.busy = true;
    try {
      const { step, task: after } = await send(task.id);
      if (this.closed) return;
      await this.stepped(step, after);
    } catch (error) {
      if (this.closed) return;
      if (isNotOpen(error)) await this.reopen();
      else this.app.showError(error);
    } finally {
      this.busy = false;
      if (!this.closed) this.app.redraw();
    }
  }

  clearPicks(): void {
    this.picked = [];
    this.app.redraw();
  }

  async check(): Promise<void> {
    if (!this.quiz) return;
    await this.answer((id) => this.backend.taskQuiz(id, this.picked));
  }

  /** The next task (in place of this one: back goes to the map). */
  next(): void {
    const next = this.task?.following;
    if (next) void this.app.go({ screen: 'lesson', id: next }, {}, 'replace');
    else void this.app.go({ screen: 'learn' }, {}, 'replace');
  }

  /** The next task starts a new chapter. */
  nextIsNewChapter(): boolean {
    const task = this.task;
    return !!task?.following && task.number === task.chapterTasks;
  }

  map(): void {
    void this.app.go({ screen: 'learn' }, {}, 'replace');
  }

  /** The last task solved: the course ends with a game against the Novice bot. */
  isLastTask(): boolean {
    return this.task !== undefined && this.task.following === null;
  }

  /** Starts the course's closing game and opens it on the play screen. */
  async startFinale(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const game = await this.backend.startCourseGame();
      if (!this.closed) await this.app.go({ screen: 'play', gameId: game.id }, { game }, 'replace');
    } catch (error) {
      if (!this.closed) this.app.showError(error);
    } finally {
      this.busy = false;
      if (!this.closed) this.app.redraw();
    }
  }
}

