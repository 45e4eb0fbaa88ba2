// The play screen's controller without a page: a fake app and Rust side.
import { describe, expect, it, vi } from 'vitest';
import type { GameView } from '../bindings';
import type { GameBackend } from '../common/game/controller';
import type { PlayQuestions } from './playCtrl';
import { NOBODY, board, botGame, friendGame, playSetup } from './playFixtures';

/** The controller on `initial` with sound on, the Rust side answering `backend`, the player `questions`. */
const setup = (initial: GameView, backend: Partial<GameBackend> = {}, questions: Partial<PlayQuestions> = {}) =>
  playSetup(initial, { backend, questions, settings: { sound: true } });


describe('PlayCtrl', () => {
  it('says whose move it is, to the player against the bot and by side between friends', () => {
    expect(setup(botGame(0)).ctrl.statusText()).toBe('Your move (White)');
    expect(setup(botGame(1)).ctrl.statusText()).toBe("The bot's move");
    expect(setup(botGame(0, { board: board(0, 'd1') })).ctrl.statusText()).toBe('Your move (White) · check!');
    expect(setup(friendGame(1)).ctrl.statusText()).toBe('Black to move');
    expect(setup(botGame(0)).ctrl.opponentText()).toBe('Bot (Casual) · you play White');
  });

  it('turns the board to the player, to the side to move between friends who asked so, and flips it', () => {
    const bot = setup(botGame(1, { opponent: { kind: 'bot', level: 'club', botSide: 'white' } })).ctrl;
    expect(bot.orientation()).toBe('black');
    const friends = setup(friendGame(1)).ctrl;
    expect(friends.orientation()).toBe('black');
    friends.flip();
    expect(friends.orientation()).toBe('white');
  });

  it('resigns for the seat the Rust side names, after asking', async () => {
    const resigned = botGame(2, { revision: 3, result: { kind: 'win', winner: 'black', reason: 'resignation' }, mayAct: NOBODY, legalMoves: [] });
    const resign = vi.fn(() => Promise.resolve(resigned));
    const { ctrl, asked, host } = setup(botGame(2), { resign });
    await ctrl.resign();
    expect(asked.resign).toHaveBeenCalledWith(expect.objectContaining({ id: 'g1' }), 'white');
    expect(resign).toHaveBeenCalledWith('g1');
    expect(ctrl.gameOverOpen).toBe(true);
    expect(ctrl.focusGameOver).toBe(true);
    expect(host.sounds.play).toHaveBeenCalledWith('end');
    expect(host.announce).toHaveBeenCalledWith('The bot wins. White resigned.');
    expect(ctrl.statusText()).toBe('Game over');
  });

  it('does not resign when the player keeps playing', async () => {
    const resign = vi.fn();
    const { ctrl } = setup(botGame(2), { resign }, { resign: () => Promise.resolve(false) });
    await ctrl.resign();
    expect(resign).not.toHaveBeenCalled();
  });

  it('between friends: a draw accepted is offered and answered; one declined is only announced', async () => {
    const offerDraw = vi.fn(() => Promise.resolve(friendGame(2, { revision: 3, drawOffer: 'white', mayAct: { ...NOBODY, answerDraw: 'black' } })));
    const answerDraw = vi.fn(() => Promise.resolve(friendGame(2, { revision: 4, result: { kind: 'draw', reason: 'agreement' }, mayAct: NOBODY })));
    const accepted = setup(friendGame(2), { offerDraw, answerDraw });
    await accepted.ctrl.offerDraw();
    expect(accepted.asked.acceptDraw).toHaveBeenCalledWith('white');
    expect(answerDraw).toHaveBeenCalledWith('g1', true);
    expect(accepted.ctrl.view.result).toEqual({ kind: 'draw', reason: 'agreement' });

    const declined = setup(friendGame(2), { offerDraw, answerDraw }, { acceptDraw: () => Promise.resolve(false) });
    offerDraw.mockClear();
    await declined.ctrl.offerDraw();
    expect(offerDraw).not.toHaveBeenCalled();
    expect(declined.host.announce).toHaveBeenCalledWith('Black declined the draw.');
  });

  it('announces and sounds the bot’s move pushed by the Rust side, and goes back to the live position', async () => {
    const { ctrl, host } = setup(botGame(1));
    await ctrl.stepTo(0);
    expect(ctrl.stepper.reviewing).toBe(true);
    ctrl.event({ kind: 'changed', game: botGame(2, { board: board(2, 'e1') }) });
    expect(ctrl.stepper.reviewing).toBe(false);
    expect(host.sounds.play).toHaveBeenCalledWith('check');
    expect(host.announce).toHaveBeenLastCalledWith('Black pawn a2 to a3. Check.');
    expect(ctrl.boardState().canType).toBe(true);
  });

  it('takes no board moves while looking back at the game', async () => {
    const { ctrl } = setup(botGame(2));
    expect(ctrl.boardState().moves).toHaveLength(1);
    await ctrl.stepTo(0);
    expect(ctrl.boardState()).toMatchObject({ moves: [], canType: false });
    expect(ctrl.stepForKey({ key: 'ArrowRight', altKey: false, ctrlKey: false, metaKey: false, shiftKey: false })).toBe(1);
  });

  it('starts the rematch in place of this game', async () => {
    const { ctrl, host } = setup(botGame(4, { result: { kind: 'win', winner: 'white', reason: 'checkmate' } }));
    host.hasGameInProgress = () => false;
    const rematch = botGame(0, { id: 'g2' });
    const api = await import('../api');
    const spy = vi.spyOn(api.api, 'rematch').mockResolvedValue(rematch);
    await ctrl.rematch();
    expect(spy).toHaveBeenCalledWith('g1');
    expect(host.go).toHaveBeenCalledWith({ screen: 'play', gameId: 'g2' }, { game: rematch }, 'replace');
    spy.mockRestore();
  });
});
