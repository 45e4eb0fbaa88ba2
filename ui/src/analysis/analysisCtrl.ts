// The analysis screen's controller, without the DOM: the finished game, its analysis (kept, or
// run now with its progress, stoppable), the position shown (stepping, the chart's clicks), and
// the engine's best line from there played on the board as a variation. Its view is analysis.ts.

import type { App } from '../app/app';
import type { AnalysisView, BoardView, Color, Eval, GameView, LineView } from '../bindings';
import { BoardPanel, type BoardPanelState } from '../common/components/boardPanelCtrl';
import { stepForKey } from '../common/game/stepper';
import { sentences, t } from '../i18n';
import { formatPly } from '../common/notation';
import { otherSide, plyInWords } from '../common/wording';
import { analysisApi, type AnalysisBackend } from './api';
import { evalWords, judgementName } from './format';

/** What the analysis screen needs of the app. */
export type AnalysisHost = Pick<App, 'settings' | 'redraw' | 'showError' | 'clearError' | 'announce' | 'go'>;

export type Phase =
  | { kind: 'loading' }
  /** `done` positions of `total` searched. */
  | { kind: 'running'; done: number; total: number }
  | { kind: 'stopped'; done: number; total: number }
  | { kind: 'done' }
  | { kind: 'failed' };

/** The engine's line from the game's position `from`, on the board: `index` moves into it. */
export interface Variation {
  from: number;
  line: LineView;
  /** The board after each move of the line. */
  boards: BoardView[];
  index: number;
}

export class AnalysisCtrl {
  game: GameView | null = null;
  analysis: AnalysisView | null = null;
  phase: Phase = { kind: 'loading' };
  /** The position of the game shown: 0 is the start. */
  ply = 0;
  variation: Variation | null = null;
  flipped = false;
  readonly panel: BoardPanel;
  private readonly boards = new Map<number, BoardView>();
  /** Bumped by each step: a board arriving for an older one is dropped. */
  private request = 0;
  private closed = false;

  constructor(
    readonly app: AnalysisHost,
    readonly gameId: string,
    private readonly backend: AnalysisBackend = analysisApi,
  ) {
    this.panel = new BoardPanel(app.settings, {
      // Nothing is played on this board: the variation is stepped through, not played.
      play: () => Promise.resolve(false),
      redraw: () => app.redraw(),
      announce: (text) => app.announce(text),
    });
  }

  /** Opens the game at its last position, with its kept analysis, or analyses it now. */
  async start(): Promise<void> {
    try {
      const game = await this.backend.game(this.gameId);
      if (this.closed) return;
      this.game = game;
      this.ply = game.plies.length;
      this.boards.set(this.ply, game.board);
      this.app.redraw();
      const kept = await this.backend.stored(this.gameId);
      if (this.closed) return;
      if (kept) {
        this.analysis = kept;
        this.phase = { kind: 'done' };
        this.app.redraw();
      } else {
        await this.run();
      }
    } catch (error) {
      if (this.closed) return;
      this.phase = { kind: 'failed' };
      this.app.showError(error);
      this.app.redraw();
    }
  }

  /** Runs the analysis (again, after a stop), its progress shown as it comes. */
  async run(): Promise<void> {
    const game = this.game;
    if (!game || this.phase.kind === 'running') return;
    const total = game.plies.length + 1;
    this.phase = { kind: 'running', done: 0, total };
    this.app.announce(t('analysis.started'));
    this.app.redraw();
    try {
      const answer = await this.backend.analyse(this.gameId, (step) => {
        if (this.closed || this.phase.kind !== 'running') return;
        this.phase = { kind: 'running', done: step.done, total: step.total };
        this.app.redraw();
      });
      if (this.closed) return;
      if (answer.kind === 'done') {
        this.analysis = answer.analysis;
        this.phase = { kind: 'done' };
        this.app.clearError();
        this.app.announce(t('analysis.finished'));
      } else {
        this.phase = { kind: 'stopped', done: answer.done, total: answer.total };
        this.app.announce(t('analysis.stopped', { done: answer.done, total: answer.total }));
      }
    } catch (error) {
      if (this.closed) return;
      this.phase = { kind: 'failed' };
      this.app.showError(error);
    }
    this.app.redraw();
  }

  /** Stops the analysis under way (its answer says `stopped`). */
  async cancel(): Promise<void> {
    if (this.phase.kind !== 'running') return;
    try {
      await this.backend.stop(this.gameId);
    } catch (error) {
      this.app.showError(error);
    }
  }

  /** Opens the page of the game's rules (its Back returns to the analysis). */
  openRules(): void {
    const reading = this.game?.reading;
    if (reading !== undefined) void this.app.go({ screen: 'rules', reading });
  }

