// New game: against a bot (level, colour) or a friend on this device, by one of the readings of
// the rules.

import type { App, Screen } from '../app/app';
import type { Level, SideChoice } from '../bindings';
import { checkbox, choiceGroup, sideChoice } from '../common/view/choice';
import { ask } from '../common/view/dialog';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { levelDescription, levelName } from '../common/wording';
import { readingChoice } from '../common/view/readingChoice';
import { levelOptions } from '../common/view/levelOptions';
import { NewGameCtrl, type OpponentChoice } from './newGameCtrl';
import './newGame.css';

export { NewGameCtrl } from './newGameCtrl';

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

/** The new-game screen; `returning`: come back to through the history, with the choices it was left with. */
export function newGameScreen(app: App, returning = false): Screen {
  const ctrl = new NewGameCtrl(app, confirmAbandonDialog, returning);
  return { view: () => newGameView(ctrl), leave: () => ctrl.leave() };
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
            levelOptions(ctrl.level),
          ),
          h('p#level-hint.hint', { attrs: testid('level-hint') }, levelDescription(ctrl.level)),
        ]),
        sideChoice<SideChoice>('side', t('newGame.youPlay'), 'side', ctrl.side, (value) => ctrl.set('side', value)),
      ]),
      h('div.options', { attrs: { hidden: ctrl.opponent !== 'friend' } }, [
        checkbox('turn-board', t('newGame.turnBoard'), ctrl.turnBoard, (checked) => ctrl.set('turnBoard', checked)),
        h('p.hint', t('newGame.shareScreen')),
      ]),
      readingChoice(ctrl.reading, (reading) => ctrl.set('reading', reading), (reading) => void ctrl.app.go({ screen: 'rules', reading })),
    ]),
    h('div.form-actions', [
      h('button.ghost', { attrs: { type: 'button' }, on: { click: () => ctrl.cancel() } }, t('newGame.cancel')),
      h('button.primary.big', { attrs: { type: 'button', ...testid('start-game') }, on: { click: () => void ctrl.start() } }, t('newGame.start')),
    ]),
  ]);
}
