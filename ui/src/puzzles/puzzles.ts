// The puzzle trainer: the board panel play uses, a card with what to do and how the puzzle went
// (the rating change, the refutation of a wrong move, the solution), the hint, solution and next
// buttons, the mode (rated puzzles or a streak), the next puzzle's difficulty and theme, the rating
// with its chart and streak, the dashboard by theme, and the recent puzzles, each one playable
// again. The controller is puzzlesCtrl.ts.

import type { App, Screen } from '../app/app';
import { choiceGroup } from '../common/view/choice';
import { boardView, moveFormView, removalView, whyView } from '../common/components/boardPanel';
import { sentences, t } from '../i18n';
import { formatPly } from '../common/notation';
import { puzzleApi } from './api';
import { ratingChart } from './chart';
import { THEMES, themeName } from './themes';
import type { Difficulty, PuzzleAttemptView, PuzzleMode, PuzzleView, ThemeCount, ThemePerformance } from './types';
import { button, focusOnce, h, testid, type VNode } from '../common/view/snabbdom';
import { changeText, DASHBOARD_DAYS, PuzzlesCtrl } from './puzzlesCtrl';
// The trainer's cards are the lesson's.
import '../course/course.css';
import './puzzles.css';

export { PuzzlesCtrl } from './puzzlesCtrl';

export function puzzlesScreen(app: App): Screen {
  const ctrl = new PuzzlesCtrl(app, puzzleApi);
  return {
    view: () => puzzlesView(ctrl),
    mounted: () => void ctrl.start(),
    leave: () => ctrl.leave(),
  };
}

/** Focuses the element once, when the controller asks for it (`focus`). */
const focusHook = (ctrl: PuzzlesCtrl, where: 'card' | 'outcome') => focusOnce(ctrl, where, where === 'card');

export function puzzlesView(ctrl: PuzzlesCtrl): VNode {
  const puzzle = ctrl.puzzle;
  const state = ctrl.boardState();
  if (!puzzle || !state) {
    return h('section.screen.puzzles', [h('h1', t('puzzle.title')), h('p.hint', { attrs: testid('puzzle-loading') }, t('puzzle.loading')), progressView(ctrl)]);
  }
  return h(
    'section.screen.play.lesson.puzzles',
    { attrs: { ...testid('puzzle-screen'), 'data-puzzle': puzzle.id, 'data-state': puzzle.state, 'data-phase': ctrl.phase ?? 'none', 'data-plies': String(puzzle.plies.length) } },
    [
      card(ctrl),
      boardView(ctrl.panel, state, { lesson: ctrl.marks() }),
      whyView(ctrl.panel),
      removalView(ctrl.panel),
      moveFormView(ctrl.panel, state),
      h('aside.play-panel', { attrs: { 'aria-label': t('puzzle.title') } }, [outcomeView(ctrl), actionsView(ctrl), choiceView(ctrl), progressView(ctrl)]),
    ],
  );
}

