// Home: continue the game in progress, start a new one, review a finished one.

import { api } from '../api';
import type { App, Screen } from '../app';
import type { FinishedSummary, GameView } from '../bindings';
import { h, replaceChildren } from '../dom';
import { moveCount, opponentName, playerSide, resultSummary, sideName } from '../wording';

export function homeScreen(app: App): Screen {
  const list = h('ol', { class: 'finished-list', testid: 'finished-list' });
  const element = h(
    'section',
    { class: 'screen home' },
    h('h1', {}, 'Ultima'),
    h('p', { class: 'tagline' }, 'Baroque chess: seven pieces, seven ways to capture.'),
    continueCard(app),
    h('div', { class: 'home-actions' }, h('button', { type: 'button', class: 'primary big', testid: 'home-new-game', on: { click: () => app.go({ screen: 'newGame' }) } }, 'New game')),
    h('h2', {}, 'Finished games'),
    list,
  );

  const review = async (summary: FinishedSummary): Promise<void> => {
    try {
      app.go({ screen: 'play', game: await api.finishedGame(summary.id) });
    } catch (error) {
      app.showError(error);
    }
  };
  const showList = (): void => {
    if (app.finished.length === 0) {
      replaceChildren(list, h('li', { class: 'empty' }, 'No finished games yet.'));
      return;
    }
    replaceChildren(list, app.finished.map((summary) => h('li', {}, finishedRow(summary, () => void review(summary)))));
  };
  showList();
  // The list shown at once is the one from start-up; refresh it in case games ended since.
  api.finishedGames().then(
    (finished) => {
      app.finished = finished;
      showList();
    },
    (error: unknown) => app.showError(error),
  );
  return { element };
}

function continueCard(app: App): HTMLElement | null {
  const game = app.current;
  if (!game || !app.hasGameInProgress()) return null;
  return h(
    'div',
    { class: 'card continue-card' },
    h('div', {}, h('strong', {}, 'Game in progress'), h('p', {}, `${opponentName(game.opponent)} · ${turnText(game)} · move ${moveCount(game.plies.length + 1)}`)),
    h('button', { type: 'button', class: 'primary', testid: 'home-continue', on: { click: () => app.go({ screen: 'play', game }) } }, 'Continue'),
  );
}

function turnText(game: GameView): string {
  const player = playerSide(game.opponent);
  if (player === undefined) return `${sideName(game.board.turn)} to move`;
  return game.board.turn === player ? 'your move' : "the bot's move";
}

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The date of a game, or nothing when the saved time cannot be a date (a damaged entry). */
function dateOf(time: number | null): HTMLElement | null {
  const date = time === null ? null : new Date(time);
  if (!date || Number.isNaN(date.getTime())) return null;
  return h('time', { class: 'finished-date', datetime: date.toISOString() }, DATE.format(date));
}

function finishedRow(summary: FinishedSummary, open: () => void): HTMLButtonElement {
  const moves = moveCount(summary.moves);
  return h(
    'button',
    { type: 'button', class: 'finished-row', testid: 'finished-game', 'data-game-id': summary.id, on: { click: open } },
    h('span', { class: 'finished-result' }, resultSummary(summary.result)),
    h('span', { class: 'finished-opponent' }, opponentName(summary.opponent)),
    h('span', { class: 'finished-moves' }, `${moves} ${moves === 1 ? 'move' : 'moves'}`),
    dateOf(summary.endedAt),
  );
}
