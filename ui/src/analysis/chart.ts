// The win-chance chart, as lichess' advantage chart: White's share from the bottom, Black's from
// the top, the even line across, a dot on each marked move, the shown position as an upright line.
// A click (or a tap) on the chart shows the position under it.

import type { Judgement } from '../bindings';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { chartGeometry, HEIGHT, WIDTH } from './chartGeometry';

export interface ChartState {
  winChances: readonly number[];
  judgements: readonly (Judgement | null)[];
  /** The position shown. */
  shown: number;
  step(ply: number): void;
}

export function winChart(state: ChartState): VNode {
  const geometry = chartGeometry(state.winChances, state.judgements);
  if (!geometry) return h('div.analysis-chart-empty');
  const shown = geometry.points[state.shown];
  const marks = geometry.points.filter((p) => p.judgement !== null);
  return h(
    'svg.analysis-chart',
    {
      attrs: {
        ...testid('analysis-chart'),
        viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
        role: 'img',
        'aria-label': t('analysis.chartLabel'),
      },
    },
    [
      h('rect.chart-black', { attrs: { x: 0, y: 0, width: WIDTH, height: HEIGHT } }),
      h('polygon.chart-white', { attrs: { points: geometry.area } }),
      h('line.chart-even', { attrs: { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2 } }),
      h('polyline.chart-line', { attrs: { points: geometry.line } }),
      shown ? h('line.chart-shown', { attrs: { ...testid('chart-shown'), 'data-ply': String(shown.ply), x1: shown.x, y1: 0, x2: shown.x, y2: HEIGHT } }) : null,
      ...marks.map((p) => h(`circle.chart-mark.mark-${p.judgement}`, { attrs: { cx: p.x, cy: p.y, r: 5 } })),
      // One click target per position (a tap anywhere in its column).
      ...geometry.targets.map((target) =>
        h('rect.chart-target', {
          attrs: { ...testid('chart-point'), 'data-ply': String(target.ply), x: target.left, y: 0, width: target.width, height: HEIGHT },
          on: { click: () => state.step(target.ply) },
        }),
      ),
    ],
  );
}