/** The header card: the rating and streak, and what to do now. */
function card(ctrl: PuzzlesCtrl): VNode {
  const puzzle = ctrl.puzzle!;
  let line: VNode;
  if (ctrl.phase === 'mistake') line = h('span', t('puzzle.opponentPlaying'));
  else if (ctrl.phase === 'reply') line = h('span.thinking', [h('span.spinner', { attrs: { 'aria-hidden': 'true' } }), t('puzzle.replying')]);
  else if (puzzle.state === 'playing' && ctrl.slowerMate) {
    const move = ctrl.slowerMate.from + ctrl.slowerMate.to;
    line = h('span', { attrs: { ...testid('puzzle-slower-mate'), 'data-played': move } }, sentences([t('puzzle.slowerMate', { move: formatPly(ctrl.slowerMate) }), ctrl.prompt()]));
  }
  else if (puzzle.state === 'playing' && ctrl.goodMove) line = h('span', sentences([t('puzzle.bestMove'), ctrl.prompt()]));
  else if (puzzle.state === 'playing') line = h('span', sentences([t('puzzle.opponentPlayed', { move: formatPly(puzzle.mistake) }), ctrl.prompt()]));
  else if (puzzle.state === 'wrong') line = h('span', ctrl.prompt());
  else line = h('span', { attrs: testid('puzzle-info') }, t('puzzle.puzzleInfo', { rating: puzzle.rating, themes: puzzle.themes.map(themeName).join(t('list.separator')) }));
  return h('div.card.status-card.play-status.lesson-card', { attrs: testid('puzzle-card') }, [
    puzzle.mode === 'streak' ? streakKicker(puzzle) : ratingKicker(ctrl),
    h('h1', { hook: focusHook(ctrl, 'card') }, t('puzzle.title')),
    h('p.lesson-text', { attrs: { ...testid('puzzle-prompt'), 'aria-live': 'off' } }, [line]),
    puzzle.state === 'playing' && puzzle.solverMoves > 1
      ? h('p.lesson-progress', { attrs: testid('puzzle-moves') }, t('puzzle.movesPlayed', { played: puzzle.solverMovesPlayed, total: puzzle.solverMoves }))
      : null,
    puzzle.replay && puzzle.mode === 'rated' && puzzle.state === 'playing' ? h('p.hint', { attrs: testid('puzzle-unrated') }, t('puzzle.replayNote')) : null,
    puzzle.mode === 'review' && puzzle.state === 'playing' ? h('p.hint', { attrs: testid('puzzle-review') }, t('puzzle.reviewNote')) : null,
    puzzle.mode === 'streak' && puzzle.state === 'playing' && puzzle.streakMode.solved === 0
      ? h('p.hint', { attrs: testid('puzzle-streak-intro') }, t('puzzle.streakIntro'))
      : null,
    puzzle.mode === 'rated' && puzzle.supply !== 'plenty'
      ? h('p.hint.puzzle-supply', { attrs: { ...testid('puzzle-supply'), 'data-supply': puzzle.supply } }, t(puzzle.supply === 'runningLow' ? 'puzzle.supplyRunningLow' : 'puzzle.supplyExhausted'))
      : null,
    ctrl.hint
      ? h('p.lesson-hint', { attrs: testid('puzzle-hint-text') }, sentences([t('puzzle.hintSays', { square: ctrl.hint }), ctrl.hintCost ? t('puzzle.hintCosts') : '']))
      : null,
  ]);
}

/** The card's first line in rated play: the rating and the run of puzzles solved. */
function ratingKicker(ctrl: PuzzlesCtrl): VNode {
  const status = ctrl.status;
  return h('p.lesson-kicker', [
    h('span', { attrs: testid('puzzle-rating') }, t('puzzle.ratingLine', { rating: ctrl.ratingText() })),
    ' · ',
    h('span', { attrs: { ...testid('puzzle-streak'), 'data-streak': String(status?.streak ?? 0) } }, t('puzzle.streak', { count: status?.streak ?? 0 })),
    status && status.bestStreak > 0 ? ' ' : null,
    status && status.bestStreak > 0 ? h('span', { attrs: testid('puzzle-best-streak') }, t('puzzle.bestStreak', { count: status.bestStreak })) : null,
  ]);
}

/** The card's first line in the streak mode: the puzzles solved in this streak and the best. */
function streakKicker(puzzle: PuzzleView): VNode {
  const streak = puzzle.streakMode;
  return h('p.lesson-kicker', { attrs: { ...testid('puzzle-streak-mode'), 'data-solved': String(streak.solved), 'data-active': String(streak.active) } }, [
    h('strong', t('puzzle.modeStreak')),
    ' · ',
    t('puzzle.streakCount', { count: streak.solved }),
    ' ',
    t('puzzle.bestStreak', { count: streak.best }),
  ]);
}

