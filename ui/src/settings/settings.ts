// Settings: each change shows at once and is saved straight away.

import type { App, Screen } from '../app/app';
import type { AnimationSpeed, BoardTheme, Color, Language, PieceSet, Role, Settings } from '../bindings';
import { roleOf } from '../common/board/pieces';
import '../common/board/style';
import { ask } from '../common/view/dialog';
import { onlineApi } from '../online/api';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { levelOptions } from '../common/view/levelOptions';
import { ROLES, standInName } from '../common/wording';
import { SettingsCtrl } from './settingsCtrl';
import './settings.css';

export { SettingsCtrl } from './settingsCtrl';

type ChoiceKey = 'language' | 'pieceSet' | 'boardTheme' | 'animation' | 'defaultLevel';
type ToggleKey = 'sound' | 'showLegalMoves' | 'showCoordinates' | 'showEvalBar';

// Records, so that a new variant on the Rust side fails the build until it is offered here.
// Each language is named in its own words, whatever the language spoken.
const LANGUAGES: Record<Language, () => string> = {
  system: () => t('settings.language.system'),
  en: () => t('settings.language.en'),
  fr: () => t('settings.language.fr'),
};
const PIECE_SETS: Record<PieceSet, () => string> = {
  emblems: () => t('settings.pieceSet.emblems'),
  chess: () => t('settings.pieceSet.chess'),
};
const THEMES: Record<BoardTheme, () => string> = {
  wood: () => t('settings.theme.wood'),
  blue: () => t('settings.theme.blue'),
  green: () => t('settings.theme.green'),
};
const SPEEDS: Record<AnimationSpeed, () => string> = {
  none: () => t('settings.speed.none'),
  fast: () => t('settings.speed.fast'),
  normal: () => t('settings.speed.normal'),
  slow: () => t('settings.speed.slow'),
};
/** The options of a choice from its names; the bot's levels come in their groups (`levelOptions`). */
function plainOptions<V extends string>(choices: Record<V, () => string>): (selected: V) => VNode[] {
  return (selected) =>
    (Object.entries(choices) as [V, () => string][]).map(([value, text]) => h('option', { attrs: { value, selected: value === selected } }, text()));
}

export function settingsScreen(app: App): Screen {
  const ctrl = new SettingsCtrl(app);
  // The course's stars, for its card.
  return { view: () => settingsView(ctrl), mounted: () => void app.refreshCourse() };
}

export function settingsView(ctrl: SettingsCtrl): VNode {
  const settings = ctrl.settings;
  function select<K extends ChoiceKey>(key: K, label: string, id: string, options: (selected: Settings[K]) => VNode[]): VNode {
    const elementId = `setting-${key}`;
    return h('div.field', [
      h('label.field-label', { attrs: { for: elementId } }, label),
      h(
        `select#${elementId}`,
        {
          attrs: testid(id),
          // The options' `selected` chooses when the select is made (snabbdom sets properties
          // before it adds the children); `value` keeps it in step afterwards.
          props: { value: settings[key] },
          on: { change: (event: Event) => void ctrl.change({ [key]: (event.target as HTMLSelectElement).value } as Partial<Settings>) },
        },
        options(settings[key]),
      ),
    ]);
  }
  function toggle(key: ToggleKey, label: string, id: string, describedBy?: string): VNode {
    return h('label.check', [
      h('input', {
        attrs: { type: 'checkbox', ...testid(id), ...(describedBy ? { 'aria-describedby': describedBy } : {}) },
        props: { checked: settings[key] },
        on: { change: (event: Event) => void ctrl.change({ [key]: (event.target as HTMLInputElement).checked } as Partial<Settings>) },
      }),
      label,
    ]);
  }
  return h('section.screen.settings', [
    h('h1', t('settings.title')),
    h('div.settings-layout', [
      h('div.card.settings-form', [
        select('language', t('settings.languageLabel'), 'language-select', plainOptions(LANGUAGES)),
        select('pieceSet', t('settings.pieces'), 'piece-set-select', plainOptions(PIECE_SETS)),
        select('boardTheme', t('settings.boardTheme'), 'board-theme-select', plainOptions(THEMES)),
        select('animation', t('settings.animation'), 'animation-select', plainOptions(SPEEDS)),
        select('defaultLevel', t('settings.defaultLevel'), 'default-level-select', levelOptions),
        toggle('sound', t('settings.sound'), 'sound-toggle'),
        toggle('showLegalMoves', t('settings.showLegalMoves'), 'legal-moves-toggle'),
        toggle('showCoordinates', t('settings.showCoordinates'), 'coordinates-toggle'),
        toggle('showEvalBar', t('settings.showEvalBar'), 'eval-bar-toggle', 'setting-eval-bar-hint'),
        h('p#setting-eval-bar-hint.hint', t('settings.showEvalBarHint')),
      ]),
      h('div.card', [h('h2', t('settings.legend')), legend(settings)]),
      courseCard(ctrl),
      onlineCard(ctrl.app),
    ]),
    h('div.form-actions', [
      h('button.primary', { attrs: { type: 'button', ...testid('settings-done') }, on: { click: () => ctrl.done() } }, t('settings.done')),
    ]),
  ]);
}

