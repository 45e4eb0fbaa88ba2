// The app: what every screen shares (settings, the game in progress, sounds, the error and
// notice banners, the screen-reader announcer), the moves between screens, and the one `redraw()`
// that patches the page from the views. Which screen a route opens is told to it (`ScreenOpener`,
// screens.ts), so that the features, which all know the app, are not known by it; the page
// around the screens is shell.ts.

import { api, errorMessage, isCancelled } from '../api';
import type { FinishedPage, GameEvent, GameView, OnlineEvent, OnlineStatus, OnlineView, Settings, Startup } from '../bindings';
import { describeNotice } from '../problems';
import { useLanguage } from '../i18n';
import { Navigator, routeAt, type Route } from './router';
import { courseApi } from '../course/api';
import { statusOf } from '../course/stars';
import type { CourseMap, CourseStatus } from '../course/types';
import { onlineApi } from '../online/api';
import type { OnlineChoices } from '../online/onlineChoices';
import type { NewGameChoices } from '../play/newGameChoices';
import { gamesInProgress, liveGameInProgress, withView } from '../online/games';
import { puzzleApi } from '../puzzles/api';
import type { PuzzleChoice, PuzzleStatus } from '../puzzles/types';
import { Sounds } from '../common/sound';
import { patch, type VNode } from '../common/view/snabbdom';
import { shellView, type ShownNotice } from './shell';

export type { Route } from './router';

/** A screen: its controller's view, and what to do when the app moves on. */
export interface Screen {
  view(): VNode;
  /** Called once the screen is in the page. */
  mounted?(): void;
  /** An update the Rust side pushed (the bot's move); the app has remembered it already. */
  event?(event: GameEvent): void;
  /** A change of the online game the Rust side pushed; the app has remembered it already. */
  onlineEvent?(event: OnlineEvent): void;
  /** Called once when the app moves to another screen. */
  leave?(): void;
}

/** How a move to another screen goes into the history: see `Navigator`. */
export type Way = 'push' | 'replace';

/** What a screen may be opened with, besides its route. */
export interface Opening {
  /** The game to show on the play screen, when the caller has it (no need to ask Rust). */
  game?: GameView;
  /** The screen was come back to through the history (back, forward), not opened anew: a form
   * shows the choices it was left with (the new game's, after a look at a rules page). */
  returning?: boolean;
}

/** Builds the screen a route opens (screens.ts: `openScreen`). */
export type ScreenOpener = (app: App, route: Route, opening: Opening) => Promise<Screen>;

export class App {
  settings: Settings;
  /** The game in progress (or the one just finished), as the Rust side last described it. */
  current: GameView | null;
  /** The newest finished games (and where the next page starts). */
  finished: FinishedPage;
  /** Nothing is saved this session (the save file comes from a newer version). */
  readonly readOnly: boolean;
  /** The rules course's progress, as start-up and the last map said. */
  courseStatus: CourseStatus;
  /** The course map as last asked for (`null` before the map was first opened). */
  course: CourseMap | null = null;
  /** The puzzle rating and progress, as start-up and the trainer last said. */
  puzzleStatus: PuzzleStatus;
  /** What the next puzzle should be (the trainer's mode, difficulty and theme): as saved at
   * start-up, then as the trainer last read or changed it (the Rust side saves it). */
  puzzleChoice: PuzzleChoice;
  readonly sounds = new Sounds(() => this.settings.sound);
  /** Online play: its settings, the online games and the server inside the app, as last heard. */
  online: OnlineStatus | null = null;
  /** The new-game form as the player last left it, for when the history returns to it. */
  newGameChoices: NewGameChoices | null = null;
  /** The "Play online" form as the player last left it, for when the history returns to it. */
  onlineChoices: OnlineChoices | null = null;

  /** The error and the notices in words, worded when drawn: a change of language rewords them. */
  private error: (() => string) | undefined;
  private notices: { id: number; words: () => string }[] = [];
  private noticeCount = 0;
  private announcement = '';
  private announceTimer: ReturnType<typeof setTimeout> | undefined;
  private screen: Screen | undefined;
  private route: Route = { screen: 'home' };
  /** Bumped by every move to another screen: a screen still loading for an older one is dropped. */
  private opening = 0;
  private vnode: VNode | Element;
  private patching = false;
  private redrawAgain = false;
  private readonly navigator: Navigator;

