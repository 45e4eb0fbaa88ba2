import { describe, expect, it, vi } from 'vitest';
import type { ClockView, GameView, OnlineStatus, OnlineView } from '../bindings';
import type { OnlineApi } from './api';
import { clockSetting, correspondenceSetting, OnlineCtrl, type OnlineHost } from './onlineCtrl';
import { clockSettingLabel, formatClock, formatLongClock } from './clock';
import { byTurn, gamesInProgress, liveGameInProgress, timeLeft, turnOf, withView } from './games';

function view(id: string, result: GameView['result'] = null, clock: ClockView | null = null): OnlineView {
  return {
    game: { id, result, revision: 1, clock } as GameView,
    invite: 'HKDW-MPRT-CAXE-FGNJ',
    inviteLink: null,
    opponent: 'waiting',
    link: { kind: 'connected' },
    claimWinInMs: null,
    rematchOffer: null,
    server: 'ws://127.0.0.1:7070',
    hosted: true,
    rematchOf: null,
  };
}

const DAY = 86_400_000;
/** A correspondence clock, 3 days per move, Black to move with a day and 5 hours left. */
const DAYS: ClockView = { whiteMs: 3 * DAY, blackMs: DAY + 5 * 3_600_000, running: 'black', baseMs: 3 * DAY, incrementMs: 0, daysPerMove: 3 };
const MINUTES: ClockView = { whiteMs: 600_000, blackMs: 600_000, running: 'white', baseMs: 600_000, incrementMs: 5000, daysPerMove: null };

/** `base` where the friend has joined, `turn` to move, this side playing White. */
function playing(base: OnlineView, turn: 'white' | 'black'): OnlineView {
  return {
    ...base,
    opponent: 'connected',
    game: { ...base.game, opponent: { kind: 'online', playerSide: 'white' }, board: { turn } } as GameView,
  };
}

function fakeApp(status: OnlineStatus | null): OnlineHost {
  const app: OnlineHost = {
    online: status,
    onlineChoices: null,
    redraw: vi.fn(),
    showError: vi.fn(),
    clearError: vi.fn(),
    go: vi.fn(() => Promise.resolve()),
    rememberOnline: (game) => {
      if (app.online) app.online = { ...app.online, games: withView(app.online.games, game) };
    },
    onlineGames: () => gamesInProgress(app.online?.games ?? []),
    liveOnlineInProgress: () => liveGameInProgress(app.online?.games ?? []),
  };
  return app;
}

function fakeApi(overrides: Partial<OnlineApi>): OnlineApi {
  const refuse = () => Promise.reject(new Error('not in this test'));
  return {
    status: refuse,
    watch: refuse,
    setSettings: (settings) => Promise.resolve(settings),
    host: (port) => Promise.resolve({ port, addresses: [`ws://192.168.1.20:${port}`] }),
    stopHosting: () => Promise.resolve(),
    create: refuse,
    join: refuse,
    game: refuse,
    boardAt: refuse,
    play: refuse,
    act: refuse,
    leave: () => Promise.resolve(),
    ...overrides,
  };
}

const STATUS: OnlineStatus = { settings: { server: 'ws://10.0.0.2:7070', hostPort: 7171 }, games: [], hosting: null, canHost: true };
/** A browser's: it cannot host, and no server is saved yet. */
const WEB_STATUS: OnlineStatus = { settings: { server: '', hostPort: 7070 }, games: [], hosting: null, canHost: false };

