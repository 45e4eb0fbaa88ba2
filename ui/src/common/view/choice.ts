// A row of toggle buttons of which one is on (opponent, colour): big touch targets, plain
// buttons for the keyboard, `aria-pressed` for screen readers. And the two forms' shared
// pieces: the side the player takes (a new game, a game online) and a labelled checkbox.

import { t } from '../../i18n';
import { h, testid, type VNode } from './snabbdom';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  testid?: string;
}

export function choiceGroup<T extends string>(
  /** Names the group's label element (`choice-<id>`), unique in the page. */
  id: string,
  label: string,
  options: readonly ChoiceOption<T>[],
  selected: T,
  onChange: (value: T) => void,
): VNode {
  const labelId = `choice-${id}`;
  return h('div.field', [
    h('span.field-label', { attrs: { id: labelId } }, label),
    h(
      'div.choices',
      { attrs: { role: 'group', 'aria-labelledby': labelId } },
      options.map((option) =>
        h(
          'button.choice',
          {
            attrs: {
              type: 'button',
              ...(option.testid ? testid(option.testid) : {}),
              'aria-pressed': String(option.value === selected),
            },
            on: { click: () => onChange(option.value) },
          },
          option.label,
        ),
      ),
    ),
  ]);
}

type Side = 'white' | 'black' | 'random';

/** The side the player takes: White, Black, or a coin toss. The buttons' testids are
 * `<testids>-white`, `<testids>-black` and `<testids>-random`. */
export function sideChoice<T extends Side>(id: string, label: string, testids: string, selected: T, onChange: (value: T) => void): VNode {
  const sides: { value: Side; label: string }[] = [
    { value: 'white', label: t('newGame.white') },
    { value: 'black', label: t('newGame.black') },
    { value: 'random', label: t('newGame.random') },
  ];
  return choiceGroup<T>(
    id,
    label,
    sides.map((side) => ({ value: side.value as T, label: side.label, testid: `${testids}-${side.value}` })),
    selected,
    onChange,
  );
}

/** A checkbox with its label (`input#<id>`, testid `<id>`), described by the element `describedBy` if given. */
export function checkbox(id: string, label: string, checked: boolean, onChange: (checked: boolean) => void, describedBy?: string): VNode {
  return h('label.check', [
    h(`input#${id}`, {
      attrs: { type: 'checkbox', ...testid(id), ...(describedBy ? { 'aria-describedby': describedBy } : {}) },
      props: { checked },
      on: { change: (event: Event) => onChange((event.target as HTMLInputElement).checked) },
    }),
    label,
  ]);
}
