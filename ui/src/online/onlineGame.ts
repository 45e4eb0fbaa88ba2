// An online game: the play screen (the same board, move list, sounds and settings as any game)
// driven through online play's commands, with what online play adds in its status card: the
// clocks, the friend's presence (and the win to claim when they stay away), the invite to share
// while they have not joined, the line to the server, draw offers, take-back requests and the
// rematch. Changes come from the Rust side's online channel.

import type { App, Screen } from '../app/app';
import type { ClockView, Color, GameView, OnlineAction, OnlineEvent, OnlineView } from '../bindings';
import type { GameBackend } from '../common/game/controller';
import { copyText } from '../common/clipboard';
import { ask } from '../common/view/dialog';
import { t } from '../i18n';
import { qrView } from './qr';
import { describeProblem } from '../problems';
import { onlineApi, type OnlineApi } from './api';
import { formatClock, formatLongClock } from './clock';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { otherSide, readingNote } from '../common/wording';
import { PlayCtrl, dialogQuestions, playView, stepKeys } from '../play/play';
import type { PlayHost, PlayQuestions } from '../play/playCtrl';
import './online.css';

/** What the online game screen needs of the app. */
export type OnlineGameHost = PlayHost & Pick<App, 'rememberOnline' | 'online'>;

/** The questions an online game asks: a dialog in the app, answers in tests. */
export interface OnlineQuestions extends PlayQuestions {
  /** The friend offered a draw: accept it? (`undefined`: put away without an answer). */
  drawOffered(): Promise<boolean | undefined>;
}

export class OnlineGameCtrl extends PlayCtrl {
  online: OnlineView;
  /** When `online` came (its clock and claim countdown run from then). */
  receivedAt = Date.now();
  /** Whether the last copy of the code worked (`null`: not copied yet). */
  copied: boolean | null = null;

  constructor(
    override readonly app: OnlineGameHost,
    initial: OnlineView,
    private readonly onlineQuestions: OnlineQuestions,
    private readonly api: OnlineApi = onlineApi,
  ) {
    // The backend hands each answer's online part to this controller once it exists.
    const taken: { take: (view: OnlineView) => void } = { take: () => {} };
    const answer = async (request: Promise<OnlineView>): Promise<GameView> => {
      const view = await request;
      taken.take(view);
      return view.game;
    };
    const backend: GameBackend = {
      playMove: (id, from, to) => answer(api.play(id, from, to)),
      takeBack: (id) => answer(api.act(id, 'requestTakeBack')),
      resign: (id) => answer(api.act(id, 'resign')),
      offerDraw: (id) => answer(api.act(id, 'offerDraw')),
      answerDraw: (id, accept) => answer(api.act(id, accept ? 'acceptDraw' : 'declineDraw')),
      openGame: (id) => answer(api.game(id)),
    };
    super(app, initial.game, onlineQuestions, backend, (id, ply) => api.boardAt(id, ply));
    this.online = initial;
    taken.take = (view) => this.take(view);
  }

  /** The side this device plays. */
  get you(): Color {
    const opponent = this.view.opponent;
    return opponent.kind === 'online' ? opponent.playerSide : 'white';
  }

  /** A newer online view: the app remembers it; a presence change is said. */
  private take(view: OnlineView): void {
    const before = this.online;
    if (view.game.id !== before.game.id) return;
    if (view.game.revision < before.game.revision) return;
    this.online = view;
    this.receivedAt = Date.now();
    this.app.rememberOnline(view);
    if (before.opponent !== view.opponent) {
      if (before.opponent === 'waiting' && view.opponent === 'connected') this.app.announce(t('online.announceJoined'));
      else if (view.opponent === 'disconnected') this.app.announce(t('online.announceLeft'));
      else if (before.opponent === 'disconnected' && view.opponent === 'connected') this.app.announce(t('online.announceBack'));
    }
  }

  /** A change the Rust side pushed. The rematch of this game takes this screen's place; the
   * other online games' changes are not this screen's. */
  onlineEvent(event: OnlineEvent): void {
    if (event.kind === 'failed') {
      this.app.showError(event.error);
      return;
    }
    const view = event.view;
    if (view.game.id !== this.online.game.id) {
      if (view.rematchOf === this.online.game.id && !this.game.isClosed && view.game.result === null) void this.app.go({ screen: 'play', gameId: view.game.id }, {}, 'replace');
      return;
    }
    this.take(view);
    this.game.receive(view.game);
    this.app.redraw();
  }

  /** Milliseconds left on `side`'s clock now. */
  clockLeft(clock: ClockView, side: Color, now = Date.now()): number {
    const left = (side === 'white' ? clock.whiteMs : clock.blackMs) ?? 0;
    return clock.running === side ? Math.max(0, left - (now - this.receivedAt)) : left;
  }

  /** Milliseconds until the win can be claimed, now; `null` when it cannot be. */
  claimIn(now = Date.now()): number | null {
    const left = this.online.claimWinInMs;
    return left === null ? null : Math.max(0, left - (now - this.receivedAt));
  }