describe('OnlineCtrl', () => {
  it('turns the clock choices into milliseconds', () => {
    expect(clockSetting('none')).toBeNull();
    expect(clockSetting('5+3')).toEqual({ baseMs: 300_000, incrementMs: 3_000 });
    expect(clockSetting('30+20')).toEqual({ baseMs: 1_800_000, incrementMs: 20_000 });
    expect(correspondenceSetting('30+20')).toBeNull();
  });

  it('turns a correspondence choice into days per move, with no clock', async () => {
    expect(clockSetting('3d')).toBeNull();
    expect(correspondenceSetting('3d')).toEqual({ daysPerMove: 3 });
    expect(correspondenceSetting('14d')).toEqual({ daysPerMove: 14 });
    const create = vi.fn(() => Promise.resolve(view('online-g9')));
    const ctrl = new OnlineCtrl(fakeApp({ ...STATUS }), () => Promise.resolve(true), fakeApi({ create }));
    ctrl.set('clock', '7d');
    await ctrl.create();
    expect(create).toHaveBeenCalledWith('random', null, { daysPerMove: 7 }, '1963', false);
  });

  it('hosts on the port typed, creates the game there, and opens it in place of this screen', async () => {
    const create = vi.fn(() => Promise.resolve(view('online-g1')));
    const host = vi.fn((port: number) => Promise.resolve({ port, addresses: [`ws://192.168.1.20:${port}`] }));
    const setSettings = vi.fn((settings: OnlineStatus['settings']) => Promise.resolve(settings));
    const app = fakeApp({ ...STATUS });
    const ctrl = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({ create, host, setSettings }));
    expect(ctrl.server).toBe('ws://10.0.0.2:7070');
    expect(ctrl.port).toBe('7171');
    ctrl.set('hosted', true);
    ctrl.set('port', '7272');
    ctrl.set('color', 'black');
    ctrl.set('clock', '10+5');
    await ctrl.create();
    expect(setSettings).toHaveBeenCalledWith({ server: 'ws://10.0.0.2:7070', hostPort: 7272 });
    expect(host).toHaveBeenCalledWith(7272);
    expect(create).toHaveBeenCalledWith('black', { baseMs: 600_000, incrementMs: 5_000 }, null, '1963', true);
    expect(app.online?.games.map((game) => game.game.id)).toEqual(['online-g1']);
    expect(app.online?.hosting?.addresses).toEqual(['ws://192.168.1.20:7272']);
    expect(app.go).toHaveBeenCalledWith({ screen: 'play', gameId: 'online-g1' }, {}, 'replace');
  });

  it('creates the game by the reading chosen, 1963 until another is', async () => {
    const create = vi.fn(() => Promise.resolve(view('online-g2')));
    const ctrl = new OnlineCtrl(fakeApp({ ...STATUS }), () => Promise.resolve(true), fakeApi({ create }));
    expect(ctrl.reading).toBe('1963');
    ctrl.set('reading', 'cambridge');
    await ctrl.create();
    expect(create).toHaveBeenCalledWith('random', null, null, 'cambridge', false);
  });

  it('gives the form back as it was left when the history returns to it, an invite link\'s screen too', async () => {
    const app = fakeApp({ ...STATUS });
    const first = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({}));
    first.set('color', 'black');
    first.set('clock', '3d');
    first.set('reading', 'zillions');
    first.set('port', '7373');
    first.leave();
    const back = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({ status: () => Promise.resolve({ ...STATUS }) }), null, '', true);
    expect([back.mode, back.color, back.clock, back.reading, back.port]).toEqual(['create', 'black', '3d', 'zillions', '7373']);
    // The screen asks for the settings again once shown: the port typed stays, not yet saved.
    await back.refresh();
    expect(back.port).toBe('7373');
    const anew = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({}));
    expect([anew.mode, anew.color, anew.clock, anew.reading, anew.port]).toEqual(['create', 'random', 'none', '1963', String(STATUS.settings.hostPort)]);
    // A link opened afresh joins with its code, whatever was left.
    const link = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({}), 'HKDW-MPRT-CAXE-FGNJ', '');
    expect([link.mode, link.invite, link.reading]).toEqual(['join', 'HKDW-MPRT-CAXE-FGNJ', '1963']);
    // Its screen come back to (the join failed; the player chose to create, and read a rules
    // page): the form as left, and no second join by itself.
    const join = vi.fn(() => Promise.resolve(view('online-g9')));
    const linkBack = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({ join }), 'HKDW-MPRT-CAXE-FGNJ', 'http://127.0.0.1:8080', true);
    expect([linkBack.mode, linkBack.reading]).toEqual(['create', 'zillions']);
    await linkBack.refresh();
    expect(join).not.toHaveBeenCalled();
  });

  it('refuses a port that is not one without asking the Rust side', async () => {
    const host = vi.fn();
    const ctrl = new OnlineCtrl(fakeApp({ ...STATUS }), () => Promise.resolve(true), fakeApi({ host }));
    ctrl.set('hosted', true);
    for (const port of ['', 'abc', '0', '70000', '1.5']) {
      ctrl.set('port', port);
      expect(ctrl.portNumber()).toBeNull();
      await ctrl.create();
    }
    expect(host).not.toHaveBeenCalled();
  });

  it('joins with the code on the server typed; a refusal is shown and nothing opens', async () => {
    const refusal = { kind: 'badRequest', problem: { code: 'noSuchInvite' } };
    const join = vi.fn(() => Promise.reject(refusal));
    const app = fakeApp({ ...STATUS });
    const ctrl = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({ join }));
    ctrl.set('mode', 'join');
    ctrl.set('server', '192.168.1.20:7070');
    ctrl.set('invite', 'hkdw mprt caxe fgnj');
    await ctrl.join();
    expect(join).toHaveBeenCalledWith('192.168.1.20:7070', 'hkdw mprt caxe fgnj');
    expect(app.showError).toHaveBeenCalledWith(refusal);
    expect(app.go).not.toHaveBeenCalled();
    expect(ctrl.busy).toBe(false);
  });

  it('leaves an online game with a running clock only once the player confirms', async () => {
    const join = vi.fn(() => Promise.resolve(view('online-g2')));
    const app = fakeApp({ ...STATUS, games: [view('online-g1', null, MINUTES)] });
    const refusing = new OnlineCtrl(app, () => Promise.resolve(false), fakeApi({ join }));
    await refusing.join();
    expect(join).not.toHaveBeenCalled();
    const confirming = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({ join }));
    await confirming.join();
    // Both go on: the new one first.
    expect(app.online?.games.map((game) => game.game.id)).toEqual(['online-g2', 'online-g1']);
  });

  it('starts another game beside correspondence games without asking', async () => {
    const create = vi.fn(() => Promise.resolve(view('online-g3', null, DAYS)));
    const app = fakeApp({ ...STATUS, games: [view('online-g1', null, DAYS), view('online-g2', null, null)] });
    const confirm = vi.fn(() => Promise.resolve(false));
    const ctrl = new OnlineCtrl(app, confirm, fakeApi({ create }));
    ctrl.set('clock', '3d');
    await ctrl.create();
    expect(confirm).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith('random', null, { daysPerMove: 3 }, '1963', false);
    expect(app.online?.games.map((game) => game.game.id)).toEqual(['online-g3', 'online-g1', 'online-g2']);
    expect(app.go).toHaveBeenCalledWith({ screen: 'play', gameId: 'online-g3' }, {}, 'replace');
  });
});

