import { describe, expect, it } from 'vitest';
import type { BoardView, PlyView } from '../bindings';
import { Sounds, soundFile, soundFor } from './sound';

const quiet: PlyView = { from: 'e2', to: 'e5', captures: [], side: 'white', role: 'pawn', removal: false, mark: 'none' };
const capture: PlyView = { ...quiet, to: 'e6', captures: ['d6'] };
const removal: PlyView = { from: 'd4', to: 'd4', captures: [], side: 'white', role: 'withdrawer', removal: true, mark: 'none' };
const board = (check: string | null): BoardView => ({ pieces: [], frozen: [], check, lastMove: null, turn: 'black', ply: 1 });

describe('soundFor', () => {
  it('plays a move, a capture, a check, or the end, the most telling one only', () => {
    expect(soundFor(quiet, board(null), null)).toBe('move');
    expect(soundFor(capture, board(null), null)).toBe('capture');
    expect(soundFor(removal, board(null), null)).toBe('capture');
    expect(soundFor(capture, board('e8'), null)).toBe('check');
    expect(soundFor(capture, board('e8'), { kind: 'win', winner: 'white', reason: 'checkmate' })).toBe('end');
  });
});

describe('Sounds', () => {
  it('stays silent and does not throw where there is no audio', () => {
    const sounds = new Sounds(() => true);
    expect(() => sounds.play('move')).not.toThrow();
  });
});

describe('sound files', () => {
  it('are Ogg Vorbis where the webview plays it, MP3 where it does not (Apple)', () => {
    expect(soundFile('capture', true)).toBe('/sounds/capture.ogg');
    expect(soundFile('capture', false)).toBe('/sounds/capture.mp3');
  });
});
