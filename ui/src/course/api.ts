// The course's door to the Rust side: the same unwrapping as `api` (answers as values, refusals
// as `ApiError`s with a problem code).

import { commands } from '../bindings';
import { unwrap } from '../api';
import type { GameView } from '../bindings';
import type { CourseMap, TaskStep, TaskView } from './types';

/** What the course screens ask of the Rust side (a fake one in the tests). */
export interface CourseBackend {
  courseMap(): Promise<CourseMap>;
  /** Opens the task: the try under way if it is the one open, else a fresh one. */
  openTask(taskId: string): Promise<TaskView>;
  taskMove(taskId: string, from: string, to: string): Promise<TaskStep>;
  /** The quiz's answer: the squares the learner says the move takes. */
  taskQuiz(taskId: string, squares: string[]): Promise<TaskStep>;
  /** The setup: the learner puts the piece asked for on `square`. */
  taskPlace(taskId: string, square: string): Promise<TaskStep>;
  taskRetry(taskId: string): Promise<TaskView>;
  /** The square of the piece to move next (`null`: retry instead). */
  taskHint(taskId: string): Promise<string | null>;
  resetCourse(): Promise<CourseMap>;
  /** The course's closing game against the Novice bot (the map shows it done once it ends). */
  startCourseGame(): Promise<GameView>;
}

export const courseApi: CourseBackend = {
  courseMap: () => unwrap(commands.courseMap()),
  openTask: (taskId) => unwrap(commands.openTask(taskId)),
  taskMove: (taskId, from, to) => unwrap(commands.taskMove(taskId, from, to)),
  taskQuiz: (taskId, squares) => unwrap(commands.taskQuiz(taskId, squares)),
  taskPlace: (taskId, square) => unwrap(commands.taskPlace(taskId, square)),
  taskRetry: (taskId) => unwrap(commands.taskRetry(taskId)),
  taskHint: (taskId) => unwrap(commands.taskHint(taskId)),
  resetCourse: () => unwrap(commands.resetCourse()),
  startCourseGame: () => unwrap(commands.startCourseGame()),
};
