// A row of toggle buttons of which one is on (opponent, colour): big touch targets, plain
// buttons for the keyboard, `aria-pressed` for screen readers.

import { h, testid, type VNode } from './view/snabbdom';

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