/** Online play's server address (where the app runs online play: not the browser build). */
function onlineCard(app: App): VNode | null {
  const online = app.online;
  if (!online) return null;
  const save = async (server: string): Promise<void> => {
    try {
      const settings = await onlineApi.setSettings({ ...online.settings, server });
      if (app.online) app.online = { ...app.online, settings };
      app.clearError();
    } catch (error) {
      app.showError(error);
    }
    app.redraw();
  };
  return h('div.card.settings-online', [
    h('h2', t('online.title')),
    h('div.field', [
      h('label.field-label', { attrs: { for: 'settings-online-server' } }, t('online.server')),
      h('input#settings-online-server', {
        attrs: { type: 'text', ...testid('settings-online-server'), autocomplete: 'off', spellcheck: 'false', inputmode: 'url', placeholder: 'ws://192.168.1.20:7070', 'aria-describedby': 'settings-online-hint' },
        props: { value: online.settings.server },
        on: { change: (event: Event) => void save((event.target as HTMLInputElement).value) },
      }),
      h('p#settings-online-hint.hint', online.canHost ? t('online.serverHint') : t('online.serverHintWeb')),
    ]),
  ]);
}

/** The course's progress, and the way to start it again. */
function courseCard(ctrl: SettingsCtrl): VNode {
  const status = ctrl.app.courseStatus;
  const map = ctrl.app.course;
  const earned = map?.chapters.reduce((sum, chapter) => sum + chapter.earned, 0);
  const possible = map?.chapters.reduce((sum, chapter) => sum + chapter.possible, 0);
  return h('div.card.settings-course', [
    h('h2', t('course.settingsTitle')),
    h(
      'p',
      { attrs: testid('course-progress') },
      earned !== undefined && possible !== undefined
        ? t('course.settingsProgress', { done: status.solved, total: status.tasks, earned, possible })
        : t('course.tasksDone', { done: status.solved, total: status.tasks }),
    ),
    h(
      'button.danger',
      {
        attrs: { type: 'button', ...testid('course-reset') },
        props: { disabled: status.solved === 0 && status.current === null },
        on: { click: () => void ctrl.resetCourse(confirmReset) },
      },
      t('course.settingsReset'),
    ),
  ]);
}

async function confirmReset(): Promise<boolean> {
  const sure = await ask({
    title: t('course.resetTitle'),
    message: t('course.resetMessage'),
    testid: 'confirm-course-reset-dialog',
    actions: [
      { label: t('course.resetKeep'), value: false, focus: true },
      { label: t('course.resetConfirm'), value: true, style: 'danger', testid: 'confirm-course-reset' },
    ],
  });
  return sure === true;
}

/** Every piece in both colours, drawn by the piece set's stylesheet, with its name. */
function legend(settings: Settings): VNode {
  return h(
    'div.piece-legend',
    { class: { [`pieces-${settings.pieceSet}`]: true, [`theme-${settings.boardTheme}`]: true }, attrs: testid('piece-legend') },
    ROLES.map((kind, index) =>
      h('div.legend-row', [
        h(`span.legend-square.${index % 2 ? 'dark' : 'light'}`, [piece(kind, 'white')]),
        h(`span.legend-square.${index % 2 ? 'light' : 'dark'}`, [piece(kind, 'black')]),
        h(
          'span.legend-name',
          settings.pieceSet === 'chess' ? t('settings.legendStandIn', { piece: t(`pieceTitle.${kind}`), standIn: standInName(kind) }) : t(`pieceTitle.${kind}`),
        ),
      ]),
    ),
  );
}

function piece(role: Role, side: Color): VNode {
  return h(`piece.${roleOf(role)}.${side}`, { attrs: { 'aria-hidden': 'true' } });
}