  /** The screen is left: an analysis under way is stopped, nothing more is drawn. */
  leave(): void {
    if (this.phase.kind === 'running') void this.backend.stop(this.gameId).catch(() => undefined);
    this.closed = true;
    this.request++;
  }

  get total(): number {
    return this.game?.plies.length ?? 0;
  }

  /** Shows the game's position after `ply` moves (leaving a variation). */
  async stepTo(ply: number): Promise<void> {
    if (!this.game || !Number.isInteger(ply) || ply < 0 || ply > this.total) return;
    const request = ++this.request;
    let board = this.boards.get(ply);
    try {
      if (!board) {
        board = await this.backend.boardAt(this.gameId, ply);
        this.boards.set(ply, board);
      }
    } catch (error) {
      if (request === this.request) this.app.showError(error);
      return;
    }
    if (request !== this.request || this.closed) return;
    this.variation = null;
    this.ply = ply;
    this.app.redraw();
    this.app.announce(this.positionWords());
  }

  /** The best line from the shown position, `index` moves into it, on the board. */
  async playLine(index: number): Promise<void> {
    const line = this.bestLine();
    if (!line || index < 0 || index > line.moves.length) return;
    const from = this.ply;
    let variation = this.variation;
    if (!variation || variation.from !== from) {
      const request = ++this.request;
      let boards: BoardView[];
      try {
        boards = await this.backend.lineBoards(this.gameId, from, line.moves);
      } catch (error) {
        if (request === this.request) this.app.showError(error);
        return;
      }
      if (request !== this.request || this.closed) return;
      variation = { from, line, boards, index: 0 };
    }
    this.variation = { ...variation, index: Math.min(index, variation.boards.length) };
    this.app.redraw();
    const ply = line.plies[this.variation.index - 1];
    this.app.announce(ply ? t('analysis.variationAt', { move: plyInWords(ply) }) : t('analysis.variationStart'));
  }

  /** Back from the variation to the game's position it started from. */
  leaveVariation(): void {
    if (!this.variation) return;
    this.variation = null;
    this.app.redraw();
    this.app.announce(this.positionWords());
  }

  /** ← → Home End: through the variation while one is shown, else through the game. Returns
   * whether the key was used. */
  key(event: Parameters<typeof stepForKey>[0]): boolean {
    const variation = this.variation;
    if (variation) {
      const to = stepForKey(event, variation.index, variation.boards.length);
      if (to === undefined) return false;
      if (to < 0) this.leaveVariation();
      else if (to <= variation.boards.length) void this.playLine(to);
      return true;
    }
    const to = stepForKey(event, this.ply, this.total);
    if (to === undefined) return false;
    void this.stepTo(to);
    return true;
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.app.redraw();
  }

  /** The engine's best line from the shown position of the game, once analysed. */
  bestLine(): LineView | null {
    return this.analysis?.positions[this.ply]?.best ?? null;
  }

  /** The score of what the board shows: the position, or in a variation the line's end. */
  shownEval(): { eval: Eval; winChance: number } | null {
    // A win chance crosses as `null` only if it was not a number (never, from the engine).
    if (this.variation) return { eval: this.variation.line.eval, winChance: this.variation.line.winChance ?? 0 };
    const position = this.analysis?.positions[this.ply];
    return position ? { eval: position.eval, winChance: position.winChance ?? 0 } : null;
  }

  orientation(): Color {
    const opponent = this.game?.opponent;
    const base: Color = opponent?.kind === 'bot' ? otherSide(opponent.botSide) : 'white';
    return this.flipped ? otherSide(base) : base;
  }

  boardState(): BoardPanelState | null {
    const game = this.game;
    if (!game) return null;
    const variation = this.variation;
    const board = variation && variation.index > 0 ? variation.boards[variation.index - 1] : this.boards.get(this.ply);
    return { board: board ?? game.board, moves: [], orientation: this.orientation(), canType: false, over: true };
  }

  /** The shown position in words: the move that led here, its judgement, the score. */
  positionWords(): string {
    const game = this.game;
    if (!game) return '';
    const before = game.plies[this.ply - 1];
    const parts: string[] = [before ? t('moveList.announceAfter', { ply: this.ply, total: this.total, move: plyInWords(before) }) : t('moveList.announceStart')];
    const judgement = this.analysis?.moves[this.ply - 1]?.judgement;
    if (judgement) parts.push(judgementName(judgement));
    const shown = this.shownEval();
    if (shown) parts.push(evalWords(shown.eval));
    return sentences(parts);
  }

  /** The best line written out: "Wd8-g8# Kh8-h7 ...". */
  lineText(line: LineView): string {
    return line.plies.map((ply) => formatPly(ply)).join(' ');
  }
}