describe('OnlineCtrl in a browser', () => {
  it("takes the page's server as the default, and cannot host", () => {
    const ctrl = new OnlineCtrl(fakeApp({ ...WEB_STATUS }), () => Promise.resolve(true), fakeApi({}), null, 'https://club.example.org');
    expect(ctrl.server).toBe('https://club.example.org');
    expect(ctrl.canHost).toBe(false);
    expect(ctrl.hosted).toBe(false);
    // A server the player saved stays theirs.
    const saved = new OnlineCtrl(fakeApp({ ...WEB_STATUS, settings: { server: 'ws://10.0.0.2:7070', hostPort: 7070 } }), () => Promise.resolve(true), fakeApi({}), null, 'https://club.example.org');
    expect(saved.server).toBe('ws://10.0.0.2:7070');
  });

  it("joins an invite link's game on the page's server as soon as the screen opens", async () => {
    const join = vi.fn(() => Promise.resolve(view('online-g3')));
    const status = vi.fn(() => Promise.resolve({ ...WEB_STATUS, settings: { server: 'ws://elsewhere:1', hostPort: 7070 } }));
    const app = fakeApp(null);
    const ctrl = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({ join, status }), 'HKDW-MPRT-CAXE-FGNJ', 'http://127.0.0.1:8080');
    expect(ctrl.mode).toBe('join');
    await ctrl.refresh();
    expect(join).toHaveBeenCalledWith('http://127.0.0.1:8080', 'HKDW-MPRT-CAXE-FGNJ');
    expect(app.go).toHaveBeenCalledWith({ screen: 'play', gameId: 'online-g3' }, {}, 'replace');
  });
});

