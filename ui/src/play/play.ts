// Play (and review): the board panel, whose move it is, the bot thinking, the move list with
// stepping, take-back, resign, draw offers and the game-over panel. Every change comes back from
// the Rust side as a fresh GameView; the controller (playCtrl.ts) takes it, this file draws it.
// The pieces it is made of (GameController, Stepper, the board panel, the move list) are the
// ones the course and the puzzles use too.

import { evalBar } from '../analysis/evalBar';
import type { App, Screen } from '../app/app';
import type { GameView } from '../bindings';
import { boardView, moveFormView, removalView, whyView } from '../common/components/boardPanel';
import { moveListView } from '../common/components/moveList';
import { ask } from '../common/view/dialog';
import { rulesNote } from '../common/view/rulesNote';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { levelName, otherSide, reasonText, resultHeadline } from '../common/wording';
import { PlayCtrl, type PlayQuestions } from './playCtrl';
import './play.css';

export { PlayCtrl } from './playCtrl';

export const dialogQuestions: PlayQuestions = {
  async resign(game, side) {
    const kind = game.opponent.kind;
    const message = kind === 'bot' ? t('dialog.resignBot') : kind === 'online' ? t('dialog.resignOnline') : t('dialog.resignFriend', { context: side });
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

/** The page's key handler for a game: ← → Home End step through it, except while typing, in a
 * dialog or on the board (which has keys of its own). */
export function stepKeys(ctrl: PlayCtrl): (event: KeyboardEvent) => void {
  return (event) => {
    const target = event.target as HTMLElement | null;
    if (target?.closest?.('input, select, textarea, dialog, .board-wrap')) return;
    const ply = ctrl.stepForKey(event);
    if (ply === undefined) return;
    event.preventDefault();
    void ctrl.stepTo(ply);
  };
}

export function playScreen(app: App, game: GameView): Screen {
  const ctrl = new PlayCtrl(app, game, dialogQuestions);
  const onKey = stepKeys(ctrl);
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
export function playView(ctrl: PlayCtrl, extra: readonly (VNode | null)[] = []): VNode {
  const game = ctrl.view;
  const state = ctrl.boardState();
  const over = game.result !== null;
  const bot = game.opponent.kind === 'bot';
  const online = game.opponent.kind === 'online';
  const button = (id: string, label: string, onClick: () => void, hidden: boolean, extra: Record<string, string> = {}, style = ''): VNode =>
    h(`button${style}`, { attrs: { type: 'button', ...testid(id), hidden, ...extra }, on: { click: onClick } }, label);
  return h('section.screen.play', [
    h('h1.visually-hidden', t('play.title')),
    h('div.card.status-card.play-status', [
      h('p.opponent', { attrs: testid('opponent') }, ctrl.opponentText()),
      rulesNote(ctrl.view.reading, 'game-rules', () => ctrl.openRules()),
      h('p.status-line', { attrs: testid('status-line') }, ctrl.statusText()),
      ctrl.evalBarOffOnline() ? h('p.hint', { attrs: testid('eval-bar-online') }, t('analysis.evalBarOnline')) : null,
      ctrl.shownHint ? h('p.hint-line', { attrs: testid('hint-line') }, t('analysis.hintLine', { square: ctrl.shownHint.square, count: ctrl.shownHint.hints })) : null,
      h('p.thinking', { attrs: { ...testid('thinking'), hidden: !ctrl.game.thinking } }, [
        h('span.spinner', { attrs: { 'aria-hidden': 'true' } }),
        t('play.thinking'),
      ]),
      // What another kind of game adds (online: clocks, the friend's presence, offers).
      ...extra,
    ]),
    boardWithBar(ctrl, boardView(ctrl.panel, state, { lesson: ctrl.hintMarks })),
    whyView(ctrl.panel),
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
        // Between friends on one device a take-back is a request the other side answers: not
        // offered here yet. Online it is a request to the friend.
        button(
          'take-back',
          online ? t('online.askTakeBack') : t('play.takeBack'),
          () => void ctrl.takeBack(),
          !(bot || online) || ctrl.game.seat('takeBack') === null,
        ),
        button('offer-draw', t('play.offerDraw'), () => void ctrl.offerDraw(), ctrl.game.seat('offerDraw') === null && ctrl.game.seat('answerDraw') === null),
        button('resign', t('play.resign'), () => void ctrl.resign(), ctrl.game.seat('resign') === null, {}, '.danger'),
        button('flip', t('play.flip'), () => ctrl.flip(), false, { 'aria-pressed': String(ctrl.flipped) }),
        button('hint', t('analysis.hint'), () => void ctrl.askHint(), !ctrl.mayHint()),
        button('analyse', t('analysis.open'), () => void ctrl.app.go({ screen: 'analysis', gameId: game.id }), !over),
        button('copy-moves', t('play.copyMoves'), () => void ctrl.copyMoves(), !over),
      ]),
      copiedMovesView(ctrl),
    ]),
  ]);
}

/** The board, with the evaluation bar on its left when the player turned it on. */
function boardWithBar(ctrl: PlayCtrl, board: VNode): VNode {
  if (!ctrl.evalBarShown()) return board;
  const shown = ctrl.shownEval;
  return h('div.board-with-bar', [evalBar(shown, ctrl.orientation(), { chanceInLabel: true, ...(shown ? { ply: shown.ply } : {}) }), board]);
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
      ctrl.view.evalBar ? h('p.hint', { attrs: testid('game-over-eval-bar') }, t('analysis.evalBarUsed')) : null,
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
        h(
          'button',
          { attrs: { type: 'button', ...testid('game-over-analyse') }, on: { click: () => void ctrl.app.go({ screen: 'analysis', gameId: ctrl.view.id }) } },
          t('analysis.open'),
        ),
        h('button', { attrs: { type: 'button', ...testid('game-over-copy-moves') }, on: { click: () => void ctrl.copyMoves() } }, t('play.copyMoves')),
        h('button', { attrs: { type: 'button', ...testid('game-over-new-game') }, on: { click: () => ctrl.newGame() } }, t('play.newGame')),
      ]),
    ],
  );
}

/** After "Copy moves": that it worked (the announcer said it too), or the text to copy by hand. */
function copiedMovesView(ctrl: PlayCtrl): VNode | null {
  const copy = ctrl.copiedMoves;
  if (!copy || ctrl.view.result === null) return null;
  if (copy.copied) return h('p.hint', { attrs: testid('moves-copied') }, t('play.movesCopied'));
  return h('div.moves-text', { attrs: testid('moves-copy-failed') }, [
    h('p.hint', t('play.copyMovesFailed')),
    h('textarea', { attrs: { readonly: true, rows: 6, 'aria-label': t('play.movesText'), ...testid('moves-text') }, props: { value: copy.text } }),
  ]);
}
