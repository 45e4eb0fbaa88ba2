// A task of the course (and its chapter's introduction): the prompt and goal, the board panel
// play uses, the outcome of a try (stars, or the task's hint and a retry), the hint button and
// the quiz's Check. The controller is lessonCtrl.ts.

import type { App, Screen } from '../app/app';
import { boardView, moveFormView, removalView, whyView } from '../common/components/boardPanel';
import { courseApi } from './api';
import { starText } from './stars';
import { t } from '../i18n';
import { button, focusOnce, h, testid, type VNode } from '../common/view/snabbdom';
import { LessonCtrl } from './lessonCtrl';
import { missText, wrongText } from './outcome';
import { chapterText, keyText, pickedText, setupAsk, taskText } from './taskText';
import { courseText } from '../i18n/course';
import './course.css';

export { LessonCtrl } from './lessonCtrl';

export function lessonScreen(app: App, id: string): Screen {
  const ctrl = new LessonCtrl(app, courseApi, id);
  return {
    view: () => lessonView(ctrl),
    mounted: () => void ctrl.start(),
    leave: () => ctrl.leave(),
  };
}

/** Focuses the element once, when the controller asks for it (`focus`). */
const focusHook = (ctrl: LessonCtrl, where: 'task' | 'outcome') => focusOnce(ctrl, where, where === 'task');

export function lessonView(ctrl: LessonCtrl): VNode {
  const task = ctrl.task;
  const state = ctrl.boardState();
  if (!task || !state) {
    return h('section.screen.lesson', [h('h1', t('course.title')), h('p.hint', { attrs: { ...testid('lesson-loading') } }, '…')]);
  }
  return h('section.screen.play.lesson', { attrs: { 'data-task': task.id, 'data-state': task.state, 'data-intro': String(ctrl.intro) } }, [
    ctrl.intro ? introCard(ctrl) : taskCard(ctrl),
    boardView(ctrl.panel, state, { lesson: ctrl.marks(), tap: (square) => ctrl.tap(square) }),
    whyView(ctrl.panel),
    removalView(ctrl.panel),
    ctrl.intro || ctrl.quiz ? h('div.play-form', { attrs: { hidden: true } }) : moveFormView(ctrl.panel, state),
    h('aside.play-panel', { attrs: { 'aria-label': t('course.title') } }, [
      outcomeView(ctrl),
      ctrl.quiz && !ctrl.intro && task.state === 'playing' ? quizView(ctrl) : null,
      h('div.play-actions', [
        ctrl.intro || task.state !== 'playing' ? null : button('lesson-hint', t('course.hint'), () => void ctrl.showHint(), '', ctrl.hintShown && ctrl.hint !== undefined),
        ctrl.intro || ctrl.quiz || task.state !== 'playing' || task.movesUsed === 0 ? null : button('lesson-restart', t('course.retry'), () => void ctrl.retry()),
        ctrl.intro ? null : button('lesson-show-intro', t('course.showIntro'), () => ctrl.showIntro()),
        button('lesson-map', t('course.backToMap'), () => ctrl.map()),
      ]),
    ]),
  ]);
}

function introCard(ctrl: LessonCtrl): VNode {
  const task = ctrl.task!;
  const number = ctrl.chapterNumber();
  return h('div.card.status-card.play-status.lesson-card', { attrs: testid('lesson-intro') }, [
    number > 0 ? h('p.lesson-kicker', t('course.chapterNumber', { number })) : null,
    h('h1', chapterText(task, 'title')),
    h('p.lesson-text', { attrs: testid('lesson-intro-text') }, chapterText(task, 'intro', ctrl.app.settings.pieceSet)),
    h('div.lesson-buttons', [
      button('lesson-begin', task.first ? t('course.beginChapter') : t('course.yourMove'), () => ctrl.begin(), '.primary'),
    ]),
  ]);
}

