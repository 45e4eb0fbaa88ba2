// The play screen's controller, without the DOM: the game (GameController), stepping (Stepper),
// the board panel's state, the flipped board, the game-over panel, and the questions it asks
// (dialogs in the app, answers in tests). Its view is play.ts.

import { gameEvalBar, gameHint } from '../analysis/api';
import { api, isCancelled } from '../api';
import type { App } from '../app/app';
import type { BoardView, Color, EvalBarView, GameEvent, GameView, HintView, MoveView } from '../bindings';
import type { LessonMarks } from '../common/board/types';
import { copyText } from '../common/clipboard';
import { BoardPanel, type BoardPanelState } from '../common/components/boardPanelCtrl';
import { GameController, type GameBackend, type GameChange } from '../common/game/controller';
import { Stepper, stepForKey } from '../common/game/stepper';
import { sentences, t } from '../i18n';
import { soundFor } from '../common/sound';
import { levelName, otherSide, playerSide, plyInWords, reasonText, resultHeadline, resultSentence } from '../common/wording';

/** What the play screen needs of the app. */
export type PlayHost = Pick<
  App,
  'settings' | 'current' | 'sounds' | 'redraw' | 'showError' | 'clearError' | 'remember' | 'announce' | 'hasGameInProgress' | 'go'
>;

const NO_MOVES: readonly MoveView[] = [];

/** The questions the play screen asks the player; dialogs in the app, answers in tests. */
export interface PlayQuestions {
  resign(game: GameView, side: Color): Promise<boolean>;
  /** `undefined`: put away without an answer (Escape). */
  acceptDraw(offerer: Color): Promise<boolean | undefined>;
  abandonForRematch(inProgress: GameView): Promise<boolean>;
}

export class PlayCtrl {
  readonly game: GameController;
  readonly stepper: Stepper;
  readonly panel: BoardPanel;
  flipped = false;
  /** The game-over panel is shown (it is put away to review the game). */
  gameOverOpen = true;
  /** A rematch request is on its way. */
  rematching = false;
  /** The game-over heading takes the focus once drawn (the game just ended). */
  focusGameOver = false;
  /** The hint shown (the piece the engine would move), until the position changes. */
  shownHint: HintView | null = null;
  /** The hint's mark on the board. */
  hintMarks: LessonMarks | undefined = undefined;
  /** Where hints come from (the Rust side; a fake in tests). */
  hintSource: (gameId: string) => Promise<HintView> = gameHint;
  /** The evaluation bar's score (when the player turned the bar on): of the position shown, or
   * of the one before while the engine looks at it. */
  shownEval: EvalBarView | null = null;
  /** Where the bar's scores come from (the Rust side, in the background; a fake in tests). */
  evalSource: (gameId: string, ply: number) => Promise<EvalBarView> = gameEvalBar;
  /** The newest request for the bar: an answer to an older one is stale and dropped. */
  private evalRequest = 0;
  /** The last "Copy moves": whether it worked, and the text (shown to copy by hand if not);
   * `null`: not copied yet. */
  copiedMoves: { copied: boolean; text: string } | null = null;
  /** Where the game as text comes from (the Rust side; a fake in tests). */
  textSource: (gameId: string) => Promise<string> = api.gameText;

  constructor(
    readonly app: PlayHost,
    initial: GameView,
    private readonly questions: PlayQuestions,
    backend: GameBackend = api,
    boardAt: (gameId: string, ply: number) => Promise<BoardView> = api.boardAt,
  ) {
    this.game = new GameController(initial, backend, {
      redraw: () => app.redraw(),
      changed: (change, game) => this.changed(change, game),
      // A move the rules refuse is explained by the board; any other failure by the app.
      failed: (error) => {
        if (!this.panel.refuse(error)) app.showError(error);
      },
      succeeded: () => app.clearError(),
      remember: (game) => app.remember(game),
    });
    this.stepper = new Stepper((ply) => boardAt(this.game.game.id, ply), {
      redraw: () => app.redraw(),
      failed: (error) => app.showError(error),
    });
    this.panel = new BoardPanel(app.settings, {
      play: (from, to) => this.game.play(from, to),
      redraw: () => app.redraw(),
      announce: (text) => app.announce(text),
      learn: (chapter) => void app.go({ screen: 'lesson', id: chapter }),
    });
  }

  get view(): GameView {
    return this.game.game;
  }

  /** The moves the player may make on the board now. */
  playableMoves(): readonly MoveView[] {
    return this.stepper.reviewing ? NO_MOVES : this.view.legalMoves;
  }

