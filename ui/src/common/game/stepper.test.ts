import { describe, expect, it, vi } from 'vitest';
import type { BoardView } from '../../bindings';
import { Stepper, stepForKey } from './stepper';

const board = (ply: number): BoardView => ({ pieces: [], frozen: [], check: null, lastMove: null, turn: 'white', ply });

function stepper(boardAt: (ply: number) => Promise<BoardView>) {
  const host = { redraw: vi.fn(), failed: vi.fn() };
  return { host, stepper: new Stepper(boardAt, host) };
}

describe('Stepper', () => {
  it('shows an earlier position, and the live one again at the last ply', async () => {
    const { stepper: s, host } = stepper((ply) => Promise.resolve(board(ply)));
    expect(s.shown(10)).toBe(10);
    await expect(s.stepTo(3, 10)).resolves.toBe(true);
    expect([s.ply, s.board?.ply, s.reviewing, s.shown(10)]).toEqual([3, 3, true, 3]);
    await s.stepTo(10, 10);
    expect([s.ply, s.board, s.reviewing]).toEqual([null, null, false]);
    expect(host.redraw).toHaveBeenCalledTimes(2);
  });

  it('refuses steps outside the game', async () => {
    const boardAt = vi.fn((ply: number) => Promise.resolve(board(ply)));
    const { stepper: s } = stepper(boardAt);
    await expect(s.stepTo(-1, 4)).resolves.toBe(false);
    await expect(s.stepTo(5, 4)).resolves.toBe(false);
    expect(boardAt).not.toHaveBeenCalled();
  });

  it('drops an answer overtaken by a newer step or a reset', async () => {
    const answers = new Map<number, (board: BoardView) => void>();
    const { stepper: s } = stepper((ply) => new Promise((resolve) => answers.set(ply, resolve)));
    const first = s.stepTo(1, 5);
    const second = s.stepTo(2, 5);
    answers.get(2)?.(board(2));
    answers.get(1)?.(board(1));
    await expect(second).resolves.toBe(true);
    await expect(first).resolves.toBe(false);
    expect(s.ply).toBe(2);

    const third = s.stepTo(3, 5);
    s.reset();
    answers.get(3)?.(board(3));
    await expect(third).resolves.toBe(false);
    expect(s.ply).toBeNull();
  });

  it('reports a board that could not be had', async () => {
    const failure = new Error('gone');
    const { stepper: s, host } = stepper(() => Promise.reject(failure));
    await expect(s.stepTo(1, 3)).resolves.toBe(false);
    expect(host.failed).toHaveBeenCalledWith(failure);
  });
});

describe('stepForKey', () => {
  const key = (name: string, modifiers: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
    key: name,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...modifiers,
  });

  it('steps with the arrows, Home and End', () => {
    expect(stepForKey(key('ArrowLeft'), 4, 9)).toBe(3);
    expect(stepForKey(key('ArrowRight'), 4, 9)).toBe(5);
    expect(stepForKey(key('Home'), 4, 9)).toBe(0);
    expect(stepForKey(key('End'), 4, 9)).toBe(9);
  });

  it('leaves other keys and modified arrows to the browser', () => {
    expect(stepForKey(key('a'), 4, 9)).toBeUndefined();
    expect(stepForKey(key('ArrowLeft', { altKey: true }), 4, 9)).toBeUndefined();
    expect(stepForKey(key('ArrowRight', { shiftKey: true }), 4, 9)).toBeUndefined();
  });
});
