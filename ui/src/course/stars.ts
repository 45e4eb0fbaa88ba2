// Small helpers for showing the course.

import type { CourseMap, CourseStatus } from './types';

/** "★★☆": stars earned of three, for the eye (screen readers get the words). */
export function starText(stars: number): string {
  const earned = Math.max(0, Math.min(3, stars));
  return '★'.repeat(earned) + '☆'.repeat(3 - earned);
}

/** What home needs of the course, from the map (after a solve, a reset). */
export function statusOf(map: CourseMap): CourseStatus {
  const tasks = map.chapters.flatMap((chapter) => chapter.tasks);
  return { finished: map.finished, next: map.next, current: map.current, solved: tasks.filter((task) => task.done).length, tasks: tasks.length };
}
