import { describe, expect, it } from 'vitest';
import { Navigator, addressOf, routeAt, type Route } from './router';

/** A window with just the history the Navigator uses, kept in memory; `go` and `back` fire
 * `popstate` as a browser does (later, not during the call). */
class MemoryWindow {
  entries: { state: unknown; url: string }[] = [{ state: null, url: '/index.html' }];
  index = 0;
  private listeners: ((event: PopStateEvent) => void)[] = [];
  readonly location = {
    pathname: '/index.html',
    search: '?x=1',
    hash: '',
  };
  readonly history = {
    pushState: (state: unknown, _title: string, url: string) => {
      this.entries = this.entries.slice(0, this.index + 1);
      this.entries.push({ state, url });
      this.index++;
    },
    replaceState: (state: unknown, _title: string, url: string) => {
      this.entries[this.index] = { state, url };
    },
    go: (delta: number) => {
      this.index = Math.max(0, Math.min(this.entries.length - 1, this.index + delta));
      const state = this.entries[this.index]?.state;
      queueMicrotask(() => this.listeners.forEach((listener) => listener({ state } as PopStateEvent)));
    },
    back: () => this.history.go(-1),
  };
  addEventListener(_name: 'popstate', listener: (event: PopStateEvent) => void): void {
    this.listeners.push(listener);
  }
  removeEventListener(_name: 'popstate', listener: (event: PopStateEvent) => void): void {
    this.listeners = this.listeners.filter((other) => other !== listener);
  }
  /** The player types an address (or follows a link): a new entry the app did not write. */
  typeAddress(hash: string): void {
    this.history.pushState(null, '', `/index.html${hash}`);
    this.location.hash = hash;
    queueMicrotask(() => this.listeners.forEach((listener) => listener({ state: null } as PopStateEvent)));
  }
  get url(): string {
    return this.entries[this.index]?.url ?? '';
  }
}

function navigator() {
  const win = new MemoryWindow();
  const arrived: Route[] = [];
  /** For each arrival: whether it came back to an entry the app wrote. */
  const returning: boolean[] = [];
  const nav = new Navigator(win as unknown as Window, (route, back) => {
    arrived.push(route);
    returning.push(back);
  });
  return { win, nav, arrived, returning };
}

const tick = (): Promise<void> => new Promise((resolve) => queueMicrotask(resolve));

describe('routes', () => {
  const routes: Route[] = [
    { screen: 'home' },
    { screen: 'newGame' },
    { screen: 'play', gameId: 'g-1/2 x' },
    { screen: 'settings' },
    { screen: 'learn' },
    { screen: 'lesson', id: 'leaper-2' },
    { screen: 'lesson', id: 'leaper' },
    { screen: 'join', invite: 'HKDW-MPRT-CAXE-FGNJ' },
    { screen: 'rules', reading: 'cambridge' },
    { screen: 'rules', reading: '1962' },
  ];

  it('each have an address that reads back as the same route', () => {
    for (const route of routes) expect(routeAt(addressOf(route))).toEqual(route);
    expect(routes.map(addressOf)).toEqual(['#/', '#/new', '#/game/g-1%2F2%20x', '#/settings', '#/learn', '#/learn/leaper-2', '#/learn/leaper', '#/join/HKDW-MPRT-CAXE-FGNJ', '#/rules/cambridge', '#/rules/1962']);
  });

  it('read nothing from an address that is not theirs', () => {
    for (const address of ['#/nowhere', '#/game', '#/game/a/b', '#/settings/x', '#/game/%E0%A4%A', '#/learn/a/b', '#/join', '#/join/a/b', '#/rules', '#/rules/1964', '#/rules/toString', '#/rules/cambridge/x']) expect(routeAt(address)).toBeUndefined();
    expect(routeAt('')).toEqual({ screen: 'home' });
  });
});

describe('Navigator', () => {
  it('opens on a game with home under it, so back goes home', async () => {
    const { win, nav, arrived } = navigator();
    nav.start({ screen: 'play', gameId: 'g1' });
    expect(win.entries.map((entry) => entry.url)).toEqual(['/index.html?x=1#/', '/index.html?x=1#/game/g1']);
    nav.back();
    await tick();
    expect(arrived).toEqual([{ screen: 'home' }]);
    expect(nav.route).toEqual({ screen: 'home' });
  });

  it('goes back from the settings to where they were opened', async () => {
    const { nav, arrived } = navigator();
    nav.start({ screen: 'home' });
    nav.push({ screen: 'play', gameId: 'g1' });
    nav.push({ screen: 'settings' });
    nav.back();
    await tick();
    expect(arrived).toEqual([{ screen: 'play', gameId: 'g1' }]);
  });

  it('replaces a screen left for good: back from a game started on the new-game screen goes home', async () => {
    const { win, nav, arrived } = navigator();
    nav.start({ screen: 'home' });
    nav.push({ screen: 'newGame' });
    nav.replace({ screen: 'play', gameId: 'g2' });
    expect(win.entries).toHaveLength(2);
    nav.back();
    await tick();
    expect(arrived).toEqual([{ screen: 'home' }]);
  });

  it('keeps home at the bottom: replacing it pushes', () => {
    const { win, nav } = navigator();
    nav.start({ screen: 'home' });
    nav.replace({ screen: 'play', gameId: 'g3' });
    expect(win.entries.map((entry) => entry.url)).toEqual(['/index.html?x=1#/', '/index.html?x=1#/game/g3']);
  });

  it('goes home through the history from any depth', async () => {
    const { win, nav, arrived } = navigator();
    nav.start({ screen: 'play', gameId: 'g1' });
    nav.push({ screen: 'settings' });
    nav.home();
    await tick();
    expect(win.index).toBe(0);
    expect(arrived).toEqual([{ screen: 'home' }]);
  });

  it('goes home from an address typed by the player, and back from it to where it was typed', async () => {
    const { win, nav, arrived } = navigator();
    nav.start({ screen: 'learn' });
    win.typeAddress('#/learn/leaper-2');
    await tick();
    expect(arrived).toEqual([{ screen: 'lesson', id: 'leaper-2' }]);
    nav.push({ screen: 'settings' });
    nav.home();
    await tick();
    expect(win.index).toBe(0);
    expect(arrived[arrived.length - 1]).toEqual({ screen: 'home' });
  });

  it('says whether an arrival returns to a screen the app opened, or to an address typed', async () => {
    const { win, nav, arrived, returning } = navigator();
    nav.start({ screen: 'home' });
    nav.push({ screen: 'newGame' });
    nav.push({ screen: 'rules', reading: 'cambridge' });
    nav.back();
    await tick();
    expect(arrived).toEqual([{ screen: 'newGame' }]);
    expect(returning).toEqual([true]);
    // The same screen by an address typed in the browser is a new visit (its form starts afresh).
    win.typeAddress('#/new');
    await tick();
    expect(arrived[1]).toEqual({ screen: 'newGame' });
    expect(returning[1]).toBe(false);
  });

  it('stops listening when stopped', async () => {
    const { win, nav, arrived } = navigator();
    nav.start({ screen: 'settings' });
    nav.stop();
    win.history.back();
    await tick();
    expect(arrived).toEqual([]);
  });
});
