// The player's rating over time as a small line chart: an SVG drawn from the points (no chart
// library), with the lowest and highest rating on its scale and a sentence for screen readers.

import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { chartGeometry, HEIGHT, WIDTH } from './chartGeometry';
import type { RatingPoint } from './types';

export function ratingChart(history: readonly RatingPoint[]): VNode {
  const geometry = chartGeometry(history);
  if (!geometry || geometry.count < 2) {
    return h('p.hint.rating-chart-empty', { attrs: testid('puzzle-rating-chart-empty') }, t('puzzle.chartEmpty'));
  }
  const summary = t('puzzle.chartSummary', { count: geometry.count, first: geometry.first, last: geometry.last, low: geometry.low, high: geometry.high });
  const end = geometry.points.split(' ').pop()?.split(',') ?? ['0', '0'];
  return h('figure.rating-chart', { attrs: testid('puzzle-rating-chart') }, [
    h(
      'svg',
      { attrs: { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': summary, preserveAspectRatio: 'none', 'data-points': String(geometry.count) } },
      [
        h('polyline.rating-chart-line', { attrs: { points: geometry.points, fill: 'none', 'vector-effect': 'non-scaling-stroke' } }),
        h('circle.rating-chart-dot', { attrs: { cx: end[0] ?? '0', cy: end[1] ?? '0', r: 3 } }),
      ],
    ),
    h('figcaption.rating-chart-scale', { attrs: { 'aria-hidden': 'true' } }, [
      h('span', { attrs: testid('puzzle-rating-low') }, String(geometry.low)),
      h('span', { attrs: testid('puzzle-rating-high') }, String(geometry.high)),
    ]),
  ]);
}
