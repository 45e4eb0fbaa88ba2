import { describe, expect, it } from 'vitest';
import { chartGeometry, HEIGHT, plyAt, WIDTH, yOf } from './chartGeometry';

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
    expect(geometry.points.map((p) => p.x)).toEqual([0, WIDTH / 3, (2 * WIDTH) / 3, WIDTH]);
    expect(geometry.points.map((p) => p.judgement)).toEqual([null, null, 'blunder', null]);
    expect(geometry.line.split(' ')).toHaveLength(4);
    // The area is closed along the bottom.
    expect(geometry.area.startsWith(`0.0,${HEIGHT} `)).toBe(true);
    expect(geometry.area.endsWith(` ${WIDTH.toFixed(1)},${HEIGHT}`)).toBe(true);
  });

  it('draws one position in the middle and none without positions', () => {
    expect(chartGeometry([0.2], [])!.points[0]!.x).toBe(WIDTH / 2);
    expect(chartGeometry([], [])).toBeUndefined();
  });

  it('finds the position nearest a click', () => {
    expect(plyAt(0, 11)).toBe(0);
    expect(plyAt(WIDTH, 11)).toBe(10);
    expect(plyAt(WIDTH / 10 + 20, 11)).toBe(1);
    expect(plyAt(-50, 11)).toBe(0);
    expect(plyAt(WIDTH + 50, 11)).toBe(10);
    expect(plyAt(300, 1)).toBe(0);
  });
});
