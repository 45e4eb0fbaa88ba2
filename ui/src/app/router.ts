// Where the app is: a table of routes, each with its address, and the browser's history, so that
// back — the webview's, and Android's back button, which Tauri turns into history back — goes
// where the player expects: from a game to home, from the settings to wherever they were opened.
//
// Addresses are fragments (`#/settings`): the app is one page, served as files, in a webview
// and in the browser alike.

import type { Reading } from '../bindings';

/** The readings of the rules an address may name (`#/rules/cambridge`). A record, so that a new
 * reading on the Rust side fails the build until it has its address. */
const READING_IN_ADDRESS: Record<Reading, true> = { '1963': true, '1962': true, cambridge: true, boardspace: true, zillions: true };

function isReading(text: string): text is Reading {
  return Object.prototype.hasOwnProperty.call(READING_IN_ADDRESS, text);
}

export type Route =
  | { screen: 'home' }
  | { screen: 'newGame' }
  /** The game in progress, or a finished game to review. */
  | { screen: 'play'; gameId: string }
  | { screen: 'settings' }
  /** The rules course's map. */
  | { screen: 'learn' }
  /** A task of the course, or a chapter (its introduction, then its first task). */
  | { screen: 'lesson'; id: string }
  /** The puzzle trainer: the puzzle in progress, or a new one. */
  | { screen: 'puzzles' }
  /** Online play: create a game or join one (the game itself is a `play` route). */
  | { screen: 'online' }
  /** An invite link's address: online play, joining with this code on the page's server. */
  | { screen: 'join'; invite: string }
  /** A finished game's analysis. */
  | { screen: 'analysis'; gameId: string }
  /** A reading of the rules: how it differs from Abbott's 1963 rules. */
  | { screen: 'rules'; reading: Reading };

export type ScreenName = Route['screen'];

interface RouteSpec<R extends Route> {
  /** The address after `#/`. */
  path(route: R): string;
  /** Reads the parts of an address after `#/`; `undefined` when they are not this route's. */
  read(parts: readonly string[]): R | undefined;
}

type RouteTable = { [S in ScreenName]: RouteSpec<Extract<Route, { screen: S }>> };

const ROUTES: RouteTable = {
  home: { path: () => '', read: (parts) => (parts.length === 0 ? { screen: 'home' } : undefined) },
  newGame: { path: () => 'new', read: (parts) => (parts.length === 1 && parts[0] === 'new' ? { screen: 'newGame' } : undefined) },
  play: {
    path: (route) => `game/${encodeURIComponent(route.gameId)}`,
    read: ([first, id, ...rest]) => (first === 'game' && id && rest.length === 0 ? { screen: 'play', gameId: decodeURIComponent(id) } : undefined),
  },
  settings: { path: () => 'settings', read: (parts) => (parts.length === 1 && parts[0] === 'settings' ? { screen: 'settings' } : undefined) },
  learn: { path: () => 'learn', read: (parts) => (parts.length === 1 && parts[0] === 'learn' ? { screen: 'learn' } : undefined) },
  puzzles: { path: () => 'puzzles', read: (parts) => (parts.length === 1 && parts[0] === 'puzzles' ? { screen: 'puzzles' } : undefined) },
  online: { path: () => 'online', read: (parts) => (parts.length === 1 && parts[0] === 'online' ? { screen: 'online' } : undefined) },
  join: {
    path: (route) => `join/${encodeURIComponent(route.invite)}`,
    read: ([first, code, ...rest]) => (first === 'join' && code && rest.length === 0 ? { screen: 'join', invite: decodeURIComponent(code) } : undefined),
  },
  analysis: {
    path: (route) => `analysis/${encodeURIComponent(route.gameId)}`,
    read: ([first, id, ...rest]) => (first === 'analysis' && id && rest.length === 0 ? { screen: 'analysis', gameId: decodeURIComponent(id) } : undefined),
  },
  rules: {
    path: (route) => `rules/${route.reading}`,
    read: ([first, reading, ...rest]) => (first === 'rules' && reading !== undefined && isReading(reading) && rest.length === 0 ? { screen: 'rules', reading } : undefined),
  },
  lesson: {
    path: (route) => `learn/${encodeURIComponent(route.id)}`,
    read: ([first, id, ...rest]) => (first === 'learn' && id && rest.length === 0 ? { screen: 'lesson', id: decodeURIComponent(id) } : undefined),
  },
};

