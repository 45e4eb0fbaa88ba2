import { describe, expect, it, vi } from 'vitest';
import type { MoveView } from '../../bindings';
import { ApiError } from '../../api';
import { SETTINGS } from '../../play/playFixtures';
import { BoardPanel, CHAPTER_OF, pieceInfoText } from './boardPanelCtrl';

const MOVES: MoveView[] = [
  { from: 'c6', to: 'g6', captures: ['d6', 'f6'] },
  { from: 'a2', to: 'a3', captures: [] },
  { from: 'f5', to: 'f5', captures: [] },
];

function panel(play = vi.fn((_from: string, _to: string) => Promise.resolve(true))) {
  const redraw = vi.fn();
  const announce = vi.fn();
  const learn = vi.fn();
  return { panel: new BoardPanel(SETTINGS, { play, redraw, announce, learn }), play, redraw, announce, learn };
}

describe('the reason for a refused move', () => {
  const frozen = new ApiError({
    kind: 'illegalMove',
    problem: { code: 'frozen', role: 'pawn', square: 'f5', by: [{ role: 'immobilizer', square: 'f6' }], removable: true },
  });

  it('is shown by the board with the squares it names, and said aloud', () => {
    const { panel: p, announce, redraw } = panel();
    expect(p.refuse(frozen)).toBe(true);
    expect(p.why?.text).toBe('The pawn on f5 is frozen by the immobilizer on f6 and cannot move (it can be removed instead: f5f5).');
    expect(p.why?.marks).toEqual({ subject: 'f5', causes: ['f6'], lines: [['f6', 'f5']] });
    expect(announce).toHaveBeenCalledWith(p.why?.text);
    expect(redraw).toHaveBeenCalled();
    // The next action puts it away.
    p.input('c6');
    expect(p.why).toBeUndefined();
  });

  it('leaves any other failure to the app', () => {
    const { panel: p } = panel();
    expect(p.refuse(new ApiError({ kind: 'storage', problem: { code: 'storage', what: 'save' } }))).toBe(false);
    expect(p.refuse(new Error('boom'))).toBe(false);
    expect(p.why).toBeUndefined();
  });

  it('asks the Rust side about a move the board would not make, and about a frozen piece picked', () => {
    const { panel: p, play } = panel();
    p.refuse(frozen);
    p.attempt('a1', 'b3');
    expect(play).toHaveBeenLastCalledWith('a1', 'b3');
    expect(p.why).toBeUndefined();
    // Any move of a frozen piece is refused, with what freezes it.
    p.pickedFrozen({ square: 'f5', side: 'white', role: 'pawn' });
    expect(play).toHaveBeenLastCalledWith('f5', 'f6');
    p.pickedFrozen({ square: 'b8', side: 'black', role: 'pawn' });
    expect(play).toHaveBeenLastCalledWith('b8', 'b7');
  });
});

describe('a piece described', () => {
  it('names the piece, says how it captures, and leads to its chapter', () => {
    const { panel: p, announce, learn } = panel();
    const leaper = { square: 'c6', side: 'white', role: 'longLeaper' } as const;
    p.inspect(leaper);
    expect(p.inspected).toBe(leaper);
    expect(pieceInfoText(leaper)).toBe('White long leaper · c6 Moves like a queen. Takes by leaping over enemy pieces in its line, each with an empty square behind it.');
    expect(announce).toHaveBeenCalledWith(pieceInfoText(leaper));
    p.learn('longLeaper');
    expect(learn).toHaveBeenCalledWith('leaper');
    expect(p.inspected).toBeUndefined();
  });

  it('has a chapter for every piece', () => {
    expect(Object.values(CHAPTER_OF).sort()).toEqual(['chameleon', 'coordinator', 'immobilizer', 'king', 'leaper', 'pawn', 'withdrawer']);
  });

  it('says where the keyboard cursor on the board is', () => {
    const { panel: p, announce } = panel();
    p.cursor('e4', { square: 'e4', side: 'black', role: 'withdrawer' });
    expect(announce).toHaveBeenLastCalledWith('e4, Black withdrawer. Enter describes it.');
    p.cursor('e5', undefined);
    expect(announce).toHaveBeenLastCalledWith('e5, empty.');
  });
});

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

  it('tells how to remove a frozen piece only in the rules that have removal', async () => {
    const { panel: p } = panel();
    expect(p.hint(MOVES, 'cambridge')).toBe('Two squares, like e2e5.');
    expect(p.hint(MOVES, 'zillions')).toMatch(/To remove a frozen piece, name its square twice/);
    expect(p.hint(MOVES, '1963')).toMatch(/To remove a frozen piece, name its square twice/);
    p.input('hello');
    await p.submit();
    expect(p.hint(MOVES, 'cambridge')).toBe('“hello” is not a move. Two squares, like e2e5.');
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