  orientation(): Color {
    const game = this.view;
    const opponent = game.opponent;
    const player = playerSide(opponent);
    const base: Color = player ?? (opponent.kind === 'friend' && opponent.turnBoard ? game.board.turn : 'white');
    return this.flipped ? otherSide(base) : base;
  }

  boardState(): BoardPanelState {
    const game = this.view;
    const over = game.result !== null;
    return {
      board: this.stepper.board ?? game.board,
      moves: this.playableMoves(),
      orientation: this.orientation(),
      canType: !over && !this.stepper.reviewing && game.legalMoves.length > 0,
      over,
      reading: game.reading,
    };
  }

  shownPly(): number {
    return this.stepper.shown(this.view.plies.length);
  }

  /** The line under the opponent: whose move, check; once the game-over panel is put away, the result. */
  statusText(): string {
    const game = this.view;
    if (game.result) return this.gameOverOpen ? t('play.gameOver') : resultSentence(game.result, game.opponent);
    const turn = game.board.turn;
    const check = game.board.check !== null;
    const player = playerSide(game.opponent);
    if (player === undefined) return check ? t('play.sideToMoveCheck', { context: turn }) : t('play.sideToMove', { context: turn });
    if (turn === player) return check ? t('play.yourMoveCheck', { context: turn }) : t('play.yourMove', { context: turn });
    if (game.opponent.kind === 'online') return check ? t('online.opponentMoveCheck') : t('online.opponentMove');
    return check ? t('play.botMoveCheck') : t('play.botMove');
  }

  opponentText(): string {
    const opponent = this.view.opponent;
    if (opponent.kind === 'friend') return opponent.turnBoard ? t('play.opponentFriendTurning') : t('play.opponentFriend');
    if (opponent.kind === 'online') return t('online.opponent', { context: opponent.playerSide });
    return t('play.opponentBot', { context: otherSide(opponent.botSide), level: levelName(opponent.level) });
  }

  /** Opens the page of the game's rules (its Back returns to the game). */
  openRules(): void {
    const reading = this.view.reading;
    if (reading !== undefined) void this.app.go({ screen: 'rules', reading });
  }

  /** The screen is shown: the game is opened on the Rust side (the bot resumes). */
  start(): void {
    void this.game.start();
    this.refreshEval();
  }

  /** Whether the evaluation bar is beside the board: the player turned it on, in a game against
   * the bot or between friends on this device; never in a game online (a game against a person
   * is played without the engine). */
  evalBarShown(): boolean {
    return this.app.settings.showEvalBar && this.view.opponent.kind !== 'online';
  }

  /** The bar turned on, in a game online: the screen says why it is not there. */
  evalBarOffOnline(): boolean {
    return this.app.settings.showEvalBar && this.view.opponent.kind === 'online';
  }

  /** Asks the Rust side for the score of the position shown, in the background. The bar keeps
   * the score before until the answer comes; only the newest request's answer is shown (a move
   * made meanwhile, or stepping on, makes an older one stale; the Rust side stops its search). */
  refreshEval(): void {
    if (!this.evalBarShown()) {
      this.shownEval = null;
      return;
    }
    const request = ++this.evalRequest;
    const gameId = this.view.id;
    const ply = this.shownPly();
    this.evalSource(gameId, ply).then(
      (shown) => {
        if (request !== this.evalRequest || this.game.isClosed) return;
        this.shownEval = shown;
        this.app.redraw();
      },
      (error: unknown) => {
        // A stopped search was stale already; a failure of the newest is said.
        if (request !== this.evalRequest || this.game.isClosed || isCancelled(error)) return;
        this.app.showError(error);
      },
    );
  }

  /** An update the Rust side pushed (the bot's move). */
  event(event: GameEvent): void {
    this.game.event(event);
  }

  leave(): void {
    this.game.close();
    // Stops the bot's search; the game itself stays saved on the Rust side.
    if (!this.game.over) api.leaveGame(this.view.id).catch((error: unknown) => this.app.showError(error));
  }

