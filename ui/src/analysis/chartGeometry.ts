// Where the win-chance chart's line and points go (no DOM: tested in Node). The chart is drawn by
// chart.ts. White's win chance, -1..1, goes up; one step to the right per position.

import type { Judgement } from '../bindings';

export const WIDTH = 600;
export const HEIGHT = 120;
/** The line stays this far from the top and bottom edges, so a won game's line is still seen. */
const PAD = 4;
/** The first and last positions stand this far in from the sides, so their marks are whole. */
const SIDE = 6;

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
  /** Each position's click target: from `left`, `width` wide (the half-gaps either side of
   * it, so that the targets tile the chart without overlapping). */
  targets: { ply: number; left: number; width: number }[];
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
  const step = winChances.length > 1 ? (WIDTH - 2 * SIDE) / (winChances.length - 1) : WIDTH;
  const points = winChances.map((chance, ply) => ({
    ply,
    x: winChances.length > 1 ? SIDE + ply * step : WIDTH / 2,
    y: yOf(chance),
    judgement: ply > 0 ? (judgements[ply - 1] ?? null) : null,
  }));
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const first = points[0]!;
  const last = points[points.length - 1]!;
  // White's area reaches the chart's sides, level with the first and last positions.
  const area = `0,${HEIGHT} 0,${first.y.toFixed(1)} ${line} ${WIDTH},${last.y.toFixed(1)} ${WIDTH},${HEIGHT}`;
  const targets = points.map((p, index) => {
    const left = index === 0 ? 0 : p.x - step / 2;
    const right = index === points.length - 1 ? WIDTH : p.x + step / 2;
    return { ply: p.ply, left, width: right - left };
  });
  return { points, line, area, targets };
}
