// The course map: every chapter with its stars and solved tasks, each task a way into it, the
// next unfinished one marked. The controller is learnCtrl.ts.

import type { App, Screen } from '../app/app';
import { courseApi } from './api';
import { starText } from './stars';
import { courseText } from '../i18n/course';
import type { ChapterView, CourseMap, TaskSummary } from './types';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { LearnCtrl } from './learnCtrl';
import './course.css';

export { LearnCtrl } from './learnCtrl';

export function learnScreen(app: App): Screen {
  const ctrl = new LearnCtrl(app, courseApi, app.course);
  return { view: () => learnView(ctrl), mounted: () => void ctrl.load() };
}

export function learnView(ctrl: LearnCtrl): VNode {
  const map = ctrl.map;
  return h('section.screen.learn', { attrs: testid('course-map') }, [
    h('h1', t('course.title')),
    h('p.tagline', t('course.intro')),
    h('p.hint', { attrs: { 'data-testid': 'course-rules' } }, t('course.rules')),
    map ? continueCard(ctrl, map) : null,
    h(
      'ol.course-chapters',
      map ? map.chapters.map((chapter, index) => chapterCard(ctrl, chapter, index + 1, map.current ?? map.next)) : [],
    ),
    map ? finaleCard(ctrl, map) : null,
  ]);
}

/** The course's closing game against the Novice bot: done once played to a result. */
function finaleCard(ctrl: LearnCtrl, map: CourseMap): VNode {
  const { done, game } = map.finale;
  const text = done ? courseText('map.finale-done') : map.finished ? courseText('map.finale-ready') : courseText('map.finale-later');
  return h('section.card.course-chapter.course-finale', { class: { complete: done }, attrs: { ...testid('course-finale'), 'data-done': String(done) } }, [
    h('div.course-chapter-head', [h('span.course-chapter-number', { attrs: { 'aria-hidden': 'true' } }, done ? '✓' : '♟'), h('h2', courseText('map.finale-title'))]),
    h('p.hint', text),
    map.finished || done
      ? h('div.lesson-buttons', [
          game && !done ? h('button', { attrs: { type: 'button', ...testid('course-finale-open') }, on: { click: () => ctrl.openGame(game) } }, courseText('map.finale-open')) : null,
          h('button.primary', { attrs: { type: 'button', ...testid('course-finale-play') }, on: { click: () => void ctrl.startFinale() } }, done ? courseText('map.finale-again') : courseText('lesson.finale-play')),
        ])
      : null,
  ]);
}

function continueCard(ctrl: LearnCtrl, map: CourseMap): VNode {
  const started = map.chapters.some((chapter) => chapter.earned > 0);
  const resume = map.current ?? map.next;
  const title = resume ? map.chapters.flatMap((chapter) => chapter.tasks).find((task) => task.id === resume)?.titleKey : undefined;
  const label = resume === null ? t('course.again') : started && title ? t('course.continue', { task: courseText(title) }) : t('course.start');
  return h('div.home-actions', [
    h('button.primary.big', { attrs: { type: 'button', ...testid('course-continue') }, on: { click: () => ctrl.continueCourse() } }, label),
  ]);
}

function chapterCard(ctrl: LearnCtrl, chapter: ChapterView, number: number, next: string | null): VNode {
  const done = LearnCtrl.done(chapter);
  const complete = chapter.done;
  return h(
    'li.card.course-chapter',
    { key: chapter.id, class: { complete }, attrs: { ...testid('course-chapter'), 'data-chapter': chapter.id } },
    [
      h('div.course-chapter-head', [
        h('span.course-chapter-number', { attrs: { 'aria-hidden': 'true' } }, String(number)),
        h('h2', [h('span.visually-hidden', t('course.chapterLabel', { number })), ' ', courseText(chapter.titleKey)]),
      ]),
      h('p.hint.course-chapter-progress', [
        h('span', t('course.tasksDone', { done, total: chapter.tasks.length })),
        h('span.course-chapter-stars', { attrs: { ...testid('course-chapter-stars'), 'data-earned': String(chapter.earned) } }, [
          h('span.star-icon', { attrs: { 'aria-hidden': 'true' } }, '★ '),
          t('course.stars', { earned: chapter.earned, possible: chapter.possible }),
        ]),
      ]),
      h(
        'ol.course-tasks',
        chapter.tasks.map((task) => h('li', { key: task.id }, [taskButton(ctrl, task, task.id === next)])),
      ),
    ],
  );
}

function taskButton(ctrl: LearnCtrl, task: TaskSummary, isNext: boolean): VNode {
  const title = courseText(task.titleKey);
  const label = isNext ? t('course.taskNext', { title }) : t('course.taskLabel', { title, stars: t('course.taskStars', { count: task.stars }) });
  return h(
    'button.course-task',
    {
      class: { next: isNext, done: task.done },
      attrs: {
        type: 'button',
        ...testid(isNext ? 'course-next' : 'course-task'),
        'data-task': task.id,
        'data-stars': String(task.stars),
        'aria-label': label,
        ...(isNext ? { 'aria-current': 'step' } : {}),
      },
      on: { click: () => ctrl.open(task.id) },
    },
    [
      h('span.course-task-title', title),
      isNext ? h('span.course-task-badge', t('course.next')) : h('span.course-task-stars', { attrs: { 'aria-hidden': 'true' } }, starText(task.stars)),
    ],
  );
}
