// The online games that go on, as a list of rows (home and the online screen): whose move it is,
// a correspondence game's time left, the clock, the rules when they are not 1963, the side played;
// a row opens its game (a click,
// a tap, Enter or Space: each row is a button).

import type { OnlineView } from '../bindings';
import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import { readingNote } from '../common/wording';
import { clockSettingLabel, formatLongClock } from './clock';
import { byTurn, sideOf, timeLeft, turnOf, type Turn } from './games';
import './online.css';

function turnText(turn: Turn): string {
  switch (turn) {
    case 'yours':
      return t('online.yourMove');
    case 'friends':
      return t('online.opponentMove');
    case 'waiting':
      return t('online.waiting');
    case 'over':
      return '';
  }
}

function row(view: OnlineView, open: (gameId: string) => void): VNode {
  const turn = turnOf(view);
  const left = timeLeft(view);
  const rules = readingNote(view.game.reading);
  return h(
    'button.online-game-row',
    {
      class: { yours: turn === 'yours' },
      attrs: { type: 'button', ...testid('online-game'), 'data-game-id': view.game.id, 'data-turn': turn },
      on: { click: () => open(view.game.id) },
    },
    [
      h('span.online-game-turn', turnText(turn)),
      left === null ? null : h('span.online-game-left', { attrs: testid('online-game-left') }, t('online.timeLeft', { time: formatLongClock(left) })),
      h('span.online-game-clock', clockSettingLabel(view.game.clock)),
      rules === null ? null : h('span.online-game-rules', { attrs: testid('online-game-rules') }, rules),
      h('span.online-game-side', t('online.opponent', { context: sideOf(view) })),
    ],
  );
}

/** The rows of `games`, the player's moves first; `open` opens one. */
export function onlineGameList(games: readonly OnlineView[], open: (gameId: string) => void, id: string): VNode {
  return h(
    'ul.online-games',
    { attrs: testid(id) },
    byTurn(games).map((view) => h('li', { key: view.game.id }, [row(view, open)])),
  );
}
