// Play online: the server's address, then create a game (colour, clock, hosted by this app or
// not) or join one with the friend's code. The game itself is the play screen (onlineGame.ts).

import type { App, Screen } from '../app/app';
import type { ColorChoice } from '../bindings';
import { checkbox, choiceGroup, sideChoice } from '../common/view/choice';
import { ask } from '../common/view/dialog';
import { readingChoice } from '../common/view/readingChoice';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { onlineGameList } from './gameList';
import { CLOCKS, OnlineCtrl, daysPerMove, type ClockChoice, type OnlineMode } from './onlineCtrl';
import './online.css';

export { OnlineCtrl } from './onlineCtrl';

async function confirmLeaveDialog(): Promise<boolean> {
  const sure = await ask({
    title: t('online.abandonTitle'),
    message: t('online.abandonMessage'),
    testid: 'confirm-leave-online',
    actions: [
      { label: t('online.keepIt'), value: false, focus: true },
      { label: t('online.leaveIt'), value: true, style: 'danger', testid: 'confirm-leave-online-yes' },
    ],
  });
  return sure === true;
}

/** Online play; `invite`: an invite link's code, joined at once on the page's server;
 * `returning`: come back to through the history, with the choices it was left with. */
export function onlineScreen(app: App, invite: string | null = null, returning = false): Screen {
  const ctrl = new OnlineCtrl(app, confirmLeaveDialog, undefined, invite, undefined, returning);
  return { view: () => onlineView(ctrl), mounted: () => void ctrl.refresh(), leave: () => ctrl.leave() };
}

function clockLabel(choice: ClockChoice): string {
  if (choice === 'none') return t('online.untimed');
  const days = daysPerMove(choice);
  if (days !== null) return t('online.daysPerMove', { count: days });
  const [minutes, increment] = choice.split('+');
  return t('online.clockMinutes', { minutes: minutes ?? '', increment: increment ?? '' });
}

export function onlineView(ctrl: OnlineCtrl): VNode {
  const inProgress = ctrl.app.onlineGames();
  const hosting = ctrl.status?.hosting ?? null;
  const input = (id: string, value: string, onInput: (value: string) => void, extra: Record<string, string | boolean> = {}, onBlur?: () => void): VNode =>
    h(`input#${id}`, {
      attrs: { type: 'text', ...testid(id), autocomplete: 'off', spellcheck: 'false', ...extra },
      props: { value },
      on: { input: (event: Event) => onInput((event.target as HTMLInputElement).value), ...(onBlur ? { change: onBlur } : {}) },
    });
  return h('section.screen.online', [
    h('h1', t('online.title')),
    h('p.tagline', t('online.intro')),
    inProgress.length > 0
      ? h('div.card.online-games-card', { attrs: testid('online-in-progress') }, [
          h('h2', t('online.inProgress', { count: inProgress.length })),
          onlineGameList(inProgress, (gameId) => ctrl.openGame(gameId), 'online-games'),
        ])
      : null,
    hosting
      ? h('div.card.hosting-card', { attrs: testid('hosting') }, [
          h('p', t('online.hosting', { port: hosting.port })),
          h('p', t('online.hostingAddresses')),
          h('ul.addresses', hosting.addresses.map((address) => h('li', h('code', { attrs: testid('host-address') }, address)))),
          h('button', { attrs: { type: 'button', ...testid('stop-hosting') }, on: { click: () => void ctrl.stopHosting() } }, t('online.stopHosting')),
        ])
      : null,
    h('div.card', [
      choiceGroup<OnlineMode>(
        'online-mode',
        t('online.mode'),
        [
          { value: 'create', label: t('online.create'), testid: 'online-create-mode' },
          { value: 'join', label: t('online.join'), testid: 'online-join-mode' },
        ],
        ctrl.mode,
        (value) => ctrl.set('mode', value),
      ),
      h('div.options', { attrs: { hidden: ctrl.mode !== 'create' || !ctrl.canHost } }, [
        checkbox('online-hosted', t('online.hostHere'), ctrl.hosted, (checked) => ctrl.set('hosted', checked), 'online-hosted-hint'),
        h('p#online-hosted-hint.hint', t('online.hostHint')),
        h('p.hint', { attrs: { hidden: !ctrl.hosted } }, t('online.hostInClear')),
        h('div.field', { attrs: { hidden: !ctrl.hosted } }, [
          h('label.field-label', { attrs: { for: 'online-port' } }, t('online.port')),
          input('online-port', ctrl.port, (value) => ctrl.set('port', value), { inputmode: 'numeric', 'aria-invalid': String(ctrl.hosted && ctrl.portNumber() === null) }),
        ]),
      ]),
      h('div.field', { attrs: { hidden: ctrl.mode === 'create' && ctrl.hosted } }, [
        h('label.field-label', { attrs: { for: 'online-server' } }, t('online.server')),
        input('online-server', ctrl.server, (value) => ctrl.set('server', value), { placeholder: 'ws://192.168.1.20:7070', 'aria-describedby': 'online-server-hint', inputmode: 'url' }, () => void ctrl.saveServer()),
        h('p#online-server-hint.hint', ctrl.saved ? t('online.serverSaved') : ctrl.canHost ? t('online.serverHint') : t('online.serverHintWeb')),
      ]),
      h('div.options', { attrs: { hidden: ctrl.mode !== 'create' } }, [
        sideChoice<ColorChoice>('online-color', t('online.youPlay'), 'online', ctrl.color, (value) => ctrl.set('color', value)),
        choiceGroup<ClockChoice>(
          'online-clock',
          t('online.clock'),
          CLOCKS.map((value) => ({ value, label: clockLabel(value), testid: `online-clock-${value}` })),
          ctrl.clock,
          (value) => ctrl.set('clock', value),
        ),
        readingChoice(ctrl.reading, (reading) => ctrl.set('reading', reading), (reading) => void ctrl.app.go({ screen: 'rules', reading })),
      ]),
      h('div.options', { attrs: { hidden: ctrl.mode !== 'join' } }, [
        h('div.field', [
          h('label.field-label', { attrs: { for: 'online-code' } }, t('online.code')),
          input('online-code', ctrl.invite, (value) => ctrl.set('invite', value), { placeholder: 'HKDW-MPRT-CAXE-FGNJ', 'aria-describedby': 'online-code-hint', autocapitalize: 'characters' }),
          h('p#online-code-hint.hint', t('online.codeHint')),
        ]),
      ]),
    ]),
    h('div.form-actions', [
      ctrl.mode === 'create'
        ? h(
            'button.primary.big',
            { attrs: { type: 'button', ...testid('online-create') }, props: { disabled: ctrl.busy }, on: { click: () => void ctrl.create() } },
            ctrl.busy ? t('online.creating') : t('online.createButton'),
          )
        : h(
            'button.primary.big',
            { attrs: { type: 'button', ...testid('online-join') }, props: { disabled: ctrl.busy }, on: { click: () => void ctrl.join() } },
            ctrl.busy ? t('online.joining') : t('online.joinButton'),
          ),
    ]),
  ]);
}