describe('formatClock', () => {
  it('writes minutes and seconds, hours past an hour, tenths under ten seconds', () => {
    expect(formatClock(300_000)).toBe('5:00');
    expect(formatClock(65_400)).toBe('1:06');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(9_870)).toBe('9.8');
    expect(formatClock(-5)).toBe('0.0');
  });

  it('writes a correspondence clock in days and hours, then hours and minutes', () => {
    expect(formatLongClock(3 * 86_400_000 + 5 * 3_600_000 + 1)).toBe('3 d 5 h');
    expect(formatLongClock(86_400_000)).toBe('1 d 0 h');
    expect(formatLongClock(5 * 3_600_000 + 7 * 60_000)).toBe('5 h 7 min');
    expect(formatLongClock(65_400)).toBe('1:06');
  });
});

describe('the online games kept', () => {
  it('puts a newer view in its game\'s place, a rematch in its game\'s, a new game first', () => {
    const g1 = view('online-g1');
    const g2 = view('online-g2');
    const newer = { ...g1, game: { ...g1.game, revision: 2 } };
    expect(withView([g1, g2], newer)).toEqual([newer, g2]);
    // An older view changes nothing.
    expect(withView([newer, g2], g1)).toEqual([newer, g2]);
    const rematch = { ...view('online-g9'), rematchOf: 'online-g2' };
    expect(withView([g1, g2], rematch)).toEqual([g1, rematch]);
    expect(withView([g1], g2)).toEqual([g2, g1]);
    expect(gamesInProgress([view('online-g4', { kind: 'win', winner: 'white', reason: 'resignation' }), g1])).toEqual([g1]);
  });

  it('says whose move it is and a correspondence game\'s time left', () => {
    expect(turnOf(view('online-g1'))).toBe('waiting');
    expect(turnOf(playing(view('online-g1', null, DAYS), 'white'))).toBe('yours');
    expect(turnOf(playing(view('online-g1', null, DAYS), 'black'))).toBe('friends');
    expect(timeLeft(view('online-g1', null, DAYS))).toBe(DAY + 5 * 3_600_000);
    expect(timeLeft(view('online-g1', null, MINUTES))).toBeNull();
    expect(liveGameInProgress([view('online-g1', null, DAYS), view('online-g2')])).toBe(false);
    expect(liveGameInProgress([view('online-g1', null, DAYS), view('online-g2', null, MINUTES)])).toBe(true);
    // The player's moves first, then the friend's, then the invites nobody joined yet.
    const waiting = view('online-w');
    const theirs = playing(view('online-t', null, DAYS), 'black');
    const yours = playing(view('online-y', null, DAYS), 'white');
    expect(byTurn([waiting, theirs, yours]).map((game) => game.game.id)).toEqual(['online-y', 'online-t', 'online-w']);
  });

  it('names the clock setting', () => {
    expect(clockSettingLabel(DAYS)).toBe('3 days per move');
    expect(clockSettingLabel(MINUTES)).toBe('10 min + 5 s');
    expect(clockSettingLabel(null)).toBe('No clock');
  });
});