  constructor(
    root: Element,
    startup: Startup,
    private readonly open: ScreenOpener,
  ) {
    this.vnode = root;
    this.settings = startup.settings;
    useLanguage(this.settings.language);
    this.current = startup.current;
    this.finished = startup.finished;
    this.readOnly = startup.readOnly;
    this.courseStatus = startup.course;
    this.puzzleStatus = startup.puzzles;
    this.puzzleChoice = startup.puzzles.choice;
    for (const notice of startup.notices) this.notice(() => describeNotice(notice));
    this.navigator = new Navigator(window, (route, returning) => void this.show(route, { returning }));
  }

  /** Opens the first screen where the player was at a quit, a crash or a reload (the puzzle
   * trainer, else the game in progress, else the newest online game in progress, else home),
   * then listens to the Rust side's updates. */
  async start(): Promise<void> {
    // The online games saved come back now (their lines in the background): no network wait.
    let resumed: unknown = null;
    try {
      await onlineApi.watch((event) => this.onlineEvent(event));
    } catch (error) {
      // One saved game that could not come back (the others did), or no online play here.
      resumed = error;
    }
    try {
      this.online = await onlineApi.status();
      if (resumed !== null) this.showError(resumed);
    } catch (error) {
      // A backend without online play: the app goes without it.
      console.warn('ultima: no online play here', error);
    }
    // An invite link (`#/join/CODE`) opened the app: that is where the player wants to go.
    const link = routeAt(window.location.hash);
    const inProgress = this.hasGameInProgress() && !this.puzzleStatus.reopen ? this.current : null;
    const online = this.puzzleStatus.reopen || inProgress ? null : this.onlineInProgress();
    let route: Route = { screen: 'home' };
    if (link?.screen === 'join') route = link;
    else if (this.puzzleStatus.reopen) route = { screen: 'puzzles' };
    else if (inProgress) route = { screen: 'play', gameId: inProgress.id };
    else if (online) route = { screen: 'play', gameId: online.game.id };
    this.navigator.start(route);
    await this.show(route, inProgress && route.screen === 'play' && route.gameId === inProgress.id ? { game: inProgress } : {});
    try {
      await api.watchGames((event) => this.gameEvent(event));
    } catch (error) {
      this.showError(error);
    }
  }

  /** A change of an online game the Rust side pushed: remembered, and the screen hears of it. */
  private onlineEvent(event: OnlineEvent): void {
    if (event.kind === 'changed') this.rememberOnline(event.view);
    this.screen?.onlineEvent?.(event);
    this.redraw();
  }

  /** An online game as the Rust side last described it: it takes the place of the one of the
   * same id (or of the game it is the rematch of); a new one comes first. */
  rememberOnline(view: OnlineView): void {
    if (this.online) this.online = { ...this.online, games: withView(this.online.games, view) };
  }

  /** The online games that go on, the newest first. */
  onlineGames(): OnlineView[] {
    return gamesInProgress(this.online?.games ?? []);
  }

  /** Online game `gameId`, as last heard (finished or not). */
  onlineGame(gameId: string): OnlineView | null {
    return this.online?.games.find((game) => game.game.id === gameId) ?? null;
  }

  /** The newest online game that goes on. */
  onlineInProgress(): OnlineView | null {
    return this.onlineGames()[0] ?? null;
  }

  /** An online game with a running clock in minutes (not days per move) goes on. */
  liveOnlineInProgress(): boolean {
    return liveGameInProgress(this.online?.games ?? []);
  }

  /** An update the Rust side pushed: the game in progress becomes it, and the screen hears of it. */
  private gameEvent(event: GameEvent): void {
    if (event.kind === 'changed') this.remember(event.game);
    this.screen?.event?.(event);
    this.redraw();
  }

  /** Moves to another screen; `replace` when the screen left should not be back's target. */
  go(route: Route, opening: Opening = {}, way: Way = 'push'): Promise<void> {
    if (way === 'push') this.navigator.push(route);
    else this.navigator.replace(route);
    return this.show(route, opening);
  }

  /** Home, through the history: back from there leaves the app. */
  home(): void {
    if (this.route.screen === 'home') return;
    if (this.navigator.route.screen === 'home') void this.show({ screen: 'home' }, {});
    else this.navigator.home();
  }

  /** Takes the app down (tests open several in one page): the screen leaves, history is no longer followed. */
  stop(): void {
    this.screen?.leave?.();
    this.screen = undefined;
    this.navigator.stop();
    clearTimeout(this.announceTimer);
  }

  /** Where back leads (the settings' Done, the new game's Cancel). */
  back(): void {
    this.navigator.back();
  }

  /** The game in progress is unfinished (starting another would abandon it). */
  hasGameInProgress(): boolean {
    return this.current !== null && this.current.result === null;
  }

  /** A newer view of a game: it becomes the game in progress when it is that game. */
  remember(game: GameView): void {
    if (this.current?.id === game.id && game.revision >= this.current.revision) this.current = game;
  }