/** How the puzzle went: solved, a wrong move (with its answer on request), the solution. */
function outcomeView(ctrl: PuzzlesCtrl): VNode | null {
  const puzzle = ctrl.puzzle!;
  if (puzzle.state === 'playing') return null;
  const change = puzzle.change;
  const changeLine = puzzle.mode === 'streak'
    ? h('p.puzzle-streak-result', { attrs: { ...testid('puzzle-streak-result'), 'data-over': String(ctrl.streakOver()) } }, ctrl.changeSentence())
    : change
    ? h('p.puzzle-change', { attrs: { ...testid('puzzle-change'), 'data-delta': String(Math.round(change.after) - Math.round(change.before)) } }, [
        t('puzzle.ratingLabel'),
        ' ',
        h('strong', String(Math.round(change.after))),
        ' ',
        h(`span.delta.${change.after >= change.before ? 'up' : 'down'}`, changeText(change)),
      ])
    : h('p.hint', { attrs: testid('puzzle-not-rated') }, t('puzzle.notRated'));
  if (puzzle.state === 'wrong') {
    return h('section.card.lesson-outcome.missed', { attrs: { ...testid('puzzle-outcome'), 'data-kind': 'wrong' } }, [
      h('h2', { hook: focusHook(ctrl, 'outcome') }, t('puzzle.wrong')),
      h('p', { attrs: testid('puzzle-wrong') }, t('puzzle.wrongExplain')),
      ctrl.refutationShown && puzzle.refutation
        ? h('p', { attrs: testid('puzzle-refutation') }, t('puzzle.refutationIs', { move: formatPly(puzzle.refutation) }))
        : null,
      changeLine,
      h('div.lesson-buttons', [
        button('puzzle-retry', t('puzzle.retry'), () => void ctrl.retry(), '.primary', ctrl.busy),
        puzzle.refutation
          ? button('puzzle-refutation-toggle', ctrl.refutationShown ? t('puzzle.hideRefutation') : t('puzzle.showRefutation'), () => ctrl.toggleRefutation())
          : null,
      ]),
    ]);
  }
  const solved = puzzle.state === 'solved';
  return h('section.card.lesson-outcome', { class: { solved, missed: !solved }, attrs: { ...testid('puzzle-outcome'), 'data-kind': puzzle.state } }, [
    h('h2', { hook: focusHook(ctrl, 'outcome') }, solved ? t('puzzle.solved') : t('puzzle.failed')),
    solved && !puzzle.replay && (puzzle.mistakes > 0 || puzzle.hints > 0) ? h('p', { attrs: testid('puzzle-solved-later') }, t('puzzle.solvedRetry')) : null,
    puzzle.solution
      ? h(
          'ul.puzzle-solution',
          { attrs: { ...testid('puzzle-solution'), 'aria-label': t('puzzle.failed') } },
          [puzzle.mistake, ...puzzle.solution].map((ply, index) => h('li', { class: { mistake: index === 0 }, attrs: { 'data-side': ply.side } }, formatPly(ply))),
        )
      : null,
    changeLine,
    h('div.lesson-buttons', [
      button('puzzle-next', ctrl.streakOver() ? t('puzzle.newStreak') : t('puzzle.next'), () => void ctrl.next(), '.primary', ctrl.busy),
      button('puzzle-again', t('puzzle.again'), () => void ctrl.replay(puzzle.id), '', ctrl.busy),
    ]),
  ]);
}

function actionsView(ctrl: PuzzlesCtrl): VNode {
  const puzzle = ctrl.puzzle!;
  const going = puzzle.state === 'playing' || puzzle.state === 'wrong';
  return h('div.play-actions', [
    puzzle.state === 'playing' ? button('puzzle-hint', t('puzzle.hint'), () => void ctrl.showHint(), '', !ctrl.playing || ctrl.busy || ctrl.hint !== undefined) : null,
    going ? button('puzzle-solution-show', t('puzzle.viewSolution'), () => void ctrl.viewSolution(), '', ctrl.busy || ctrl.phase !== undefined) : null,
    // Once the puzzle is over, Next is the outcome's button.
    going && !(puzzle.mode === 'streak' && !ctrl.streakOver()) ? button('puzzle-next', ctrl.streakOver() ? t('puzzle.newStreak') : t('puzzle.next'), () => void ctrl.next(), '', ctrl.busy) : null,
  ]);
}

/** The puzzles are Abbott's 1963 rules whatever a new game's reading (READINGS.md). */
function rulesLine(): VNode {
  return h('p.hint', { attrs: testid('puzzle-rules') }, t('puzzle.rules'));
}

/** The themes the choice offers: those the collection has, in the choice's order (one this build
 * does not name, of a newer collection, after them), each with its count; the one chosen is
 * always there. Before the Rust side has said, every theme, without counts. */
