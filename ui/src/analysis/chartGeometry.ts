// Where the win-chance chart's line and points go (no DOM: tested in Node). The chart is drawn by
// chart.ts. White's win chance, -1..1, goes up; one step to the right per position.

import type { Judgement } from '../bindings';

export const WIDTH = 600;
export const HEIGHT = 120;
/** The line stays this far from the top and bottom edges, so a won game's line is still seen. */
const PAD = 4;

export interface ChartPoint {
  /** The position: 0 is the start, `k` the position after `k` moves. */
  ply: number;
  x: number;
  y: number;
  /** The judgement of the move that led here, if any. */
  judgement: Judgement | null;
}

export interface ChartGeometry {
  points: ChartPoint[];
  /** The line, "x,y x,y ...". */
  line: string;
  /** White's area: the line closed along the bottom edge. */
  area: string;
  /** The width each position's click target takes. */
  step: number;
}

/** The y of a win chance (clamped to -1..1). */
export function yOf(winChance: number): number {
  const chance = Math.max(-1, Math.min(1, winChance));
  return HEIGHT / 2 - chance * (HEIGHT / 2 - PAD);
}

/** The chart of `winChances` (one per position), with the judgement of each move (`judgements[k]`:
 * the move from position `k` to `k + 1`). Undefined with no positions. */
export function chartGeometry(winChances: readonly number[], judgements: readonly (Judgement | null)[]): ChartGeometry | undefined {
  if (winChances.length === 0) return undefined;
  const step = winChances.length > 1 ? WIDTH / (winChances.length - 1) : WIDTH;
  const points = winChances.map((chance, ply) => ({
    ply,
    x: winChances.length > 1 ? ply * step : WIDTH / 2,
    y: yOf(chance),
    judgement: ply > 0 ? (judgements[ply - 1] ?? null) : null,
  }));
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const area = `${first.x.toFixed(1)},${HEIGHT} ${line} ${last.x.toFixed(1)},${HEIGHT}`;
  return { points, line, area, step };
}

/** The position nearest to `x` (in the chart's units). */
export function plyAt(x: number, count: number): number {
  if (count <= 1) return 0;
  const step = WIDTH / (count - 1);
  return Math.max(0, Math.min(count - 1, Math.round(x / step)));
}
