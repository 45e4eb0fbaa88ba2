// Settings: each change shows at once and is saved straight away.

import type { App, Screen } from '../app';
import { applyStyle, pieceElement } from '../board/style';
import { h } from '../dom';
import { BOT_LEVELS, PIECE_KINDS, kindName, levelName, standInName } from '../wording';
import type { AnimationSpeed, BoardTheme, BotLevel, PieceSet, Settings } from '../bindings';

type ChoiceKey = 'pieceSet' | 'boardTheme' | 'animation' | 'defaultLevel';

// Records, so that a new variant on the Rust side fails the build until it is offered here.
const PIECE_SETS: Record<PieceSet, string> = { emblems: 'Emblems (how each piece captures)', chess: 'Chess pieces' };
const THEMES: Record<BoardTheme, string> = { wood: 'Wood', blue: 'Blue', green: 'Green' };
const SPEEDS: Record<AnimationSpeed, string> = { none: 'None', fast: 'Fast', normal: 'Normal', slow: 'Slow' };
const LEVELS = Object.fromEntries(BOT_LEVELS.map((level) => [level, levelName(level)])) as Record<BotLevel, string>;

export function settingsScreen(app: App): Screen {
  const preview = h('div', { class: 'piece-legend', testid: 'piece-legend' });
  const controls: { sync(settings: Settings): void }[] = [];

  const save = async (patch: Partial<Settings>): Promise<void> => {
    const saved = await app.saveSettings({ ...app.settings, ...patch });
    // After a refused save the controls go back to what is really saved.
    for (const control of controls) control.sync(saved);
    showLegend(saved);
  };

  function select<K extends ChoiceKey>(key: K, label: string, testid: string, choices: Record<Settings[K], string>): HTMLElement {
    const id = `setting-${key}`;
    const element = h(
      'select',
      { id, testid, on: { change: () => void save({ [key]: element.value } as Partial<Settings>) } },
      Object.entries<string>(choices).map(([value, text]) => h('option', { value }, text)),
    );
    controls.push({ sync: (settings) => (element.value = settings[key]) });
    return h('div', { class: 'field' }, h('label', { class: 'field-label', for: id }, label), element);
  }

  function toggle<K extends 'sound' | 'showLegalMoves' | 'showCoordinates'>(key: K, label: string, testid: string): HTMLElement {
    const box = h('input', { type: 'checkbox', testid, on: { change: () => void save({ [key]: box.checked } as Partial<Settings>) } });
    controls.push({ sync: (settings) => (box.checked = settings[key]) });
    return h('label', { class: 'check' }, box, label);
  }

  function showLegend(settings: Settings): void {
    applyStyle(preview, settings);
    preview.replaceChildren(
      ...PIECE_KINDS.map((kind, index) =>
        h(
          'div',
          { class: 'legend-row' },
          h('span', { class: `legend-square ${index % 2 ? 'dark' : 'light'}` }, pieceElement(kind, 'white')),
          h('span', { class: `legend-square ${index % 2 ? 'light' : 'dark'}` }, pieceElement(kind, 'black')),
          h('span', { class: 'legend-name' }, settings.pieceSet === 'chess' ? `${capitalised(kindName(kind))} (${standInName(kind)})` : capitalised(kindName(kind))),
        ),
      ),
    );
  }

  const element = h(
    'section',
    { class: 'screen settings' },
    h('h1', {}, 'Settings'),
    h(
      'div',
      { class: 'settings-layout' },
      h(
        'div',
        { class: 'card settings-form' },
        select('pieceSet', 'Pieces', 'piece-set-select', PIECE_SETS),
        select('boardTheme', 'Board colours', 'board-theme-select', THEMES),
        select('animation', 'Animation', 'animation-select', SPEEDS),
        select('defaultLevel', 'Bot level for new games', 'default-level-select', LEVELS),
        toggle('sound', 'Sound', 'sound-toggle'),
        toggle('showLegalMoves', 'Show legal moves', 'legal-moves-toggle'),
        toggle('showCoordinates', 'Show coordinates', 'coordinates-toggle'),
      ),
      h('div', { class: 'card' }, h('h2', {}, 'The pieces'), preview),
    ),
    h('div', { class: 'form-actions' }, h('button', { type: 'button', class: 'primary', testid: 'settings-done', on: { click: () => app.back() } }, 'Done')),
  );
  for (const control of controls) control.sync(app.settings);
  showLegend(app.settings);
  return { element };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
