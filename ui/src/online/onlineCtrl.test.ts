import { describe, expect, it, vi } from 'vitest';
import type { GameView, OnlineStatus, OnlineView } from '../bindings';
import type { OnlineApi } from './api';
import { clockSetting, correspondenceSetting, OnlineCtrl, type OnlineHost } from './onlineCtrl';
import { formatClock, formatLongClock } from './clock';

function view(id: string, result: GameView['result'] = null): OnlineView {
  return {
    game: { id, result, revision: 1 } as GameView,
    invite: 'HKDW-MPRT-CAXE-FGNJ',
    inviteLink: null,
    opponent: 'waiting',
    link: { kind: 'connected' },
    claimWinInMs: null,
    rematchOffer: null,
    server: 'ws://127.0.0.1:7070',
    hosted: true,
  };
}

function fakeApp(status: OnlineStatus | null): OnlineHost {
  const app: OnlineHost = {
    online: status,
    redraw: vi.fn(),
    showError: vi.fn(),
    clearError: vi.fn(),
    go: vi.fn(() => Promise.resolve()),
    rememberOnline: (game) => {
      if (app.online) app.online = { ...app.online, game };
    },
    onlineInProgress: () => (app.online?.game && app.online.game.game.result === null ? app.online.game : null),
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

const STATUS: OnlineStatus = { settings: { server: 'ws://10.0.0.2:7070', hostPort: 7171 }, game: null, hosting: null, canHost: true };
/** A browser's: it cannot host, and no server is saved yet. */
const WEB_STATUS: OnlineStatus = { settings: { server: '', hostPort: 7070 }, game: null, hosting: null, canHost: false };

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
    expect(create).toHaveBeenCalledWith('random', null, { daysPerMove: 7 }, false);
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
    expect(create).toHaveBeenCalledWith('black', { baseMs: 600_000, incrementMs: 5_000 }, null, true);
    expect(app.online?.game?.game.id).toBe('online-g1');
    expect(app.online?.hosting?.addresses).toEqual(['ws://192.168.1.20:7272']);
    expect(app.go).toHaveBeenCalledWith({ screen: 'play', gameId: 'online-g1' }, {}, 'replace');
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

  it('leaves an online game in progress only once the player confirms', async () => {
    const join = vi.fn(() => Promise.resolve(view('online-g2')));
    const app = fakeApp({ ...STATUS, game: view('online-g1') });
    const refusing = new OnlineCtrl(app, () => Promise.resolve(false), fakeApi({ join }));
    await refusing.join();
    expect(join).not.toHaveBeenCalled();
    const confirming = new OnlineCtrl(app, () => Promise.resolve(true), fakeApi({ join }));
    await confirming.join();
    expect(app.online?.game?.game.id).toBe('online-g2');
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
