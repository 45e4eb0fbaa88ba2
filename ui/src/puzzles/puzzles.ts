// The puzzle trainer: the board panel play uses, a card with what to do and how the puzzle went
// (the rating change, the refutation of a wrong move, the solution), the hint, solution and next
// buttons, the next puzzle's difficulty and theme, the rating with its chart and streak, and the
// recent puzzles, each one playable again. The controller is puzzlesCtrl.ts.

import type { App, Screen } from '../app/app';
import { choiceGroup } from '../common/view/choice';
import { boardView, moveFormView, removalView, whyView } from '../common/components/boardPanel';
import { sentences, t } from '../i18n';
import { formatPly } from '../common/notation';
import { puzzleApi } from './api';
import { ratingChart } from './chart';
import { THEMES, themeName } from './themes';
import type { Difficulty, PuzzleAttemptView } from './types';
import { button, focusOnce, h, testid, type VNode } from '../common/view/snabbdom';
import { changeText, PuzzlesCtrl } from './puzzlesCtrl';
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
  const status = ctrl.status;
  let line: VNode;
  if (ctrl.phase === 'mistake') line = h('span', t('puzzle.opponentPlaying'));
  else if (ctrl.phase === 'reply') line = h('span.thinking', [h('span.spinner', { attrs: { 'aria-hidden': 'true' } }), t('puzzle.replying')]);
  else if (puzzle.state === 'playing' && ctrl.goodMove) line = h('span', sentences([t('puzzle.bestMove'), ctrl.prompt()]));
  else if (puzzle.state === 'playing') line = h('span', sentences([t('puzzle.opponentPlayed', { move: formatPly(puzzle.mistake) }), ctrl.prompt()]));
  else if (puzzle.state === 'wrong') line = h('span', ctrl.prompt());
  else line = h('span', { attrs: testid('puzzle-info') }, t('puzzle.puzzleInfo', { rating: puzzle.rating, themes: puzzle.themes.map(themeName).join(t('list.separator')) }));
  return h('div.card.status-card.play-status.lesson-card', { attrs: testid('puzzle-card') }, [
    h('p.lesson-kicker', [
      h('span', { attrs: testid('puzzle-rating') }, t('puzzle.ratingLine', { rating: ctrl.ratingText() })),
      ' · ',
      h('span', { attrs: { ...testid('puzzle-streak'), 'data-streak': String(status?.streak ?? 0) } }, t('puzzle.streak', { count: status?.streak ?? 0 })),
      status && status.bestStreak > 0 ? ' ' : null,
      status && status.bestStreak > 0 ? h('span', { attrs: testid('puzzle-best-streak') }, t('puzzle.bestStreak', { count: status.bestStreak })) : null,
    ]),
    h('h1', { hook: focusHook(ctrl, 'card') }, t('puzzle.title')),
    h('p.lesson-text', { attrs: { ...testid('puzzle-prompt'), 'aria-live': 'off' } }, [line]),
    puzzle.state === 'playing' && puzzle.solverMoves > 1
      ? h('p.lesson-progress', { attrs: testid('puzzle-moves') }, t('puzzle.movesPlayed', { played: puzzle.solverMovesPlayed, total: puzzle.solverMoves }))
      : null,
    puzzle.replay && puzzle.state === 'playing' ? h('p.hint', { attrs: testid('puzzle-unrated') }, t('puzzle.replayNote')) : null,
    ctrl.hint
      ? h('p.lesson-hint', { attrs: testid('puzzle-hint-text') }, sentences([t('puzzle.hintSays', { square: ctrl.hint }), ctrl.hintCost ? t('puzzle.hintCosts') : '']))
      : null,
  ]);
}

/** How the puzzle went: solved, a wrong move (with its answer on request), the solution. */
function outcomeView(ctrl: PuzzlesCtrl): VNode | null {
  const puzzle = ctrl.puzzle!;
  if (puzzle.state === 'playing') return null;
  const change = puzzle.change;
  const changeLine = change
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
      button('puzzle-next', t('puzzle.next'), () => void ctrl.next(), '.primary', ctrl.busy),
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
    going ? button('puzzle-next', t('puzzle.next'), () => void ctrl.next(), '', ctrl.busy) : null,
  ]);
}

/** The next puzzle's difficulty and theme. */
function choiceView(ctrl: PuzzlesCtrl): VNode {
  const choice = ctrl.choice;
  const difficulties: Difficulty[] = ['easier', 'normal', 'harder'];
  return h('div.card.puzzle-choice', { attrs: testid('puzzle-choice') }, [
    choiceGroup(
      'puzzle-difficulty',
      t('puzzle.difficulty'),
      difficulties.map((value) => ({ value, label: t(`puzzle.${value}`), testid: `puzzle-difficulty-${value}` })),
      choice.difficulty,
      (value) => ctrl.setDifficulty(value),
    ),
    h('div.field', [
      h('label.field-label', { attrs: { for: 'puzzle-theme' } }, t('puzzle.themeLabel')),
      h(
        'select#puzzle-theme',
        {
          attrs: testid('puzzle-theme'),
          on: { change: (event: Event) => ctrl.setTheme((event.target as HTMLSelectElement).value || null) },
        },
        [
          h('option', { attrs: { value: '' }, props: { selected: choice.theme === null } }, t('puzzle.anyTheme')),
          ...THEMES.map((name) => h('option', { attrs: { value: name }, props: { selected: choice.theme === name } }, themeName(name))),
        ],
      ),
    ]),
    h('p.hint', t('puzzle.appliesNext')),
  ]);
}

/** The rating with its chart, and the recent puzzles. */
function progressView(ctrl: PuzzlesCtrl): VNode {
  return h('div.puzzle-progress', [
    h('section.card.puzzle-rating-card', [h('h2', t('puzzle.chart')), ratingChart(ctrl.status?.history ?? [])]),
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
      h('span.puzzle-history-change', attempt.change ? changeText(attempt.change) : t('puzzle.historyReplay')),
    ],
  );
}
