// The reading of the rules a new game is played by, as the new-game screen and the online
// invite both ask it: radio buttons (arrow keys move between them), each its name over a line
// saying what it is, and a link to the chosen one's page.

import type { Reading } from '../../bindings';
import { t } from '../../i18n';
import { READINGS, readingLine, readingName } from '../wording';
import { h, testid, type VNode } from './snabbdom';
import './readingChoice.css';

export function readingChoice(selected: Reading, onChange: (reading: Reading) => void, openRules: (reading: Reading) => void): VNode {
  return h('fieldset.field.readings', { attrs: testid('reading-choice') }, [
    h('legend.field-label', t('reading.rules')),
    ...READINGS.map((reading) =>
      h('label.reading', { key: reading }, [
        h('input', {
          attrs: { type: 'radio', name: 'reading', value: reading, ...testid(`reading-${reading}`), 'aria-describedby': `reading-line-${reading}` },
          props: { checked: reading === selected },
          on: { change: () => onChange(reading) },
        }),
        h('span.reading-words', [h('span.reading-name', readingName(reading)), h(`span#reading-line-${reading}.hint`, readingLine(reading))]),
      ]),
    ),
    // The chosen reading's page: how it differs from 1963.
    h(
      'button.link.reading-rules-link',
      { attrs: { type: 'button', ...testid('reading-rules-link') }, on: { click: () => openRules(selected) } },
      t('reading.seeRules', { rules: readingName(selected) }),
    ),
  ]);
}