export function themeOptions(themes: readonly ThemeCount[] | undefined, chosen: string | null): { name: string; count: number | null }[] {
  if (!themes) return THEMES.map((name) => ({ name, count: null }));
  const counts = new Map(themes.map((theme) => [theme.theme, theme.puzzles]));
  const known: readonly string[] = THEMES;
  const names = [...THEMES.filter((name) => counts.has(name)), ...themes.map((theme) => theme.theme).filter((name) => !known.includes(name))];
  if (chosen !== null && !names.includes(chosen)) names.push(chosen);
  return names.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

/** The mode, and the next rated puzzle's difficulty and theme. */
function choiceView(ctrl: PuzzlesCtrl): VNode {
  const choice = ctrl.choice;
  const difficulties: Difficulty[] = ['easier', 'normal', 'harder'];
  const modes: PuzzleMode[] = ['rated', 'streak'];
  const modeGroup = choiceGroup(
    'puzzle-mode',
    t('puzzle.modeLabel'),
    modes.map((value) => ({ value, label: t(value === 'rated' ? 'puzzle.modeRated' : 'puzzle.modeStreak'), testid: `puzzle-mode-${value}` })),
    choice.mode,
    (value) => void ctrl.setMode(value),
  );
  if (choice.mode === 'streak') {
    return h('div.card.puzzle-choice', { attrs: testid('puzzle-choice') }, [modeGroup, h('p.hint', t('puzzle.streakIntro')), rulesLine()]);
  }
  return h('div.card.puzzle-choice', { attrs: testid('puzzle-choice') }, [
    modeGroup,
    choiceGroup(
      'puzzle-difficulty',
      t('puzzle.difficulty'),
      difficulties.map((value) => ({ value, label: t(`puzzle.${value}`), testid: `puzzle-difficulty-${value}` })),
      choice.difficulty,
      (value) => void ctrl.setDifficulty(value),
    ),
    h('div.field', [
      h('label.field-label', { attrs: { for: 'puzzle-theme' } }, t('puzzle.themeLabel')),
      h(
        'select#puzzle-theme',
        {
          attrs: testid('puzzle-theme'),
          on: { change: (event: Event) => void ctrl.setTheme((event.target as HTMLSelectElement).value || null) },
        },
        [
          h('option', { attrs: { value: '' }, props: { selected: choice.theme === null } }, t('puzzle.anyTheme')),
          ...themeOptions(ctrl.themes, choice.theme).map(({ name, count }) =>
            h(
              'option',
              { attrs: { value: name }, props: { selected: choice.theme === name } },
              count === null ? themeName(name) : t('puzzle.themeWithCount', { theme: themeName(name), count }),
            ),
          ),
        ],
      ),
    ]),
    h('p.hint', t('puzzle.appliesNext')),
    rulesLine(),
  ]);
}

/** The rating with its chart, and the recent puzzles. */
function progressView(ctrl: PuzzlesCtrl): VNode {
  return h('div.puzzle-progress', [
    h('section.card.puzzle-rating-card', [h('h2', t('puzzle.chart')), ratingChart(ctrl.status?.history ?? [])]),
    dashboardView(ctrl),
    h('section.card.puzzle-history', [
      h('h2', t('puzzle.history')),
      h(
        'ol.puzzle-history-list',
        { attrs: testid('puzzle-history') },
        ctrl.history.length === 0
          ? [h('li.empty', t('puzzle.noHistory'))]
          : ctrl.history.map((attempt) => h('li', { key: attempt.id }, [historyRow(ctrl, attempt)])),
      ),
    ]),
  ]);
}

function historyRow(ctrl: PuzzlesCtrl, attempt: PuzzleAttemptView): VNode {
  return h(
    'button.puzzle-history-row',
    {
      attrs: { type: 'button', ...testid('puzzle-history-row'), 'data-puzzle': attempt.puzzleId, 'data-solved': String(attempt.solved), 'aria-label': t('puzzle.replayRow', { puzzle: t('puzzle.historyRow', { rating: attempt.rating }) }) },
      props: { disabled: ctrl.busy },
      on: { click: () => void ctrl.replay(attempt.puzzleId) },
    },
    [
      h(`span.puzzle-history-result.${attempt.solved ? 'solved' : 'missed'}`, attempt.solved ? t('puzzle.historySolved') : t('puzzle.historyFailed')),
      h('span.puzzle-history-rating', t('puzzle.historyRow', { rating: attempt.rating })),
      h('span.puzzle-history-themes', attempt.themes.map(themeName).join(t('list.separator'))),
      h('span.puzzle-history-change', attempt.change ? changeText(attempt.change) : t(attempt.mode === 'streak' ? 'puzzle.historyStreak' : attempt.mode === 'review' ? 'puzzle.historyReview' : 'puzzle.historyReplay')),
    ],
  );
}

/** A share as a whole percentage. */
function percent(solved: number, tried: number): number {
  return tried === 0 ? 0 : Math.round((100 * solved) / tried);
}

/** One theme in the strongest or weakest list. */
function rankedTheme(entry: ThemePerformance): VNode {
  const results = entry.results;
  return h('li', { attrs: { 'data-theme': entry.theme } }, t('puzzle.themeResult', {
    theme: themeName(entry.theme),
    performance: results.performance,
    percent: percent(results.solved, results.tried),
    count: results.tried,
  }));
}

/** The rated puzzles of the last days by theme, as lichess' puzzle dashboard: in all, the strongest and weakest themes, then every theme. */
function dashboardView(ctrl: PuzzlesCtrl): VNode {
  const board = ctrl.dashboard;
  const days = choiceGroup(
    'puzzle-dashboard-days',
    t('puzzle.dashboardDays'),
    DASHBOARD_DAYS.map((value) => ({ value: String(value), label: t('puzzle.days', { count: value }), testid: `puzzle-dashboard-days-${value}` })),
    String(ctrl.dashboardDays),
    (value) => {
      const chosen = DASHBOARD_DAYS.find((option) => String(option) === value);
      if (chosen !== undefined) void ctrl.setDashboardDays(chosen);
    },
  );
  const body: (VNode | null)[] = [];
  if (!board || board.all.tried === 0) {
    body.push(h('p.hint', { attrs: testid('puzzle-dashboard-empty') }, t('puzzle.dashboardEmpty')));
  } else {
    body.push(
      h('p', { attrs: testid('puzzle-dashboard-summary') }, t('puzzle.dashboardSummary', {
        count: board.all.tried,
        percent: percent(board.all.solved, board.all.tried),
        performance: board.all.performance,
      })),
    );
    if (board.strongest.length > 0) {
      body.push(
        h('div.puzzle-ranked', [
          h('section', [h('h3', t('puzzle.strongest')), h('ol', { attrs: testid('puzzle-strongest') }, board.strongest.map(rankedTheme))]),
          h('section', [h('h3', t('puzzle.weakest')), h('ol', { attrs: testid('puzzle-weakest') }, board.weakest.map(rankedTheme))]),
        ]),
      );
    }
    body.push(
      h('table.puzzle-dashboard-table', { attrs: testid('puzzle-dashboard-themes') }, [
        h('thead', h('tr', [
          h('th', { attrs: { scope: 'col' } }, t('puzzle.themeColumn')),
          h('th', { attrs: { scope: 'col' } }, t('puzzle.triedColumn')),
          h('th', { attrs: { scope: 'col' } }, t('puzzle.solvedColumn')),
          h('th', { attrs: { scope: 'col' } }, t('puzzle.performanceColumn')),
        ])),
        h('tbody', board.themes.map((entry) => h('tr', { key: entry.theme, attrs: { 'data-theme': entry.theme } }, [
          h('th', { attrs: { scope: 'row' } }, themeName(entry.theme)),
          h('td', String(entry.results.tried)),
          h('td', t('puzzle.percent', { percent: percent(entry.results.solved, entry.results.tried) })),
          h('td', String(entry.results.performance)),
        ]))),
      ]),
    );
  }
  return h('section.card.puzzle-dashboard', { attrs: testid('puzzle-dashboard') }, [h('h2', t('puzzle.dashboard')), days, ...body]);
}
