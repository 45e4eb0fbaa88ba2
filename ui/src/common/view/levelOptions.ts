// The bot's levels as the options of a `<select>`: thirteen of them, so in three groups with a
// heading each (first games, fewer mistakes, no deliberate mistakes), weakest first.

import type { Level } from '../../bindings';
import { levelBands, levelName } from '../wording';
import { h, type VNode } from './snabbdom';

export function levelOptions(selected: Level): VNode[] {
  return levelBands().map(({ heading, levels }) =>
    h(
      'optgroup',
      { attrs: { label: heading } },
      levels.map((value) => h('option', { attrs: { value, selected: value === selected } }, levelName(value))),
    ),
  );
}
