// The rules course as the screens see it: the generated types of the course commands.

export type {
  ChapterView,
  CourseMap,
  CourseStatus,
  FinaleView,
  GoalView,
  IntroView,
  MissReason,
  StepView,
  TaskStep,
  TaskSummary,
  TaskView,
} from '../bindings';