function taskCard(ctrl: LessonCtrl): VNode {
  const task = ctrl.task!;
  return h('div.card.status-card.play-status.lesson-card', { attrs: testid('lesson-task') }, [
    h('p.lesson-kicker', t('course.taskKicker', { chapter: chapterText(task, 'title'), task: t('course.taskOf', { number: task.number, total: task.chapterTasks }) })),
    h('h1', { hook: focusHook(ctrl, 'task') }, taskText(task, 'titleKey')),
    h('p.lesson-text', { attrs: testid('lesson-prompt') }, taskText(task, 'promptKey', ctrl.app.settings.pieceSet)),
    h('p.lesson-goal', { attrs: testid('lesson-goal') }, [h('strong', t('course.goalLabel')), ' ', taskText(task, 'goalKey')]),
    h('p.lesson-progress', { attrs: testid('lesson-progress') }, [
      ctrl.quiz ? t('course.tries', { count: task.tries }) : t('course.movesAndTries', { moves: t('course.movesUsed', { used: task.movesUsed, max: task.maxMoves }), tries: t('course.tries', { count: task.tries }) }),
      ctrl.replying ? h('span.thinking', [h('span.spinner', { attrs: { 'aria-hidden': 'true' } }), t('course.replying')]) : null,
    ]),
    ctrl.hintShown && task.state === 'playing' ? h('p.lesson-hint', { attrs: testid('lesson-hint-text') }, taskText(task, 'hintKey', ctrl.app.settings.pieceSet)) : null,
    task.hinted && task.state === 'playing' ? h('p.hint', { attrs: testid('lesson-hint-cost') }, courseText('lesson.hint-cost')) : null,
  ]);
}

function outcomeView(ctrl: LessonCtrl): VNode | null {
  const outcome = ctrl.outcome;
  const task = ctrl.task;
  if (!outcome || !task || ctrl.intro) return null;
  if (outcome.kind === 'solved') {
    const nextLabel = task.following === null ? t('course.finishCourse') : ctrl.nextIsNewChapter() ? t('course.nextChapter') : t('course.nextTask');
    return h('section.card.lesson-outcome.solved', { attrs: { ...testid('lesson-outcome'), 'data-kind': 'solved' } }, [
      h('h2', { hook: focusHook(ctrl, 'outcome') }, t('course.solved')),
      h('p.stars', { attrs: { ...testid('lesson-stars'), 'data-stars': String(outcome.stars), 'aria-label': t('course.solvedStars', { count: outcome.stars }) } }, starText(outcome.stars)),
      h('p', t('course.solvedStars', { count: outcome.stars })),
      outcome.stars < 3 ? h('p.hint', t('course.solvedBetter')) : null,
      ctrl.isLastTask() ? h('p', { attrs: testid('lesson-finale-text') }, courseText('lesson.finale')) : null,
      h('div.lesson-buttons', [
        ctrl.isLastTask() ? button('lesson-finale', courseText('lesson.finale-play'), () => void ctrl.startFinale(), '.primary', ctrl.busy) : null,
        button('lesson-next', nextLabel, () => ctrl.next(), ctrl.isLastTask() ? '' : '.primary'),
        button('lesson-retry', t('course.retry'), () => void ctrl.retry()),
      ]),
    ]);
  }
  const wrong = outcome.kind === 'wrong';
  return h('section.card.lesson-outcome.missed', { attrs: { ...testid('lesson-outcome'), 'data-kind': outcome.kind } }, [
    h('h2', { hook: focusHook(ctrl, 'outcome') }, wrong ? t('course.wrong') : t('course.missed')),
    wrong ? h('p', { attrs: testid('lesson-wrong') }, wrongText(outcome)) : null,
    ...(outcome.kind === 'missed' ? outcome.facts.map((fact) => h('p', { attrs: testid('lesson-fact') }, fact)) : []),
    missText(outcome) ? h('p', missText(outcome)) : null,
    h('p', { attrs: testid('lesson-miss') }, keyText(task, outcome.missKey)),
    h('div.lesson-buttons', [button('lesson-retry', t('course.retry'), () => void ctrl.retry(), '.primary')]),
  ]);
}

function quizView(ctrl: LessonCtrl): VNode {
  const task = ctrl.task!;
  const quiz = ctrl.quizMove() ?? { from: '', to: '' };
  const playing = task.state === 'playing';
  return h('div.card.lesson-quiz', { attrs: testid('lesson-quiz') }, [
    task.goal.kind === 'setup' ? h('p', { attrs: { ...testid('setup-ask'), 'aria-live': 'polite' } }, setupAsk(task)) : null,
    task.goal.kind === 'setup' ? h('p.hint', courseText('setup.placed', { count: task.placed })) : null,
    task.goal.kind === 'setup' ? null : h('p', task.goal.kind === 'threats' ? courseText('quiz.threats-ask') : t('course.quizMove', { from: quiz.from, to: quiz.to })),
    ctrl.setup ? null : h('p.hint', { attrs: { ...testid('quiz-picked'), 'aria-live': 'polite' } }, pickedText(ctrl.picked, task.goal.kind === 'threats')),
    ctrl.setup
      ? null
      : h('div.lesson-buttons', [
          button('quiz-check', t('course.quizCheck'), () => void ctrl.check(), '.primary', !playing || ctrl.busy),
          button('quiz-clear', t('course.quizClear'), () => ctrl.clearPicks(), '', !playing || ctrl.picked.length === 0),
        ]),
  ]);
}
