import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import type { App } from '../app/app';
import type { GameView } from '../bindings';
import { NewGameCtrl } from './newGameCtrl';

function fakeApp(inProgress: boolean) {
  return {
    settings: { defaultLevel: 'beginner' },
    current: inProgress ? ({ id: 'old', result: null } as GameView) : null,
    hasGameInProgress: () => inProgress,
    redraw: vi.fn(),
    back: vi.fn(),
    clearError: vi.fn(),
    showError: vi.fn(),
    go: vi.fn(() => Promise.resolve()),
    newGameChoices: null,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NewGameCtrl', () => {
  it('starts from the default level, and asks for what was chosen', () => {
    const ctrl = new NewGameCtrl(fakeApp(false) as unknown as App, () => Promise.resolve(true));
    expect(ctrl.request()).toEqual({ kind: 'bot', level: 'beginner', playerSide: 'white', reading: '1963' });
    ctrl.set('side', 'random');
    ctrl.set('level', 'club');
    expect(ctrl.request()).toEqual({ kind: 'bot', level: 'club', playerSide: 'random', reading: '1963' });
    ctrl.set('opponent', 'friend');
    ctrl.set('turnBoard', false);
    expect(ctrl.request()).toEqual({ kind: 'friend', turnBoard: false, reading: '1963' });
  });

  it('asks for the reading of the rules chosen, against the bot and between friends alike', () => {
    const ctrl = new NewGameCtrl(fakeApp(false) as unknown as App, () => Promise.resolve(true));
    expect(ctrl.reading).toBe('1963');
    ctrl.set('reading', 'cambridge');
    expect(ctrl.request()).toEqual({ kind: 'bot', level: 'beginner', playerSide: 'white', reading: 'cambridge' });
    ctrl.set('opponent', 'friend');
    expect(ctrl.request()).toEqual({ kind: 'friend', turnBoard: true, reading: 'cambridge' });
  });

  it('opens on Abbott’s 1963 rules, whatever the last game was played by', () => {
    const last = { ...fakeApp(false), current: { id: 'last', result: 'draw', reading: 'zillions' } as unknown as GameView };
    expect(new NewGameCtrl(last as unknown as App, () => Promise.resolve(true)).reading).toBe('1963');
  });

  it('gives the form back as it was left when the history returns to it; a new visit starts afresh', () => {
    const app = fakeApp(false);
    const first = new NewGameCtrl(app as unknown as App, () => Promise.resolve(true));
    first.set('level', 'club');
    first.set('side', 'black');
    first.set('reading', 'boardspace');
    first.leave();
    const back = new NewGameCtrl(app as unknown as App, () => Promise.resolve(true), true);
    expect(back.request()).toEqual({ kind: 'bot', level: 'club', playerSide: 'black', reading: 'boardspace' });
    back.set('opponent', 'friend');
    back.set('turnBoard', false);
    back.leave();
    const again = new NewGameCtrl(app as unknown as App, () => Promise.resolve(true), true);
    expect(again.request()).toEqual({ kind: 'friend', turnBoard: false, reading: 'boardspace' });
    const anew = new NewGameCtrl(app as unknown as App, () => Promise.resolve(true));
    expect(anew.request()).toEqual({ kind: 'bot', level: 'beginner', playerSide: 'white', reading: '1963' });
  });

  it('abandons an unfinished game only once the player confirms, and the game takes this screen’s place', async () => {
    const game = { id: 'new' } as GameView;
    const newGame = vi.spyOn(api, 'newGame').mockResolvedValue(game);
    const app = fakeApp(true);
    const refusing = new NewGameCtrl(app as unknown as App, () => Promise.resolve(false));
    await refusing.start();
    expect(newGame).not.toHaveBeenCalled();

    const confirming = new NewGameCtrl(app as unknown as App, () => Promise.resolve(true));
    await confirming.start();
    expect(newGame).toHaveBeenCalledWith({ kind: 'bot', level: 'beginner', playerSide: 'white', reading: '1963' });
    expect(app.current).toBe(game);
    expect(app.go).toHaveBeenCalledWith({ screen: 'play', gameId: 'new' }, { game }, 'replace');
  });
});
