// What the board is told (the position, the moves, the marks) and what it tells the page.

import type { BoardView, Color, MoveView, PieceView } from '../../bindings';
import type { WhyMarks } from './why';

/** Marks a lesson puts on the board: squares to look at, arrows, the goal, the hint, the quiz's picks. */
export interface LessonMarks {
  highlight?: readonly string[];
  arrows?: readonly (readonly [string, string])[];
  /** The goal's squares (pieces to take or keep, the square to reach). */
  goal?: readonly string[];
  /** The piece the hint says to move. */
  hint?: string | undefined;
  /** The squares the learner picked in a quiz. */
  picked?: readonly string[];
  /** What a move really takes (the quiz answered wrongly). */
  taken?: readonly string[];
}

export interface BoardState {
  board: BoardView;
  /** The moves the player may make now; empty when the board is only to look at. */
  moves: readonly MoveView[];
  orientation: Color;
  /** A move whose captures to mark (the typed move: the keyboard's counterpart of hovering). */
  preview?: MoveView | undefined;
  /** Where the last refused move's reason points, until the next action. */
  why?: WhyMarks | undefined;
  /** A lesson's marks (the course). */
  lesson?: LessonMarks | undefined;
}

/** A frozen piece the player has selected and may remove (the page offers a button for it). */
export interface RemovalOffer {
  move: MoveView;
  piece: PieceView;
}

export interface BoardEvents {
  /** The player made a legal move on the board. */
  move(move: MoveView): void;
  /** The player tried a move that is not legal (dropped or tapped onto a square it cannot go
   * to, or moved a frozen piece): the page asks the Rust side, which says why. */
  attempt?(from: string, to: string): void;
  /** The player picked one of their frozen pieces (tapped or clicked, not yet moved). */
  pickedFrozen?(piece: PieceView): void;
  /** The selected piece became, or stopped being, a frozen piece that may be removed. */
  removal?(offer: RemovalOffer | undefined): void;
  /** The player asked what a piece is (long press, hover, or the board's keyboard cursor); `undefined`: put away. */
  inspect?(piece: PieceView | undefined): void;
  /** The keyboard cursor moved to `square` (with the piece there, if any). */
  cursor?(square: string, piece: PieceView | undefined): void;
  /** A square was tapped while the board takes no moves (the quiz's picks). */
  tap?(square: string): void;
}