  /** A newer view of the game was taken: back to the live position, and say what happened. */
  private changed(change: GameChange, game: GameView): void {
    this.stepper.reset();
    this.shownHint = null;
    this.hintMarks = undefined;
    this.panel.cleared();
    this.refreshEval();
    const app = this.app;
    if (change.kind === 'moved') {
      app.sounds.play(soundFor(change.ply, game.board, game.result));
      const said = [plyInWords(change.ply)];
      if (game.board.check && !game.result) said.push(t('announce.check'));
      if (game.result) said.push(t('announce.result', { headline: resultHeadline(game.result, game.opponent), reason: reasonText(game.result) }));
      app.announce(sentences(said));
    } else if (change.kind === 'ended' && game.result) {
      app.sounds.play('end');
      app.announce(t('announce.result', { headline: resultHeadline(game.result, game.opponent), reason: reasonText(game.result) }));
    }
    if (change.kind === 'ended' || (change.kind === 'moved' && change.ended)) {
      this.gameOverOpen = true;
      this.focusGameOver = true;
    }
  }

  async stepTo(ply: number): Promise<void> {
    const total = this.view.plies.length;
    if (!(await this.stepper.stepTo(ply, total))) return;
    this.refreshEval();
    const before = this.view.plies[ply - 1];
    this.app.announce(before ? t('moveList.announceAfter', { ply, total, move: plyInWords(before) }) : t('moveList.announceStart'));
  }

  /** Puts the game-over panel away and goes to the start, to step through the game. */
  async review(): Promise<void> {
    this.gameOverOpen = false;
    await this.stepTo(0);
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.app.redraw();
  }

  /** Whether a hint may be asked for: against the bot, on the player's move, at the live position. */
  mayHint(): boolean {
    return this.view.opponent.kind === 'bot' && this.view.result === null && !this.stepper.reviewing && this.game.seat('play') !== null;
  }

  /** Against the bot: marks the piece the engine would move (the record counts the hint). */
  async askHint(): Promise<void> {
    if (!this.mayHint()) return;
    const ply = this.view.plies.length;
    try {
      const hint = await this.hintSource(this.view.id);
      // A move made meanwhile makes the hint stale.
      if (this.game.isClosed || this.view.plies.length !== ply) return;
      this.shownHint = hint;
      this.hintMarks = { hint: hint.square };
      this.app.announce(t('analysis.hintLine', { square: hint.square, count: hint.hints }));
      this.app.redraw();
    } catch (error) {
      this.app.showError(error);
    }
  }

  /** Copies the game as text (tag pairs and the moves, as the Rust side writes it) and says
   * whether that worked; if not, the text is shown to copy by hand. */
  async copyMoves(): Promise<void> {
    try {
      const text = await this.textSource(this.view.id);
      const copied = await copyText(text);
      if (this.game.isClosed) return;
      this.copiedMoves = { copied, text };
      this.app.announce(copied ? t('play.movesCopied') : t('play.copyMovesFailed'));
      this.app.redraw();
    } catch (error) {
      if (!this.game.isClosed) this.app.showError(error);
    }
  }

  takeBack(): Promise<boolean> {
    return this.game.takeBack();
  }

  async resign(): Promise<void> {
    // The Rust side says who resigns: against the bot the player; between friends, the side to move.
    const side = this.game.seat('resign');
    if (side !== null && (await this.questions.resign(this.view, side))) await this.game.resign();
  }

  /** Between friends on one device: the side to move offers, and the other answers at once. */
  async offerDraw(): Promise<void> {
    const open = this.view.drawOffer;
    const offerer = open ?? this.game.seat('offerDraw');
    if (offerer === null) return;
    const accepted = await this.questions.acceptDraw(offerer);
    if (accepted) {
      await this.game.agreeDraw();
    } else if (accepted === false) {
      if (await this.game.declineDraw()) this.app.announce(t('announce.drawDeclined', { context: otherSide(offerer) }));
    }
  }

  async rematch(): Promise<void> {
    const app = this.app;
    const current = app.current;
    if (app.hasGameInProgress() && current && current.id !== this.view.id) {
      if (!(await this.questions.abandonForRematch(current))) return;
    }
    if (this.rematching) return;
    this.rematching = true;
    try {
      const next = await api.rematch(this.view.id);
      app.current = next;
      if (this.game.isClosed) return;
      app.clearError();
      // In place of this game: back from the rematch goes home.
      await app.go({ screen: 'play', gameId: next.id }, { game: next }, 'replace');
    } catch (error) {
      if (!this.game.isClosed) app.showError(error);
    } finally {
      this.rematching = false;
    }
  }

  newGame(): void {
    void this.app.go({ screen: 'newGame' }, {}, 'replace');
  }

  /** Where a key steps to (← → Home End), or `undefined`. */
  stepForKey(event: Parameters<typeof stepForKey>[0]): number | undefined {
    return stepForKey(event, this.shownPly(), this.view.plies.length);
  }
}
