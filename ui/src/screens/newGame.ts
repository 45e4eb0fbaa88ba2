// New game: against a bot (level, colour) or a friend on this device.

import { api } from '../api';
import type { App, Screen } from '../app';
import type { Level, NewGame, SideChoice } from '../bindings';
import { choiceGroup } from '../choice';
import { ask } from '../dialog';
import { t } from '../i18n';
import { h, testid, type VNode } from '../view/snabbdom';
import { BOT_LEVELS, levelDescription, levelName } from '../wording';

export type OpponentChoice = 'bot' | 'friend';

export class NewGameCtrl {
  opponent: OpponentChoice = 'bot';
  level: Level;
  side: SideChoice = 'white';
  turnBoard = true;
  /** The request is on its way: a second press does nothing. */
  starting = false;

  constructor(
    readonly app: App,
    /** Asks whether to abandon the game in progress; a dialog in the app, an answer in tests. */
    private readonly confirmAbandon: (app: App) => Promise<boolean> = confirmAbandonDialog,
  ) {
    this.level = app.settings.defaultLevel;
  }

  /** The request the choices make. */
  request(): NewGame {
    return this.opponent === 'bot' ? { kind: 'bot', level: this.level, playerSide: this.side } : { kind: 'friend', turnBoard: this.turnBoard };
  }

  set<K extends 'opponent' | 'level' | 'side' | 'turnBoard'>(key: K, value: NewGameCtrl[K]): void {
    (this as NewGameCtrl)[key] = value;
    this.app.redraw();
  }

  cancel(): void {
    this.app.back();
  }

  async start(): Promise<void> {
    if (this.starting) return;
    if (this.app.hasGameInProgress() && !(await this.confirmAbandon(this.app))) return;
    this.starting = true;
    try {
      const game = await api.newGame(this.request());
      this.app.current = game;
      this.app.clearError();
      // In place of this screen: back from the game goes home, not here.
      await this.app.go({ screen: 'play', gameId: game.id }, { game }, 'replace');
    } catch (error) {
      this.app.showError(error);
    } finally {
      this.starting = false;
    }
  }
}

async function confirmAbandonDialog(app: App): Promise<boolean> {
  const opponent = app.current?.opponent;
  const message =
    opponent?.kind === 'bot'
      ? t('newGame.abandonMessage', { context: 'bot', level: levelName(opponent.level) })
      : t('newGame.abandonMessage', { context: 'friend' });
  const sure = await ask({
    title: t('newGame.abandonTitle'),
    message,
    testid: 'confirm-new-game',
    actions: [
      { label: t('newGame.keepIt'), value: false, focus: true },
      { label: t('newGame.startAnyway'), value: true, style: 'danger', testid: 'confirm-new-game-yes' },
    ],
  });
  return sure === true;
}

export function newGameScreen(app: App): Screen {
  const ctrl = new NewGameCtrl(app);
  return { view: () => newGameView(ctrl) };
}

export function newGameView(ctrl: NewGameCtrl): VNode {
  return h('section.screen.new-game', [
    h('h1', t('newGame.title')),
    h('div.card', [
      choiceGroup<OpponentChoice>(
        'opponent',
        t('newGame.playAgainst'),
        [
          { value: 'bot', label: t('newGame.bot'), testid: 'new-game-bot' },
          { value: 'friend', label: t('newGame.friend'), testid: 'new-game-friend' },
        ],
        ctrl.opponent,
        (value) => ctrl.set('opponent', value),
      ),
      h('div.options', { attrs: { hidden: ctrl.opponent !== 'bot' } }, [
        h('div.field', [
          h('label.field-label', { attrs: { for: 'level' } }, t('newGame.level')),
          h(
            'select#level',
            {
              attrs: { ...testid('level-select'), 'aria-describedby': 'level-hint' },
              props: { value: ctrl.level },
              on: { change: (event: Event) => ctrl.set('level', (event.target as HTMLSelectElement).value as Level) },
            },
            BOT_LEVELS.map((value) => h('option', { attrs: { value, selected: value === ctrl.level } }, levelName(value))),
          ),
          h('p#level-hint.hint', { attrs: testid('level-hint') }, levelDescription(ctrl.level)),
        ]),
        choiceGroup<SideChoice>(
          'side',
          t('newGame.youPlay'),
          [
            { value: 'white', label: t('newGame.white'), testid: 'side-white' },
            { value: 'black', label: t('newGame.black'), testid: 'side-black' },
            { value: 'random', label: t('newGame.random'), testid: 'side-random' },
          ],
          ctrl.side,
          (value) => ctrl.set('side', value),
        ),
      ]),
      h('div.options', { attrs: { hidden: ctrl.opponent !== 'friend' } }, [
        h('label.check', [
          h('input#turn-board', {
            attrs: { type: 'checkbox', ...testid('turn-board') },
            props: { checked: ctrl.turnBoard },
            on: { change: (event: Event) => ctrl.set('turnBoard', (event.target as HTMLInputElement).checked) },
          }),
          t('newGame.turnBoard'),
        ]),
        h('p.hint', t('newGame.shareScreen')),
      ]),
    ]),
    h('div.form-actions', [
      h('button.ghost', { attrs: { type: 'button' }, on: { click: () => ctrl.cancel() } }, t('newGame.cancel')),
      h('button.primary.big', { attrs: { type: 'button', ...testid('start-game') }, on: { click: () => void ctrl.start() } }, t('newGame.start')),
    ]),
  ]);
}
