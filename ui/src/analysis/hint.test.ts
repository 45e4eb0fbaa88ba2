// Hint against the bot, in the play screen's controller: offered on the player's move only, the
// piece the engine would move marked on the board and said, the count of hints from the Rust
// side, and gone once the position changes.

import { describe, expect, it, vi } from 'vitest';
import type { GameView, HintView } from '../bindings';
import { botGame, playSetup } from '../play/playFixtures';

/** The play screen's controller on `initial`, its hints from a fake engine that counts them. */
function setup(initial: GameView) {
  const { ctrl, host } = playSetup(initial);
  let taken = 0;
  const source = vi.fn((): Promise<HintView> => Promise.resolve({ square: 'a2', hints: ++taken }));
  ctrl.hintSource = source;
  return { ctrl, host, source };
}

describe('a hint against the bot', () => {
  it('marks the piece the engine would move and says it, with the hints taken so far', async () => {
    const { ctrl, host, source } = setup(botGame(0));
    expect(ctrl.mayHint()).toBe(true);
    await ctrl.askHint();
    expect(source).toHaveBeenCalledWith('g1');
    expect(ctrl.hintMarks).toEqual({ hint: 'a2' });
    expect(host.announce).toHaveBeenLastCalledWith('Hint: move the piece on a2. (1 hint taken in this game.)');
    await ctrl.askHint();
    expect(host.announce).toHaveBeenLastCalledWith('Hint: move the piece on a2. (2 hints taken in this game.)');
  });

  it('is not offered on the bot’s move, between friends, or once the game is over', async () => {
    expect(setup(botGame(1)).ctrl.mayHint()).toBe(false);
    expect(setup(botGame(0, { opponent: { kind: 'friend', turnBoard: false } })).ctrl.mayHint()).toBe(false);
    expect(setup(botGame(2, { result: { kind: 'win', winner: 'white', reason: 'resignation' } })).ctrl.mayHint()).toBe(false);
    const { ctrl, source } = setup(botGame(1));
    await ctrl.askHint();
    expect(source).not.toHaveBeenCalled();
  });

  it('goes once the position changes', async () => {
    const { ctrl } = setup(botGame(0));
    await ctrl.askHint();
    expect(ctrl.shownHint).not.toBeNull();
    ctrl.event({ kind: 'changed', game: botGame(2) });
    await Promise.resolve();
    expect(ctrl.shownHint).toBeNull();
    expect(ctrl.hintMarks).toBeUndefined();
  });
});
