// The reading of the rules a new game is played by, as the new-game screen and the online
// invite both ask it: radio buttons (arrow keys move between them), each its name over a line
// saying what it is, and under them a link to its rules page.

import type { Reading } from '../../bindings';
import { t } from '../../i18n';
import { READINGS, readingLine, readingName } from '../wording';
import { h, testid, type VNode } from './snabbdom';
import './readingChoice.css';

export function readingChoice(selected: Reading, onChange: (reading: Reading) => void, openRules: (reading: Reading) => void): VNode {
  return h('fieldset.field.readings', { attrs: testid('reading-choice') }, [
    h('legend.field-label', t('reading.rules')),
    ...READINGS.map((reading) =>
      // The link is beside the label, not in it: a tap on it opens the page and leaves the choice.
      h('div.reading', { key: reading }, [
        h('label.reading-option', [
          h('input', {
            attrs: { type: 'radio', name: 'reading', value: reading, ...testid(`reading-${reading}`), 'aria-describedby': `reading-line-${reading}` },
            props: { checked: reading === selected },
            on: { change: () => onChange(reading) },
          }),
          h('span.reading-words', [h('span.reading-name', readingName(reading)), h(`span#reading-line-${reading}.hint`, readingLine(reading))]),
        ]),
        // Its page: how it differs from 1963, with small boards. The words name the reading.
        h(
          'button.link.reading-rules-link',
          { attrs: { type: 'button', ...testid(`reading-rules-link-${reading}`) }, on: { click: () => openRules(reading) } },
          t('reading.seeRules', { rules: readingName(reading) }),
        ),
      ]),
    ),
  ]);
}