  /** The course's progress changed (a task solved, a reset): `map` is the new one, or, when
   * the caller has none, it is asked for. */
  rememberCourse(map: CourseMap | undefined): void {
    if (map) {
      this.course = map;
      this.courseStatus = statusOf(map);
    } else {
      void this.refreshCourse();
    }
  }

  /** Asks for the course's progress again (after a task was solved). */
  async refreshCourse(): Promise<void> {
    try {
      this.rememberCourse(await courseApi.courseMap());
    } catch {
      // Only what home and the map show is late: the next look asks again.
    }
    this.redraw();
  }

  /** The puzzle rating changed (a puzzle ended), as the trainer learnt it. */
  rememberPuzzles(status: PuzzleStatus): void {
    this.puzzleStatus = status;
  }

  /** Asks for the puzzle rating (home shows it). Quiet on failure: only the rating on home is missing. */
  async refreshPuzzles(): Promise<void> {
    try {
      this.puzzleStatus = await puzzleApi.status();
    } catch {
      return;
    }
    this.redraw();
  }

  /** Forgets every solved task and star (the settings' reset). */
  async resetCourse(): Promise<boolean> {
    try {
      this.rememberCourse(await courseApi.resetCourse());
      this.redraw();
      return true;
    } catch (error) {
      this.showError(error);
      return false;
    }
  }

  /** Saves settings, showing them at once; on failure goes back to what was saved and says why. */
  async saveSettings(settings: Settings): Promise<Settings> {
    const before = this.settings;
    this.settings = settings;
    useLanguage(settings.language);
    this.redraw();
    try {
      this.settings = await api.setSettings(settings);
    } catch (error) {
      this.settings = before;
      this.showError(error);
    }
    useLanguage(this.settings.language);
    this.redraw();
    return this.settings;
  }

  /** Shows a failure from the Rust side in words. A cancelled bot search is not a failure. */
  showError(error: unknown): void {
    if (isCancelled(error)) return;
    this.error = () => errorMessage(error);
    this.redraw();
  }

  clearError(): void {
    if (this.error === undefined) return;
    this.error = undefined;
    this.redraw();
  }

  /** A message the player must see once, such as a repaired save file. */
  notice(words: () => string): void {
    this.notices.push({ id: ++this.noticeCount, words });
    this.redraw();
  }

  /** Says something to screen-reader users (the last move, the result). */
  announce(text: string): void {
    // Emptying first makes a repeated sentence be read again.
    this.announcement = '';
    this.redraw();
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => {
      this.announcement = text;
      this.redraw();
    }, 50);
  }

  /** Brings the page up to date with the state. A redraw asked for while one is under way
   * (a board event during the patch) follows it. */
  redraw(): void {
    if (!this.screen) return;
    if (this.patching) {
      this.redrawAgain = true;
      return;
    }
    this.patching = true;
    try {
      this.vnode = patch(this.vnode, this.view(this.screen));
    } finally {
      this.patching = false;
    }
    if (this.redrawAgain) {
      this.redrawAgain = false;
      queueMicrotask(() => this.redraw());
    }
  }

  private async show(route: Route, opening: Opening): Promise<void> {
    const opened = ++this.opening;
    let next: Screen;
    try {
      next = await this.open(this, route, opening);
    } catch (error) {
      // A game that cannot be opened (gone back to in the history): say why, and go home.
      if (opened !== this.opening) return;
      this.showError(error);
      if (this.navigator.route.screen === 'home') await this.show({ screen: 'home' }, {});
      else this.navigator.home();
      return;
    }
    if (opened !== this.opening) {
      next.leave?.();
      return;
    }
    this.screen?.leave?.();
    this.route = route;
    this.screen = next;
    this.redraw();
    next.mounted?.();
    // Move the focus into the new screen so keyboard and screen-reader users start there.
    const heading = document.querySelector<HTMLElement>('#main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    window.scrollTo(0, 0);
  }

  private view(screen: Screen): VNode {
    const page = screen.view();
    // A new screen is a new element: nothing of the old one's elements carries over.
    page.key = this.opening;
    return shellView(
      {
        screen: this.route.screen,
        readOnly: this.readOnly,
        error: this.error?.(),
        notices: this.notices.map((notice): ShownNotice => ({ id: notice.id, text: notice.words() })),
        announcement: this.announcement,
      },
      {
        home: () => this.home(),
        settings: () => void this.go({ screen: 'settings' }),
        clearError: () => this.clearError(),
        dismissNotice: (notice) => {
          this.notices = this.notices.filter((other) => other.id !== notice.id);
          this.redraw();
        },
      },
      page,
    );
  }
}
