// Home: continue the game in progress or an online game, start a new one, review a finished one.

import type { App, Screen } from '../app/app';
import type { FinishedSummary } from '../bindings';
import { courseText } from '../i18n/course';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { moveCount, opponentName, progressLine, readingNote, resultSummary } from '../common/wording';
import { onlineGameList } from '../online/gameList';
import { HomeCtrl } from './homeCtrl';
import './home.css';

export { HomeCtrl } from './homeCtrl';

export function homeScreen(app: App): Screen {
  const ctrl = new HomeCtrl(app);
  void ctrl.refresh();
  void app.refreshPuzzles();
  return { view: () => homeView(ctrl) };
}

export function homeView(ctrl: HomeCtrl): VNode {
  const finished = ctrl.finished;
  return h('section.screen.home', [
    h('h1', t('app.name')),
    h('p.tagline', t('home.tagline')),
    ctrl.learnFirst ? learnCard(ctrl) : null,
    puzzlesCard(ctrl),
    continueCard(ctrl),
    onlineCard(ctrl),
    h('div.home-actions', [
      h(
        ctrl.learnFirst ? 'button.big' : 'button.primary.big',
        { attrs: { type: 'button', ...testid('home-new-game') }, on: { click: () => ctrl.newGame() } },
        t('home.newGame'),
      ),
      // Only where online play runs (the app; not the browser build).
      ctrl.app.online ? h('button', { attrs: { type: 'button', ...testid('home-online') }, on: { click: () => ctrl.online() } }, t('home.online')) : null,
      ctrl.learnFirst ? null : h('button', { attrs: { type: 'button', ...testid('home-course') }, on: { click: () => ctrl.courseMap() } }, t('home.course')),
    ]),
    h('h2', t('home.finished')),
    h(
      'ol.finished-list',
      { attrs: testid('finished-list') },
      finished.length === 0
        ? [h('li.empty', t('home.noFinished'))]
        : finished.map((summary) => h('li', { key: summary.id }, [finishedRow(summary, () => void ctrl.review(summary))])),
    ),
    ctrl.hasMore
      ? h('div.home-actions', [
          h(
            'button',
            { attrs: { type: 'button', ...testid('finished-more') }, props: { disabled: ctrl.loadingMore }, on: { click: () => void ctrl.more() } },
            t('home.more'),
          ),
        ])
      : null,
  ]);
}

/** "Learn the rules", first on the page until the course is finished. */
function learnCard(ctrl: HomeCtrl): VNode {
  const status = ctrl.app.courseStatus;
  const task = ctrl.courseTask;
  const started = status.solved > 0 || status.current !== null;
  return h('div.card.learn-card', { attrs: testid('home-learn-card') }, [
    h('div', [
      h('strong', t('home.learn')),
      h('p', started && task ? t('home.learnGoOn', { task: courseText(`${task}.title`) }) : t('home.learnNew')),
    ]),
    h('div.learn-card-actions', [
      h('button.primary.big', { attrs: { type: 'button', ...testid('home-learn') }, on: { click: () => ctrl.learn() } }, t('home.learn')),
      h('button.link', { attrs: { type: 'button', ...testid('home-course') }, on: { click: () => ctrl.courseMap() } }, t('course.map')),
    ]),
  ]);
}

/** "Puzzles", with the player's puzzle rating once known. */
function puzzlesCard(ctrl: HomeCtrl): VNode {
  const status = ctrl.app.puzzleStatus;
  return h('div.card.puzzles-card', { attrs: testid('home-puzzles-card') }, [
    h('div', [
      h('strong', t('home.puzzles')),
      h(
        'p',
        { attrs: testid('home-puzzle-rating') },
        t('home.puzzleRating', { rating: Math.round(status.rating), count: status.attempted }),
      ),
    ]),
    h(
      status.current ? 'button.primary' : 'button',
      { attrs: { type: 'button', ...testid('home-puzzles'), 'data-current': status.current ?? '' }, on: { click: () => ctrl.puzzles() } },
      status.current ? t('home.puzzleContinue') : t('home.puzzlesOpen'),
    ),
  ]);
}

function continueCard(ctrl: HomeCtrl): VNode | null {
  const game = ctrl.inProgress;
  if (!game) return null;
  return h('div.card.continue-card', [
    h('div', [h('strong', t('home.inProgress')), h('p', progressLine(game))]),
    h('button.primary', { attrs: { type: 'button', ...testid('home-continue') }, on: { click: () => ctrl.continueGame() } }, t('home.continue')),
  ]);
}

/** The online games that go on (several at once: correspondence), each opening on a press. */
function onlineCard(ctrl: HomeCtrl): VNode | null {
  const games = ctrl.app.onlineGames();
  if (games.length === 0) return null;
  return h('div.card.online-games-card', { attrs: testid('home-online-card') }, [
    h('h2#home-online-title', t('home.onlineInProgress', { count: games.length })),
    onlineGameList(games, (gameId) => ctrl.openOnline(gameId), 'home-online-games'),
  ]);
}

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The date of a game, or nothing when the saved time cannot be a date (a damaged entry). */
function dateOf(time: number | null): VNode | null {
  const date = time === null ? null : new Date(time);
  if (!date || Number.isNaN(date.getTime())) return null;
  return h('time.finished-date', { attrs: { datetime: date.toISOString() } }, DATE.format(date));
}

/** Who the player faced, whether the evaluation bar was shown, and the rules unless 1963. */
function finishedOpponent(summary: FinishedSummary): string {
  const opponent = summary.evalBar ? t('home.withEvalBar', { opponent: opponentName(summary.opponent) }) : opponentName(summary.opponent);
  const rules = readingNote(summary.reading);
  return rules === null ? opponent : t('home.withRules', { opponent, rules });
}

function finishedRow(summary: FinishedSummary, open: () => void): VNode {
  return h(
    'button.finished-row',
    { attrs: { type: 'button', ...testid('finished-game'), 'data-game-id': summary.id }, on: { click: open } },
    [
      h('span.finished-result', resultSummary(summary.result)),
      h('span.finished-opponent', finishedOpponent(summary)),
      h('span.finished-moves', t('home.moves', { count: moveCount(summary.moves) })),
      dateOf(summary.endedAt),
    ],
  );
}
