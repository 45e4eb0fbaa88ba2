import { describe, expect, it } from 'vitest';
import { chartGeometry, HEIGHT, WIDTH, yOf } from './chartGeometry';

describe('the win-chance chart', () => {
  it('puts even in the middle, White winning up and Black winning down', () => {
    expect(yOf(0)).toBe(HEIGHT / 2);
    expect(yOf(1)).toBeLessThan(yOf(0.5));
    expect(yOf(-1)).toBeGreaterThan(yOf(-0.5));
    expect(yOf(5)).toBe(yOf(1));
    expect(yOf(1)).toBeGreaterThan(0);
    expect(yOf(-1)).toBeLessThan(HEIGHT);
  });

  it('spreads the positions over the width, each point carrying the judgement of the move before it', () => {
    const geometry = chartGeometry([0, 0.1, -0.6, -0.55], [null, 'blunder', null])!;
    // Evenly spread, the ends a little in from the sides so their marks are whole.
    const xs = geometry.points.map((p) => p.x);
    expect(xs[0]).toBeGreaterThan(0);
    expect(xs[3]).toBeLessThan(WIDTH);
    expect(xs[1]! - xs[0]!).toBeCloseTo(xs[3]! - xs[2]!);
    expect(geometry.points.map((p) => p.judgement)).toEqual([null, null, 'blunder', null]);
    expect(geometry.line.split(' ')).toHaveLength(4);
    // The area is closed along the bottom.
    expect(geometry.area.startsWith(`0,${HEIGHT} `)).toBe(true);
    expect(geometry.area.endsWith(` ${WIDTH},${HEIGHT}`)).toBe(true);
  });

  it('gives each position a click target, the targets tiling the width without overlapping', () => {
    const { targets } = chartGeometry([0, 0.1, 0.2, 0.3, 0.4], [])!;
    expect(targets.map((t) => t.ply)).toEqual([0, 1, 2, 3, 4]);
    expect(targets[0]!.left).toBe(0);
    for (let i = 1; i < targets.length; i++) expect(targets[i]!.left).toBeCloseTo(targets[i - 1]!.left + targets[i - 1]!.width);
    const last = targets[targets.length - 1]!;
    expect(last.left + last.width).toBeCloseTo(WIDTH);
  });

  it('draws one position in the middle and none without positions', () => {
    expect(chartGeometry([0.2], [])!.points[0]!.x).toBe(WIDTH / 2);
    expect(chartGeometry([], [])).toBeUndefined();
  });
});
