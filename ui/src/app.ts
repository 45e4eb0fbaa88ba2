// The app shell: what every screen shares (settings, the game in progress, sounds, the error and
// notice banners, the screen-reader announcer) and the switch between screens.

import { api, errorMessage, isCancelled } from './api';
import type { FinishedSummary, GameView, Settings, Startup } from './bindings';
import { h, replaceChildren } from './dom';
import { homeScreen } from './screens/home';
import { newGameScreen } from './screens/newGame';
import { playScreen } from './screens/play';
import { settingsScreen } from './screens/settings';
import { Sounds } from './sound';

export type Route =
  | { screen: 'home' }
  | { screen: 'newGame' }
  /** `game` is the game in progress, or a finished game to review. */
  | { screen: 'play'; game: GameView }
  | { screen: 'settings' };

export interface Screen {
  element: HTMLElement;
  /** Called once the element is in the page. */
  mounted?(): void;
  /** Called once when the app moves to another screen. */
  leave?(): void;
}

export class App {
  settings: Settings;
  /** The game in progress (or the one just finished), as the Rust side last described it. */
  current: GameView | null;
  finished: FinishedSummary[];
  readonly sounds = new Sounds(() => this.settings.sound);

  private readonly root: HTMLElement;
  private readonly main: HTMLElement;
  private readonly banners: HTMLElement;
  private readonly errorBanner: HTMLElement;
  private readonly announcer: HTMLElement;
  private readonly settingsButton: HTMLButtonElement;
  private readonly homeButton: HTMLButtonElement;
  private screen: Screen | undefined;
  private route: Route = { screen: 'home' };
  /** Where "Done" on the settings screen goes back to. */
  private beforeSettings: Route = { screen: 'home' };

  constructor(root: HTMLElement, startup: Startup) {
    this.root = root;
    this.settings = startup.settings;
    this.current = startup.current;
    this.finished = startup.finished;
    this.homeButton = h('button', { type: 'button', class: 'ghost', testid: 'home-open', on: { click: () => this.go({ screen: 'home' }) } }, 'Home');
    this.settingsButton = h(
      'button',
      { type: 'button', class: 'ghost', testid: 'settings-open', on: { click: () => this.go({ screen: 'settings' }) } },
      'Settings',
    );
    this.errorBanner = h('div', { class: 'banner banner-error', role: 'alert', testid: 'error', hidden: true });
    this.banners = h('div', { class: 'banners' }, this.errorBanner);
    this.announcer = h('div', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true', testid: 'announcer' });
    this.main = h('main', { id: 'main', tabindex: -1 });
    replaceChildren(
      root,
      h(
        'header',
        { class: 'topbar' },
        h('span', { class: 'brand' }, 'Ultima'),
        h('nav', { class: 'topbar-nav', 'aria-label': 'App' }, this.homeButton, this.settingsButton),
      ),
      this.banners,
      this.main,
      this.announcer,
    );
    for (const notice of startup.notices) this.notice(notice);
  }

  go(route: Route): void {
    this.screen?.leave?.();
    if (route.screen === 'settings' && this.route.screen !== 'settings') this.beforeSettings = this.route;
    this.route = route;
    this.screen = this.build(route);
    replaceChildren(this.main, this.screen.element);
    this.screen.mounted?.();
    this.homeButton.hidden = route.screen === 'home';
    this.settingsButton.hidden = route.screen === 'settings';
    this.root.dataset['screen'] = route.screen;
    // Move the focus into the new screen so keyboard and screen-reader users start there.
    const heading = this.main.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    window.scrollTo(0, 0);
  }

  /** Leaves the settings screen for wherever the player came from. */
  back(): void {
    const target = this.beforeSettings;
    if (target.screen === 'play' && this.current && target.game.id === this.current.id) {
      this.go({ screen: 'play', game: this.current });
    } else {
      this.go(target);
    }
  }

  /** The game in progress is unfinished (starting another would abandon it). */
  hasGameInProgress(): boolean {
    return this.current !== null && this.current.result === null;
  }

  /** Saves settings, showing them at once; on failure goes back to what was saved and says why. */
  async saveSettings(settings: Settings): Promise<Settings> {
    const before = this.settings;
    this.settings = settings;
    try {
      this.settings = await api.setSettings(settings);
    } catch (error) {
      this.settings = before;
      this.showError(error);
    }
    return this.settings;
  }

  /** Shows a failure from the Rust side in words. A cancelled bot search is not a failure. */
  showError(error: unknown): void {
    if (isCancelled(error)) return;
    const dismiss = h('button', { type: 'button', class: 'ghost', 'aria-label': 'Dismiss the error', on: { click: () => (this.errorBanner.hidden = true) } }, '×');
    replaceChildren(this.errorBanner, h('span', { class: 'banner-text' }, errorMessage(error)), dismiss);
    this.errorBanner.hidden = false;
  }

  clearError(): void {
    this.errorBanner.hidden = true;
  }

  /** A message the player must see once, such as a repaired save file. */
  notice(text: string): void {
    const banner = h('div', { class: 'banner banner-notice', role: 'status', testid: 'notice' });
    const dismiss = h('button', { type: 'button', class: 'ghost', 'aria-label': 'Dismiss this notice', on: { click: () => banner.remove() } }, '×');
    replaceChildren(banner, h('span', { class: 'banner-text' }, text), dismiss);
    this.banners.append(banner);
  }

  /** Says something to screen-reader users (the last move, the result). */
  announce(text: string): void {
    // Emptying first makes a repeated sentence be read again.
    this.announcer.textContent = '';
    setTimeout(() => (this.announcer.textContent = text), 50);
  }

  private build(route: Route): Screen {
    switch (route.screen) {
      case 'home':
        return homeScreen(this);
      case 'newGame':
        return newGameScreen(this);
      case 'play':
        return playScreen(this, route.game);
      case 'settings':
        return settingsScreen(this);
    }
  }
}