export function addressOf(route: Route): string {
  const spec = ROUTES[route.screen] as RouteSpec<Route>;
  return `#/${spec.path(route)}`;
}

export function routeAt(address: string): Route | undefined {
  const parts = address.replace(/^#?\/?/, '').split('/').filter((part) => part !== '');
  for (const spec of Object.values(ROUTES) as RouteSpec<Route>[]) {
    try {
      const route = spec.read(parts);
      if (route) return route;
    } catch {
      // A malformed escape in the address (decodeURIComponent): not this route.
    }
  }
  return undefined;
}

export function sameRoute(a: Route, b: Route): boolean {
  return addressOf(a) === addressOf(b);
}

/** What the app keeps in each history entry: the route, and how many entries above home it is. */
interface Entry {
  route: Route;
  depth: number;
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const { route, depth } = value as { route?: unknown; depth?: unknown };
  return typeof depth === 'number' && typeof route === 'object' && route !== null && routeAt(addressOf(route as Route)) !== undefined;
}

/**
 * The app's use of `history`. Home is always the bottom entry (depth 0), so back from any screen
 * ends at home and back from home leaves the app. Moving on pushes an entry; moving sideways
 * (a new game from the game-over panel, a rematch) replaces it, so back does not lead into a
 * screen that was left for good.
 */
export class Navigator {
  private entry: Entry = { route: { screen: 'home' }, depth: 0 };
  private readonly onPop = (event: PopStateEvent): void => {
    const state: unknown = event.state;
    let entry: Entry;
    const written = isEntry(state);
    if (written) {
      entry = state;
    } else {
      // An address the app did not write (typed, or a link, in a browser): a step above the
      // screen it was on, so that Home and back still lead home through the history.
      const route = routeAt(this.win.location.hash) ?? { screen: 'home' };
      entry = { route, depth: route.screen === 'home' ? 0 : this.entry.depth + 1 };
      this.win.history.replaceState(entry, '', urlWith(this.win, addressOf(route)));
    }
    this.entry = entry;
    this.arrived(entry.route, written);
  };

  constructor(
    private readonly win: Window,
    /** Called when the player moved through the history (back, forward): show `route`;
     * `returning` when the entry is one the app wrote (not an address typed or followed). */
    private readonly arrived: (route: Route, returning: boolean) => void,
  ) {
    win.addEventListener('popstate', this.onPop);
  }

  get route(): Route {
    return this.entry.route;
  }

  /** Opens the app on `route`, with home under it. */
  start(route: Route): void {
    this.write('replace', { route: { screen: 'home' }, depth: 0 });
    if (route.screen !== 'home') this.write('push', { route, depth: 1 });
  }

  push(route: Route): void {
    this.write('push', { route, depth: this.entry.depth + 1 });
  }

  /** Takes the place of the current entry (home stays home: a route replacing it is pushed). */
  replace(route: Route): void {
    if (this.entry.depth === 0 && route.screen !== 'home') this.push(route);
    else this.write('replace', { route, depth: this.entry.depth });
  }

  /** Back to home, through the history, so that back from there leaves the app. The route
   * arrives through `arrived`. */
  home(): void {
    if (this.entry.depth > 0) this.win.history.go(-this.entry.depth);
  }

  /** One step back; the route arrives through `arrived`. */
  back(): void {
    if (this.entry.depth > 0) this.win.history.back();
    else this.arrived(this.entry.route, true);
  }

  stop(): void {
    this.win.removeEventListener('popstate', this.onPop);
  }

  private write(how: 'push' | 'replace', entry: Entry): void {
    this.entry = entry;
    const address = addressOf(entry.route);
    if (how === 'push') this.win.history.pushState(entry, '', urlWith(this.win, address));
    else this.win.history.replaceState(entry, '', urlWith(this.win, address));
  }
}

/** The page's own address (with its query, if any) and the route's fragment. */
function urlWith(win: Window, fragment: string): string {
  return `${win.location.pathname}${win.location.search}${fragment}`;
}
