// Where the rating chart's points go (no DOM: tested in Node). The chart is drawn by chart.ts.

import type { RatingPoint } from './types';

/** At most this many of the newest points are drawn (the Rust side sends at most as many, from the start). */
export const CHART_POINTS = 100;
export const WIDTH = 320;
export const HEIGHT = 96;
const PAD = 6;

export interface ChartGeometry {
  /** "x,y x,y ...", in the chart's own units. */
  points: string;
  low: number;
  high: number;
  first: number;
  last: number;
  count: number;
}

/** Where each point goes: evenly spaced (one per puzzle), scaled between the lowest and highest. */
export function chartGeometry(history: readonly RatingPoint[]): ChartGeometry | undefined {
  const shown = history.slice(-CHART_POINTS).map((point) => Math.round(point.rating));
  const first = shown[0];
  const last = shown[shown.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const low = Math.min(...shown);
  const high = Math.max(...shown);
  // A flat line sits in the middle rather than on an edge.
  const span = Math.max(high - low, 20);
  const base = (high + low) / 2 - span / 2;
  const step = shown.length > 1 ? (WIDTH - 2 * PAD) / (shown.length - 1) : 0;
  const points = shown
    .map((rating, index) => {
      const x = shown.length > 1 ? PAD + index * step : WIDTH / 2;
      const y = HEIGHT - PAD - ((rating - base) / span) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return { points, low, high, first, last, count: shown.length };
}
