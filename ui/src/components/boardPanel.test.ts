import { describe, expect, it, vi } from 'vitest';
import type { MoveView, Settings } from '../bindings';
import { BoardPanel } from './boardPanelCtrl';

const settings: Settings = {
  pieceSet: 'emblems',
  boardTheme: 'wood',
  sound: false,
  showLegalMoves: true,
  showCoordinates: true,
  animation: 'none',
  defaultLevel: 'novice',
};

const MOVES: MoveView[] = [
  { from: 'c6', to: 'g6', captures: ['d6', 'f6'] },
  { from: 'a2', to: 'a3', captures: [] },
  { from: 'f5', to: 'f5', captures: [] },
];

function panel(play = vi.fn((_from: string, _to: string) => Promise.resolve(true))) {
  const redraw = vi.fn();
  return { panel: new BoardPanel(settings, { play, redraw }), play, redraw };
}

describe('BoardPanel', () => {
  it('says what the typed move takes, or how to type one', () => {
    const { panel: p } = panel();
    expect(p.hint(MOVES)).toMatch(/^Two squares, like e2e5/);
    p.input('c6g6');
    expect(p.typedMove(MOVES)).toBe(MOVES[0]);
    expect(p.hint(MOVES)).toBe('Takes d6 and f6.');
    p.input('a2-a3');
    expect(p.hint(MOVES)).toBe('Takes nothing.');
    p.input('f5=');
    expect(p.hint(MOVES)).toBe('Removes your frozen piece on f5.');
    // Well formed but not legal here: the usual hint, and no preview.
    p.input('h2h3');
    expect(p.typedMove(MOVES)).toBeUndefined();
    expect(p.hint(MOVES)).toMatch(/^Two squares/);
  });

  it('plays a typed move and keeps the move box for the next one', async () => {
    const { panel: p, play } = panel();
    p.input(' C6 G6 ');
    await expect(p.submit()).resolves.toBe(true);
    expect(play).toHaveBeenCalledWith('c6', 'g6');
    expect(p.typing).toBe(true);
    p.cleared();
    expect(p.typed).toBe('');
  });

  it('says a text is not a move, until the player types again', async () => {
    const { panel: p, play, redraw } = panel();
    p.input('hello ');
    await expect(p.submit()).resolves.toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(redraw).toHaveBeenCalled();
    expect(p.hint(MOVES)).toMatch(/^“hello” is not a move\./);
    p.input('hello!');
    expect(p.hint(MOVES)).toMatch(/^Two squares/);
  });

  it('plays a move made on the board, and the typed-move focus stops', () => {
    const { panel: p, play } = panel();
    p.typing = true;
    p.boardMove(MOVES[1]!);
    expect(play).toHaveBeenCalledWith('a2', 'a3');
    expect(p.typing).toBe(false);
  });

  it('offers the removal of a selected frozen piece and plays it once', () => {
    const { panel: p, play } = panel();
    p.removeFrozen();
    expect(play).not.toHaveBeenCalled();
    p.removalChanged({ move: MOVES[2]!, piece: { square: 'f5', side: 'white', role: 'pawn' } });
    expect(p.removal?.move.from).toBe('f5');
    p.removeFrozen();
    expect(play).toHaveBeenCalledWith('f5', 'f5');
    expect(p.removal).toBeUndefined();
  });
});