  /** Whether anything counts down (the screen redraws while it does). */
  get ticking(): boolean {
    return this.view.result === null && (this.view.clock?.running != null || this.online.claimWinInMs !== null || this.online.link.kind === 'reconnecting');
  }

  /** Asks `action` of the server in this game. */
  private async act(action: OnlineAction): Promise<void> {
    try {
      const view = await this.api.act(this.online.game.id, action);
      this.take(view);
      this.game.receive(view.game);
      this.app.clearError();
    } catch (error) {
      this.app.showError(error);
    }
    this.app.redraw();
  }

  /** While the friend has not joined, the status line says so. */
  override statusText(): string {
    if (this.online.opponent === 'waiting' && this.view.result === null) return t('online.waiting');
    return super.statusText();
  }

  /** Offers a draw, or answers the friend's offer. */
  override async offerDraw(): Promise<void> {
    const offer = this.view.drawOffer;
    if (offer === otherSide(this.you)) {
      const accept = await this.onlineQuestions.drawOffered();
      if (accept !== undefined) await this.answerDraw(accept);
      return;
    }
    await this.act('offerDraw');
  }

  answerDraw(accept: boolean): Promise<void> {
    return this.act(accept ? 'acceptDraw' : 'declineDraw');
  }

  answerTakeBack(accept: boolean): Promise<void> {
    return this.act(accept ? 'acceptTakeBack' : 'declineTakeBack');
  }

  claimWin(): Promise<void> {
    return this.act('claimWin');
  }

  /** Asks for a rematch (accepts the friend's); both asked: the rematch opens in this screen's place. */
  override async rematch(): Promise<void> {
    await this.act('offerRematch');
  }

  declineRematch(): Promise<void> {
    return this.act('declineRematch');
  }

  override newGame(): void {
    void this.app.go({ screen: 'online' }, {}, 'replace');
  }

  override leave(): void {
    this.game.close();
    this.api.leave(this.online.game.id).catch((error: unknown) => this.app.showError(error));
  }

  /** Copies the invite (the clipboard, or the old way through a selection). */
  async copyInvite(code: string): Promise<void> {
    this.copied = await copyText(code);
    this.app.announce(this.copied ? t('online.copied') : t('online.copyFailed'));
    this.app.redraw();
  }
}

const onlineDialogs: Pick<OnlineQuestions, 'drawOffered'> = {
  drawOffered: () =>
    ask({
      title: t('dialog.drawOfferedTitle'),
      message: t('dialog.drawOfferedMessage'),
      testid: 'draw-dialog',
      actions: [
        { label: t('dialog.decline'), value: false, focus: true, testid: 'draw-decline' },
        { label: t('dialog.acceptDraw'), value: true, style: 'primary', testid: 'draw-accept' },
      ],
    }),
};

export function onlineGameScreen(app: App, view: OnlineView, questions: PlayQuestions = dialogQuestions): Screen {
  const ctrl = new OnlineGameCtrl(app, view, { ...questions, ...onlineDialogs });
  let timer: ReturnType<typeof setInterval> | undefined;
  const onKey = stepKeys(ctrl);
  return {
    view: () => playView(ctrl, onlineExtras(ctrl)),
    mounted: () => {
      document.addEventListener('keydown', onKey);
      ctrl.start();
      // The clocks and the countdowns, a few times a second while one runs.
      timer = setInterval(() => {
        if (ctrl.ticking) app.redraw();
      }, 250);
    },
    onlineEvent: (event) => ctrl.onlineEvent(event),
    leave: () => {
      clearInterval(timer);
      document.removeEventListener('keydown', onKey);
      ctrl.leave();
    },
  };
}

function clockView(ctrl: OnlineGameCtrl, clock: ClockView, side: Color): VNode {
  const left = ctrl.clockLeft(clock, side);
  return h(
    'div.clock',
    {
      class: { running: clock.running === side, low: left < (clock.daysPerMove ? 3_600_000 : 20_000), mine: side === ctrl.you },
      attrs: { ...testid(`clock-${side}`), role: 'timer', 'aria-label': t('online.clockOf', { context: side }) },
    },
    [h('span.clock-side', t(`side.${side}`)), h('span.clock-time', clock.daysPerMove ? formatLongClock(left) : formatClock(left))],
  );
}

const button = (id: string, label: string, onClick: () => void, style = ''): VNode =>
  h(`button${style}`, { attrs: { type: 'button', ...testid(id) }, on: { click: onClick } }, label);

