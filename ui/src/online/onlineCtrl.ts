// The "Play online" screen's controller, without the DOM: the server address (a saved setting),
// creating a game (colour, clock, the reading of the rules, on a server or hosted by this app) or
// joining one with a code (the choices kept by the app for a return through the history, from a
// rules page), and the way to the game once the Rust side has it. Its view is online.ts.

import type { App } from '../app/app';
import type { ClockSetting, ColorChoice, Correspondence, OnlineSettings, OnlineStatus, OnlineView, Reading } from '../bindings';
import { DEFAULT_READING } from '../common/wording';
import { onlineApi, type OnlineApi } from './api';
import type { ClockChoice, OnlineChoices, OnlineMode } from './onlineChoices';

export { CLOCKS, type ClockChoice, type OnlineMode } from './onlineChoices';

/** The address of the server the page was loaded from, when it was (a browser, not the app). */
export function pageOrigin(): string {
  const location = globalThis.location as Location | undefined;
  return location && /^https?:$/.test(location.protocol) ? location.origin : '';
}

/** Days per move, for a correspondence choice (`3d`); `null` for the others. */
export function daysPerMove(choice: ClockChoice): number | null {
  return choice.endsWith('d') ? Number(choice.slice(0, -1)) : null;
}

export function clockSetting(choice: ClockChoice): ClockSetting | null {
  if (choice === 'none' || daysPerMove(choice) !== null) return null;
  const [minutes, increment] = choice.split('+').map(Number);
  return { baseMs: (minutes ?? 0) * 60_000, incrementMs: (increment ?? 0) * 1000 };
}

export function correspondenceSetting(choice: ClockChoice): Correspondence | null {
  const days = daysPerMove(choice);
  return days === null ? null : { daysPerMove: days };
}

/** What the screen needs of the app. */
export type OnlineHost = Pick<App, 'online' | 'onlineChoices' | 'redraw' | 'showError' | 'clearError' | 'go' | 'rememberOnline' | 'onlineGames' | 'liveOnlineInProgress'>;

export class OnlineCtrl {
  mode: OnlineMode = 'create';
  color: ColorChoice = 'random';
  clock: ClockChoice = 'none';
  /** The rules the game is played by: 1963 until the player chooses another (as on the new-game
   *  screen). The friend who joins plays by them too (the server says). */
  reading: Reading = DEFAULT_READING;
  hosted = false;
  /** The server address as typed (saved when it changes). */
  server = '';
  /** The port "Host on this network" listens on, as typed. */
  port = '7070';
  invite = '';
  /** A request is on its way: a second press does nothing. */
  busy = false;
  /** The address was just saved (a short note by the field). */
  saved = false;
  /** An invite link opened the screen: its game is joined once the screen is shown. */
  private joinOnOpen = false;
  /** The port as typed before a look at a rules page: shown rather than the saved one. */
  private readonly keptPort: string | null = null;

  constructor(
    readonly app: OnlineHost,
    /** Asks whether to leave the online game with a running clock; a dialog in the app, an
     * answer in tests. (Correspondence games, several at once, are not asked about.) */
    private readonly confirmLeave: () => Promise<boolean>,
    private readonly online: OnlineApi = onlineApi,
    /** An invite link's code: the screen joins with it once open. */
    private readonly linkInvite: string | null = null,
    /** The server the page was loaded from (`''`: none, as in the app). */
    private readonly pageServer: string = pageOrigin(),
    /** The screen was come back to through the history (from a rules page it links to): the
     * choices are as the player left them, not the defaults. */
    returning = false,
  ) {
    // An invite link's screen come back to (its join failed, and the player went on to a rules
    // page from the form): the form as left, and no second join by itself.
    const kept = returning ? app.onlineChoices : null;
    if (kept) {
      const { port, ...form } = kept;
      Object.assign(this, form);
      this.port = port;
      this.keptPort = port;
    } else if (linkInvite !== null) {
      this.mode = 'join';
      this.invite = linkInvite;
      this.joinOnOpen = true;
    }
    this.take(app.online);
  }

  /** The form as it stands (the server address aside: it is a setting, saved as it changes). */
  choices(): OnlineChoices {
    return { mode: this.mode, color: this.color, clock: this.clock, reading: this.reading, hosted: this.hosted, invite: this.invite, port: this.port };
  }

