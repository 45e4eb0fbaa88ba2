// The course map's controller: every chapter with its stars and tasks, the next task to do.
// Its view is learn.ts.

import type { App } from '../app/app';
import type { CourseBackend } from './api';
import type { ChapterView, CourseMap } from './types';

export type LearnHost = Pick<App, 'go' | 'redraw' | 'showError' | 'rememberCourse'>;

export class LearnCtrl {
  map: CourseMap | undefined;

  constructor(
    readonly app: LearnHost,
    private readonly backend: CourseBackend,
    initial: CourseMap | null,
  ) {
    this.map = initial ?? undefined;
  }

  /** Asks the Rust side for the progress as it is now (the map shown at once is the app's last). */
  async load(): Promise<void> {
    try {
      this.map = await this.backend.courseMap();
      this.app.rememberCourse(this.map);
    } catch (error) {
      this.app.showError(error);
    }
    this.app.redraw();
  }

  /** Stars and solved tasks of a chapter. */
  static done(chapter: ChapterView): number {
    return chapter.tasks.filter((task) => task.done).length;
  }

  /** Starts the course's closing game against the Novice bot and opens it. */
  async startFinale(): Promise<void> {
    try {
      const game = await this.backend.startCourseGame();
      await this.app.go({ screen: 'play', gameId: game.id }, { game });
    } catch (error) {
      this.app.showError(error);
    }
  }

  /** The closing game under way, again. */
  openGame(gameId: string): void {
    void this.app.go({ screen: 'play', gameId });
  }

  open(taskId: string): void {
    void this.app.go({ screen: 'lesson', id: taskId });
  }

  /** The next unfinished task, or the first one once all are done. */
  continueCourse(): void {
    const next = this.map?.current ?? this.map?.next ?? this.map?.chapters[0]?.tasks[0]?.id;
    if (next) this.open(next);
  }
}
