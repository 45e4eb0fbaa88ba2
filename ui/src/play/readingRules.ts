// A reading of the rules' page: its name, what it is, and how it differs from Abbott's 1963
// rules, a sentence each, all from the catalogue; under each sentence, small boards that show it
// (the position and the move as the Rust side has them by this reading and by 1963). The
// new-game screen and the online screen link to it (one link per reading), and so does a game's
// header; Back returns there.

import type { App, Screen } from '../app/app';
import { api } from '../api';
import type { BoardView, ExampleBoard, Reading, ReadingExample, Settings } from '../bindings';
import type { BoardState, LessonMarks } from '../common/board/types';
import { exampleCaption, readingDifferenceKeys, readingLine, readingName } from '../common/wording';
import { smallBoard } from '../common/view/smallBoard';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { t } from '../i18n';
import './newGame.css';

export async function readingRulesScreen(app: App, reading: Reading): Promise<Screen> {
  let examples: ReadingExample[] = [];
  try {
    examples = await api.readingExamples(reading);
  } catch (error) {
    // The page's words stand without its boards.
    app.showError(error);
  }
  return { view: () => readingRulesView(reading, examples, app.settings, () => app.back()) };
}

export function readingRulesView(reading: Reading, examples: readonly ReadingExample[], settings: Settings, back: () => void): VNode {
  return h('section.screen.new-game.reading-rules', { attrs: { ...testid('reading-rules'), 'data-reading': reading } }, [
    h('h1', readingName(reading)),
    h('div.card', [
      h('p', readingLine(reading)),
      h('h2.field-label', t('reading.differences')),
      h(
        'ul.differences',
        readingDifferenceKeys(reading).map(({ name, sentence }) => {
          const example = examples.find((e) => e.difference === name);
          return h('li', { key: name, attrs: testid(`difference-${name}`) }, [h('p', sentence), example ? exampleBoards(example, settings) : null]);
        }),
      ),
    ]),
    h('div.form-actions', [h('button.ghost', { attrs: { type: 'button', ...testid('reading-rules-back') }, on: { click: back } }, t('reading.back'))]),
  ]);
}

/** The example by this reading and by 1963, side by side (one above the other on a phone). */
function exampleBoards(example: ReadingExample, settings: Settings): VNode {
  return h('div.example-boards', [exampleFigure(example, example.here, settings), exampleFigure(example, example.abbott, settings)]);
}

function exampleFigure(example: ReadingExample, shown: ExampleBoard, settings: Settings): VNode {
  const id = `example-${example.difference}-${shown.reading}`;
  const caption = exampleCaption(example, shown);
  return h('figure.example', { attrs: { ...testid(id), 'data-state': shown.state } }, [
    shown.board ? smallBoard(settings, boardState(example, shown, shown.board), `${id}-board`, `${readingName(shown.reading)}: ${caption}`) : h('div.example-none'),
    h('figcaption', [h('strong', readingName(shown.reading)), ' ', h('span', { attrs: testid(`${id}-caption`) }, caption)]),
  ]);
}

/** What the board shows: the position, and the move's squares (an arrow and what it takes when
 * it is a move by these rules; its two squares lit when it is not). */
function boardState(example: ReadingExample, shown: ExampleBoard, board: BoardView): BoardState {
  const lesson: LessonMarks = {};
  const move = shown.move;
  if (move) {
    if (move.from === move.to) lesson.highlight = [move.from];
    else lesson.arrows = [[move.from, move.to]];
    lesson.taken = move.captures;
  } else if (example.coordinates && shown.state === 'refused') {
    lesson.highlight = [example.coordinates.slice(0, 2), example.coordinates.slice(2, 4)];
  }
  return { board, moves: [], orientation: 'white', lesson };
}
