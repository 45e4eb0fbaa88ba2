// A row of toggle buttons of which one is on (opponent, colour): big touch targets, plain
// buttons for the keyboard, `aria-pressed` for screen readers.

import { h } from './dom';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  testid?: string;
}

export function choiceGroup<T extends string>(
  label: string,
  options: readonly ChoiceOption<T>[],
  selected: T,
  onChange: (value: T) => void,
): HTMLElement {
  const buttons = options.map((option) =>
    h(
      'button',
      {
        type: 'button',
        class: 'choice',
        testid: option.testid,
        'aria-pressed': String(option.value === selected),
        on: {
          click: () => {
            for (const [index, button] of buttons.entries()) {
              button.setAttribute('aria-pressed', String(options[index]?.value === option.value));
            }
            onChange(option.value);
          },
        },
      },
      option.label,
    ),
  );
  const labelId = `choice-${Math.random().toString(36).slice(2)}`;
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label', id: labelId }, label),
    h('div', { class: 'choices', role: 'group', 'aria-labelledby': labelId }, buttons),
  );
}
