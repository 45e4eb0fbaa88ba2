// The online games as the app keeps them (several at once: correspondence makes that normal):
// newest first, a newer view taking the place of the older one of its game (or of the game it
// is the rematch of), and what a row of the list says of one (whose move, the time left).

import type { Color, OnlineView } from '../bindings';

/** `games` with `view` in its place: that of its game (or of the game it is the rematch of),
 * or first when it is new. An older view of the same game changes nothing. */
export function withView(games: readonly OnlineView[], view: OnlineView): OnlineView[] {
  const before = games.find((other) => other.game.id === view.game.id || other.game.id === view.rematchOf);
  if (!before) return [view, ...games];
  if (before.game.id === view.game.id && view.game.revision < before.game.revision) return [...games];
  return games.map((other) => (other === before ? view : other));
}

/** The games that go on, in the order given (newest first). */
export function gamesInProgress(games: readonly OnlineView[]): OnlineView[] {
  return games.filter((game) => game.game.result === null);
}

/** Whether one going on has a running clock in minutes (not days per move): leaving it for
 * another game costs time. */
export function liveGameInProgress(games: readonly OnlineView[]): boolean {
  return gamesInProgress(games).some((game) => game.game.clock !== null && !game.game.clock.daysPerMove);
}

/** The side this device plays in `view`. */
export function sideOf(view: OnlineView): Color {
  const opponent = view.game.opponent;
  return opponent.kind === 'online' ? opponent.playerSide : 'white';
}

/** Whose turn it is, as a list row says it. */
export type Turn = 'waiting' | 'yours' | 'friends' | 'over';

export function turnOf(view: OnlineView): Turn {
  if (view.game.result !== null) return 'over';
  if (view.opponent === 'waiting') return 'waiting';
  return view.game.board.turn === sideOf(view) ? 'yours' : 'friends';
}

const TURN_ORDER: Record<Turn, number> = { yours: 0, friends: 1, waiting: 2, over: 3 };

/** `games` as a list shows them: the player's moves first, then the friend's, then those
 * waiting for the friend; the order given kept within each. */
export function byTurn(games: readonly OnlineView[]): OnlineView[] {
  return [...games].sort((a, b) => TURN_ORDER[turnOf(a)] - TURN_ORDER[turnOf(b)]);
}

/** A correspondence game's time left to the side to move (as of the view), else `null`. */
export function timeLeft(view: OnlineView): number | null {
  const clock = view.game.clock;
  if (!clock?.daysPerMove || clock.running === null) return null;
  return (clock.running === 'white' ? clock.whiteMs : clock.blackMs) ?? null;
}
