import { describe, expect, it } from 'vitest';
import type { BoardView, ExampleBoard, ReadingExample } from '../bindings';
import { exampleCaption } from './wording';

const board = (frozen: string[] = []): BoardView => ({ pieces: [], frozen, check: null, lastMove: null, turn: 'white', ply: 0 });

function example(coordinates: string | null, here: Partial<ExampleBoard>): ReadingExample {
  const shown: ExampleBoard = { reading: 'cambridge', state: 'shown', board: board(), move: null, outcome: null, ...here };
  return { difference: 'x', coordinates, here: shown, abbott: { ...shown, reading: '1963' } };
}

describe('the rules page examples’ lines', () => {
  it('say what the move takes, that it is none, or that the position cannot be', () => {
    const takes = example('b4f4', { move: { from: 'b4', to: 'f4', captures: ['c4', 'e4'] } });
    expect(exampleCaption(takes, takes.here)).toBe('b4f4 takes c4 and e4.');
    const quiet = example('d3h3', { move: { from: 'd3', to: 'h3', captures: [] } });
    expect(exampleCaption(quiet, quiet.here)).toBe('d3h3 takes nothing.');
    const removal = example('c5c5', { move: { from: 'c5', to: 'c5', captures: [] } });
    expect(exampleCaption(removal, removal.here)).toBe('c5c5 removes the frozen piece on c5.');
    const refused = example('c5c5', { state: 'refused' });
    expect(exampleCaption(refused, refused.here)).toBe('c5c5 is not a move by these rules.');
    const impossible = example('d4e5', { state: 'impossible', board: null });
    expect(exampleCaption(impossible, impossible.here)).toMatch(/cannot arise/);
  });

  it('say the frozen pieces and how the game stands, or that it is the start', () => {
    const stalemate = example(null, { board: board(['a1']), outcome: { kind: 'draw', reason: 'stalemate' } });
    expect(exampleCaption(stalemate, stalemate.here)).toBe('Frozen: a1. Draw · stalemate.');
    const taken = example('d4e5', { move: { from: 'd4', to: 'e5', captures: ['e5'] }, outcome: { kind: 'win', winner: 'white', reason: 'kingCaptured' } });
    expect(exampleCaption(taken, taken.here)).toMatch(/^d4e5 takes e5\. White wins · /);
    const start = example(null, {});
    expect(exampleCaption(start, start.here)).toBe('The start.');
  });
});
