// Play (and review): the board panel, whose move it is, the bot thinking, the move list with
// stepping, take-back, resign, draw offers and the game-over panel. Every change comes back from
// the Rust side as a fresh GameView; this screen only shows it. The pieces it is made of
// (GameController, Stepper, the board panel, the move list) are the ones the course and the
// puzzles use too.

import { api } from '../api';
import type { App, Screen } from '../app';
import type { Color, GameEvent, GameView, MoveView } from '../bindings';
import { BoardPanel, boardView, moveFormView, removalView, type BoardPanelState } from '../components/boardPanel';
import { moveListView } from '../components/moveList';
import { ask } from '../dialog';
import { GameController, type GameBackend, type GameChange } from '../game/controller';
import { Stepper, stepForKey } from '../game/stepper';
import { t } from '../i18n';
import { soundFor } from '../sound';
import { h, testid, type VNode } from '../view/snabbdom';
import { levelName, otherSide, playerSide, plyInWords, reasonText, resultHeadline, resultSentence } from '../wording';

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

  constructor(
    readonly app: App,
    initial: GameView,
    backend: GameBackend = api,
    private readonly questions: PlayQuestions = dialogQuestions,
  ) {
    this.game = new GameController(initial, backend, {
      redraw: () => app.redraw(),
      changed: (change, game) => this.changed(change, game),
      failed: (error) => app.showError(error),
      succeeded: () => app.clearError(),
      remember: (game) => app.remember(game),
    });
    this.stepper = new Stepper((ply) => api.boardAt(this.game.game.id, ply), {
      redraw: () => app.redraw(),
      failed: (error) => app.showError(error),
    });
    this.panel = new BoardPanel(app.settings, {
      play: (from, to) => this.game.play(from, to),
      redraw: () => app.redraw(),
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
    const base: Color = opponent.kind === 'bot' ? otherSide(opponent.botSide) : opponent.turnBoard ? game.board.turn : 'white';
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
    return check ? t('play.botMoveCheck') : t('play.botMove');
  }

  opponentText(): string {
    const opponent = this.view.opponent;
    if (opponent.kind === 'friend') return opponent.turnBoard ? t('play.opponentFriendTurning') : t('play.opponentFriend');
    return t('play.opponentBot', { context: otherSide(opponent.botSide), level: levelName(opponent.level) });
  }

  /** The screen is shown: the game is opened on the Rust side (the bot resumes). */
  start(): void {
    void this.game.start();
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
    this.panel.cleared();
    const app = this.app;
    if (change.kind === 'moved') {
      app.sounds.play(soundFor(change.ply, game.board, game.result));
      const sentences = [plyInWords(change.ply)];
      if (game.board.check && !game.result) sentences.push(t('announce.check'));
      if (game.result) sentences.push(t('announce.result', { headline: resultHeadline(game.result, game.opponent), reason: reasonText(game.result) }));
      app.announce(sentences.join(' '));
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

const dialogQuestions: PlayQuestions = {
  async resign(game, side) {
    const message = game.opponent.kind === 'bot' ? t('dialog.resignBot') : t('dialog.resignFriend', { context: side });
    const sure = await ask({
      title: t('dialog.resignTitle'),
      message,
      testid: 'confirm-resign-dialog',
      actions: [
        { label: t('dialog.keepPlaying'), value: false, focus: true },
        { label: t('dialog.resign'), value: true, style: 'danger', testid: 'confirm-resign' },
      ],
    });
    return sure === true;
  },
  acceptDraw(offerer) {
    return ask({
      title: t('dialog.drawTitle', { context: offerer }),
      message: t('dialog.drawMessage', { context: otherSide(offerer) }),
      testid: 'draw-dialog',
      actions: [
        { label: t('dialog.decline'), value: false, focus: true, testid: 'draw-decline' },
        { label: t('dialog.acceptDraw'), value: true, style: 'primary', testid: 'draw-accept' },
      ],
    });
  },
  async abandonForRematch(inProgress) {
    const opponent = inProgress.opponent;
    const message =
      opponent.kind === 'bot'
        ? t('dialog.rematchMessage', { context: 'bot', level: levelName(opponent.level) })
        : t('dialog.rematchMessage', { context: 'friend' });
    const sure = await ask({
      title: t('dialog.rematchTitle'),
      message,
      actions: [
        { label: t('dialog.keepThatGame'), value: false, focus: true },
        { label: t('dialog.startRematch'), value: true, style: 'danger', testid: 'confirm-rematch' },
      ],
    });
    return sure === true;
  },
};

export function playScreen(app: App, game: GameView): Screen {
  const ctrl = new PlayCtrl(app, game);
  // ← → Home End step through the game, except while typing or in a dialog.
  const onKey = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement | null;
    if (target?.closest?.('input, select, textarea, dialog')) return;
    const ply = ctrl.stepForKey(event);
    if (ply === undefined) return;
    event.preventDefault();
    void ctrl.stepTo(ply);
  };
  return {
    view: () => playView(ctrl),
    mounted: () => {
      document.addEventListener('keydown', onKey);
      ctrl.start();
    },
    event: (event) => ctrl.event(event),
    leave: () => {
      document.removeEventListener('keydown', onKey);
      ctrl.leave();
    },
  };
}

// Grid areas (app.css): the status above the board on a phone, beside it on a laptop; the
// removal control beside the board, or under it on a phone (above, it would shift the board
// under the finger). The move box comes before the move list: keyboard users reach it first.
export function playView(ctrl: PlayCtrl): VNode {
  const game = ctrl.view;
  const state = ctrl.boardState();
  const over = game.result !== null;
  const bot = game.opponent.kind === 'bot';
  const button = (id: string, label: string, onClick: () => void, hidden: boolean, extra: Record<string, string> = {}, style = ''): VNode =>
    h(`button${style}`, { attrs: { type: 'button', ...testid(id), hidden, ...extra }, on: { click: onClick } }, label);
  return h('section.screen.play', [
    h('h1.visually-hidden', t('play.title')),
    h('div.card.status-card.play-status', [
      h('p.opponent', { attrs: testid('opponent') }, ctrl.opponentText()),
      h('p.status-line', { attrs: testid('status-line') }, ctrl.statusText()),
      h('p.thinking', { attrs: { ...testid('thinking'), hidden: !ctrl.game.thinking } }, [
        h('span.spinner', { attrs: { 'aria-hidden': 'true' } }),
        t('play.thinking'),
      ]),
    ]),
    boardView(ctrl.panel, state),
    removalView(ctrl.panel),
    moveFormView(ctrl.panel, state),
    h('aside.play-panel', { attrs: { 'aria-label': t('play.panel') } }, [
      gameOverView(ctrl),
      moveListView({
        plies: game.plies,
        shown: ctrl.shownPly(),
        backToGame: ctrl.stepper.reviewing && !over,
        step: (ply) => void ctrl.stepTo(ply),
      }),
      h('div.play-actions', [
        // Between friends a take-back is a request the other side answers: not offered here yet.
        button('take-back', t('play.takeBack'), () => void ctrl.takeBack(), !bot || ctrl.game.seat('takeBack') === null),
        button('offer-draw', t('play.offerDraw'), () => void ctrl.offerDraw(), ctrl.game.seat('offerDraw') === null && ctrl.game.seat('answerDraw') === null),
        button('resign', t('play.resign'), () => void ctrl.resign(), ctrl.game.seat('resign') === null, {}, '.danger'),
        button('flip', t('play.flip'), () => ctrl.flip(), false, { 'aria-pressed': String(ctrl.flipped) }),
      ]),
    ]),
  ]);
}

function gameOverView(ctrl: PlayCtrl): VNode {
  const result = ctrl.view.result;
  const focusOnce = (vnode: VNode): void => {
    if (!ctrl.focusGameOver) return;
    ctrl.focusGameOver = false;
    (vnode.elm as HTMLElement).focus();
  };
  return h(
    'section.game-over.card',
    { attrs: { ...testid('game-over'), 'aria-label': t('play.gameOver'), hidden: !result || !ctrl.gameOverOpen } },
    [
      h('h2', { attrs: { tabindex: -1 }, hook: { insert: focusOnce, postpatch: (_old, vnode) => focusOnce(vnode) } }, result ? resultHeadline(result, ctrl.view.opponent) : ''),
      h('p', { attrs: testid('game-over-reason') }, result ? reasonText(result) : ''),
      h('div.game-over-actions', [
        h('button.primary', { attrs: { type: 'button', ...testid('rematch') }, on: { click: () => void ctrl.rematch() } }, t('play.rematch')),
        h(
          'button',
          {
            attrs: { type: 'button', ...testid('review') },
            // The panel goes: the focus moves on to stepping forward through the game.
            on: { click: () => void ctrl.review().then(() => document.querySelector<HTMLElement>('[data-testid="step-forward"]')?.focus()) },
          },
          t('play.review'),
        ),
        h('button', { attrs: { type: 'button', ...testid('game-over-new-game') }, on: { click: () => ctrl.newGame() } }, t('play.newGame')),
      ]),
    ],
  );
}