  /** The screen is left: the app keeps the form, for when the history returns to it. */
  leave(): void {
    this.app.onlineChoices = this.choices();
  }

  private take(status: OnlineStatus | null): void {
    if (!status) return;
    // In a browser the page's own server is the default (and an invite link's server).
    const fromPage = !status.canHost && (status.settings.server === '' || this.linkInvite !== null);
    this.server = fromPage && this.pageServer !== '' ? this.pageServer : status.settings.server;
    this.port = this.keptPort ?? String(status.settings.hostPort);
    this.hosted = status.canHost && (this.hosted || status.hosting !== null);
  }

  /** Whether this app can host a game (the desktop app; not a browser). */
  get canHost(): boolean {
    return this.app.online?.canHost ?? false;
  }

  get status(): OnlineStatus | null {
    return this.app.online;
  }

  /** Asks for the settings and the online game again (the screen opened); an invite link's
   * game is joined then. */
  async refresh(): Promise<void> {
    try {
      const status = await this.online.status();
      this.app.online = status;
      this.take(status);
    } catch (error) {
      this.app.showError(error);
    }
    this.app.redraw();
    if (this.joinOnOpen && this.server !== '') {
      this.joinOnOpen = false;
      await this.join();
    }
  }

  set<K extends 'mode' | 'color' | 'clock' | 'reading' | 'hosted' | 'server' | 'port' | 'invite'>(key: K, value: OnlineCtrl[K]): void {
    (this as OnlineCtrl)[key] = value;
    if (key === 'server') this.saved = false;
    this.app.redraw();
  }

  /** The port as a number, or `null` when it is not one. */
  portNumber(): number | null {
    const port = Number(this.port.trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  }

  /** Saves the address typed (normalised by the Rust side: `ws://` put in front). */
  async saveServer(): Promise<boolean> {
    const status = this.app.online;
    const current: OnlineSettings = status?.settings ?? { server: '', hostPort: 7070 };
    if (this.server.trim() === current.server) return true;
    try {
      const settings = await this.online.setSettings({ ...current, server: this.server });
      if (this.app.online) this.app.online = { ...this.app.online, settings };
      this.server = settings.server;
      this.saved = true;
      this.app.clearError();
      return true;
    } catch (error) {
      this.app.showError(error);
      return false;
    } finally {
      this.app.redraw();
    }
  }

  async create(): Promise<void> {
    const port = this.portNumber();
    if (this.hosted && port === null) return;
    await this.start(async () => {
      if (!this.hosted && !(await this.saveServer())) return null;
      if (this.hosted && port !== null) {
        const current = this.app.online?.settings ?? { server: this.server, hostPort: port };
        if (current.hostPort !== port) await this.online.setSettings({ ...current, hostPort: port });
        const hosting = await this.online.host(port);
        if (this.app.online) this.app.online = { ...this.app.online, hosting };
      }
      return this.online.create(this.color, clockSetting(this.clock), correspondenceSetting(this.clock), this.reading, this.hosted);
    });
  }

  async join(): Promise<void> {
    await this.start(() => this.online.join(this.server, this.invite));
  }

  private async start(request: () => Promise<OnlineView | null>): Promise<void> {
    if (this.busy) return;
    if (this.app.liveOnlineInProgress() && !(await this.confirmLeave())) return;
    this.busy = true;
    this.app.redraw();
    try {
      const view = await request();
      if (!view) return;
      this.app.rememberOnline(view);
      if (this.app.online === null) this.app.online = { settings: { server: this.server, hostPort: this.portNumber() ?? 7070 }, games: [view], hosting: null, canHost: false };
      this.app.clearError();
      await this.app.go({ screen: 'play', gameId: view.game.id }, {}, 'replace');
    } catch (error) {
      this.app.showError(error);
    } finally {
      this.busy = false;
      this.app.redraw();
    }
  }

  /** Opens online game `gameId`. */
  openGame(gameId: string): void {
    void this.app.go({ screen: 'play', gameId });
  }

  async stopHosting(): Promise<void> {
    try {
      await this.online.stopHosting();
      if (this.app.online) this.app.online = { ...this.app.online, hosting: null };
      this.hosted = false;
    } catch (error) {
      this.app.showError(error);
    }
    this.app.redraw();
  }
}
