// A reading of the rules' page: its name, what it is, and how it differs from Abbott's 1963
// rules, a sentence each, all from the catalogue. The new-game screen links to it.

import type { App, Screen } from '../app/app';
import type { Reading } from '../bindings';
import { readingDifferences, readingLine, readingName } from '../common/wording';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { t } from '../i18n';
import './newGame.css';

export function readingRulesScreen(app: App, reading: Reading): Screen {
  return { view: () => readingRulesView(reading, () => app.back()) };
}

export function readingRulesView(reading: Reading, back: () => void): VNode {
  return h('section.screen.new-game.reading-rules', { attrs: { ...testid('reading-rules'), 'data-reading': reading } }, [
    h('h1', readingName(reading)),
    h('div.card', [
      h('p', readingLine(reading)),
      h('h2.field-label', t('reading.differences')),
      h(
        'ul.differences',
        readingDifferences(reading).map((sentence) => h('li', sentence)),
      ),
    ]),
    h('div.form-actions', [h('button.ghost', { attrs: { type: 'button', ...testid('reading-rules-back') }, on: { click: back } }, t('reading.back'))]),
  ]);
}