/** What an online game adds to the status card. */
export function onlineExtras(ctrl: OnlineGameCtrl): VNode[] {
  const online = ctrl.online;
  const game = ctrl.view;
  const over = game.result !== null;
  const you = ctrl.you;
  const friend = otherSide(you);
  const extras: (VNode | null)[] = [];
  if (game.clock) {
    // The friend's clock first (above), as the board has their pieces at the top.
    extras.push(h('div.clocks', [clockView(ctrl, game.clock, friend), clockView(ctrl, game.clock, you)]));
  }
  const link = online.link;
  if (link.kind === 'reconnecting') {
    const seconds = Math.ceil((link.retryInMs ?? 0) / 1000);
    extras.push(
      h('p.online-line.online-warning', { attrs: { ...testid('online-link'), role: 'status' } }, seconds > 0 ? t('online.reconnectingIn', { count: seconds }) : t('online.reconnecting')),
    );
  } else if (link.kind === 'stopped') {
    extras.push(h('p.online-line.online-warning', { attrs: { ...testid('online-link'), role: 'alert' } }, t('online.stopped', { reason: describeProblem(link.problem) })));
  }
  if (online.opponent === 'waiting' && online.invite) {
    const code = online.invite;
    // Rules other than 1963 are named where the invite is given: the friend learns them before joining.
    const rules = readingNote(game.reading);
    const share =
      rules === null
        ? online.hosted
          ? t('online.shareHosted')
          : t('online.share')
        : online.hosted
          ? t('online.shareHostedRules', { rules })
          : t('online.shareRules', { rules });
    extras.push(
      h('div.invite', { attrs: testid('invite') }, [
        h('p', { attrs: testid('invite-share') }, share),
        online.hosted
          ? h(
              'ul.addresses',
              (ctrl.app.online?.hosting?.addresses ?? []).map((address) => h('li', h('code', { attrs: testid('invite-address') }, address))),
            )
          : null,
        h('div.invite-code', [
          h('code.code', { attrs: { ...testid('invite-code'), 'aria-label': t('online.code') } }, code),
          button('copy-invite', t('online.copy'), () => void ctrl.copyInvite(code)),
        ]),
        online.inviteLink
          ? h('div.invite-link', [
              h('p', { attrs: testid('invite-share-link') }, rules === null ? t('online.shareLink') : t('online.shareLinkRules', { rules })),
              h('div.invite-code', [
                h('a.link', { attrs: { href: online.inviteLink, target: '_blank', rel: 'noopener', ...testid('invite-link') } }, online.inviteLink),
                button('copy-invite-link', t('online.copyLink'), () => void ctrl.copyInvite(online.inviteLink ?? code)),
              ]),
              h('p.hint', t('online.scan')),
              qrView(online.inviteLink, t('online.qrLabel'), 'invite-qr'),
            ])
          : null,
        ctrl.copied === null ? null : h('p.hint', { attrs: { role: 'status' } }, ctrl.copied ? t('online.copied') : t('online.copyFailed')),
      ]),
    );
  } else if (!over) {
    const away = online.opponent === 'disconnected';
    const claimIn = ctrl.claimIn();
    extras.push(
      h('p.online-line', { class: { 'online-warning': away }, attrs: { ...testid('presence'), 'data-presence': online.opponent } }, away ? t('online.disconnected') : t('online.connected')),
    );
    if (away && claimIn !== null) {
      extras.push(
        claimIn > 0
          ? h('p.hint', { attrs: testid('claim-in') }, t('online.claimIn', { count: Math.ceil(claimIn / 1000) }))
          : h('div.online-actions', [h('p.hint', t('online.claimNow')), button('claim-win', t('online.claimWin'), () => void ctrl.claimWin(), '.primary')]),
      );
    }
  }
  if (!over && game.drawOffer === friend) {
    extras.push(
      h('div.online-offer', { attrs: testid('draw-offered') }, [
        h('p', t('online.drawOffered')),
        h('div.online-actions', [
          button('online-accept-draw', t('online.acceptDraw'), () => void ctrl.answerDraw(true), '.primary'),
          button('online-decline-draw', t('online.declineDraw'), () => void ctrl.answerDraw(false)),
        ]),
      ]),
    );
  } else if (!over && game.drawOffer === you) {
    extras.push(h('p.hint', { attrs: testid('draw-sent') }, t('online.drawSent')));
  }
  if (!over && game.takeBackRequest === friend) {
    extras.push(
      h('div.online-offer', { attrs: testid('take-back-asked') }, [
        h('p', t('online.takeBackAsked')),
        h('div.online-actions', [
          button('online-accept-take-back', t('online.acceptTakeBack'), () => void ctrl.answerTakeBack(true), '.primary'),
          button('online-decline-take-back', t('online.declineTakeBack'), () => void ctrl.answerTakeBack(false)),
        ]),
      ]),
    );
  } else if (!over && game.takeBackRequest === you) {
    extras.push(h('p.hint', { attrs: testid('take-back-sent') }, t('online.takeBackSent')));
  }
  if (over && online.rematchOffer === friend) {
    extras.push(
      h('div.online-offer', { attrs: testid('rematch-offered') }, [
        h('p', t('online.rematchOffered')),
        h('div.online-actions', [
          button('online-accept-rematch', t('online.acceptRematch'), () => void ctrl.rematch(), '.primary'),
          button('online-decline-rematch', t('online.declineRematch'), () => void ctrl.declineRematch()),
        ]),
      ]),
    );
  } else if (over && online.rematchOffer === you) {
    extras.push(h('p.hint', { attrs: testid('rematch-sent') }, t('online.rematchSent')));
  }
  return extras.filter((extra): extra is VNode => extra !== null);
}
