// The board panel's state and actions, without the DOM: what is typed in the move box and what
// it would take, the frozen piece offered for removal, and the moves the player makes. Its views
// are in boardPanel.ts; play uses it, and the course and the puzzles will too.

import { ApiError } from '../../api';
import type { BoardView, Color, MoveView, PieceView, Problem, Reading, Role, Settings } from '../../bindings';
import type { Board } from '../board/board';
import type { RemovalOffer } from '../board/types';
import { findMove, isRemoval } from '../board/model';
import { whyMarks, type WhyMarks } from '../board/why';
import { pieceParams, sentences, t } from '../../i18n';
import { parseTypedMove } from '../notation';
import { describeProblem } from '../../problems';
import { roleName, squareList } from '../wording';

/** A refused move, shown by the board until the next action: the reason and where it points. */
export interface Refusal {
  problem: Problem;
  text: string;
  marks: WhyMarks | undefined;
}

/** The course chapter that teaches each piece (the course's chapter ids). */
export const CHAPTER_OF: Record<Role, string> = {
  king: 'king',
  pawn: 'pawn',
  withdrawer: 'withdrawer',
  longLeaper: 'leaper',
  chameleon: 'chameleon',
  coordinator: 'coordinator',
  immobilizer: 'immobilizer',
};

// The problems that are about the move itself: shown by the board, not in the app's banner.
const MOVE_PROBLEMS: ReadonlySet<Problem['code']> = new Set([
  'noPiece',
  'notYourPiece',
  'frozen',
  'kingRemoval',
  'noRemoval',
  'notFrozen',
  'removalNotInReading',
  'notThatWay',
  'occupied',
  'pathBlocked',
  'leavesKingInCheck',
  'wrongPiece',
  'wrongCaptures',
]);

/** The refusal a failure is, when it is a move the rules do not allow. */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof ApiError) || !MOVE_PROBLEMS.has(error.problem.code)) return undefined;
  return { problem: error.problem, text: describeProblem(error.problem), marks: whyMarks(error.problem) };
}

/** What the page shows on the board now. */
export interface BoardPanelState {
  board: BoardView;
  /** The moves the player may make now; empty while looking back or waiting. */
  moves: readonly MoveView[];
  orientation: Color;
  /** The move box takes moves (the player's turn, the live position). */
  canType: boolean;
  /** The game is over: the move box goes. */
  over: boolean;
  /** The reading of the rules the game is played by (the move box's hint words it: no removal in
   * the Cambridge rules); absent: 1963. */
  reading?: Reading;
}

export interface BoardPanelActions {
  /** Plays a move; resolves `true` once the Rust side took it. A refusal comes back through
   * `refused` (a move the rules do not allow) or the app's error banner. */
  play(from: string, to: string): Promise<boolean>;
  redraw(): void;
  /** Says something to screen-reader users. */
  announce?(text: string): void;
  /** Opens the course chapter about a piece. */
  learn?(chapter: string): void;
}

export class BoardPanel {
  /** What is in the move box. */
  typed = '';
  /** The player plays by typing: the move box keeps the focus across turns. */
  typing = false;
  /** The text last submitted, when it was not a move. */
  refused: string | undefined;
  /** The frozen piece selected on the board that may be removed. */
  removal: RemovalOffer | undefined;
  /** The island, while it is in the page. */
  board: Board | undefined;
  /** The last refused move and its reason, until the next action. */
  why: Refusal | undefined;
  /** The piece whose description is open (long press, hover, the board's cursor). */
  inspected: PieceView | undefined;

  constructor(
    readonly settings: Settings,
    private readonly actions: BoardPanelActions,
  ) {}

  /** The legal move typed in the box, if it is one. */
  typedMove(moves: readonly MoveView[]): MoveView | undefined {
    const typed = parseTypedMove(this.typed);
    return typed && findMove(moves, typed.from, typed.to);
  }

  /** The sentence under the move box: what the typed move takes, or how to type one. */
  hint(moves: readonly MoveView[], reading?: Reading): string {
    // A reading's own wording where the catalogue has one (`hint_cambridge`), else the default.
    if (this.refused !== undefined) return t('moveBox.notAMove', { text: this.refused, context: reading });
    const move = this.typedMove(moves);
    if (!move) return t('moveBox.hint', { context: reading });
    if (isRemoval(move)) return t('moveBox.removes', { square: move.from });
    return move.captures.length ? t('moveBox.takes', { squares: squareList(move.captures) }) : t('moveBox.takesNothing');
  }

  input(text: string): void {
    this.typed = text;
    this.refused = undefined;
    this.why = undefined;
    this.actions.redraw();
  }

  /** A failure of a move: when it is a move the rules refuse, the board shows why (and it is
   * said aloud); `false` for any other failure, for the app to show. */
  refuse(error: unknown): boolean {
    const refusal = refusalOf(error);
    if (!refusal) return false;
    this.why = refusal;
    this.actions.announce?.(refusal.text);
    this.actions.redraw();
    return true;
  }

  /** Puts the reason away (its close button, a new action). */
  dismissWhy(): void {
    if (!this.why) return;
    this.why = undefined;
    this.actions.redraw();
  }

  /** A move the board would not make: the Rust side says why (it refuses it, as it is not legal). */
  attempt(from: string, to: string): void {
    this.typing = false;
    this.why = undefined;
    void this.actions.play(from, to);
  }

  /** One of the player's frozen pieces was picked: the Rust side says what freezes it. Any move
   * of a frozen piece is refused with that reason (frozen comes first in the rules' reasons). */
  pickedFrozen(piece: PieceView): void {
    const to = neighbour(piece.square);
    if (to) void this.actions.play(piece.square, to);
  }

  inspect(piece: PieceView | undefined): void {
    this.inspected = piece;
    if (piece) this.actions.announce?.(pieceInfoText(piece));
    this.actions.redraw();
  }

  /** The board's keyboard cursor moved: say where it is and what stands there. */
  cursor(square: string, piece: PieceView | undefined): void {
    this.actions.announce?.(
      piece ? t('board.cursor', { square, piece: t('board.cursorPiece', { context: piece.side, piece: roleName(piece.role) }) }) : t('board.cursorEmpty', { square }),
    );
  }

  learn(role: Role): void {
    this.inspected = undefined;
    this.actions.learn?.(CHAPTER_OF[role]);
  }

  /** The move box was sent (Enter or the Play button). */
  submit(): Promise<boolean> {
    this.why = undefined;
    const typed = parseTypedMove(this.typed);
    if (!typed) {
      this.refused = this.typed.trim();
      this.actions.redraw();
      return Promise.resolve(false);
    }
    this.typing = true;
    return this.actions.play(typed.from, typed.to);
  }

  /** A move made on the board (dragged or clicked). */
  boardMove(move: MoveView): void {
    this.typing = false;
    this.why = undefined;
    void this.actions.play(move.from, move.to);
  }

  removalChanged(offer: RemovalOffer | undefined): void {
    this.removal = offer;
    this.actions.redraw();
  }

  removeFrozen(): void {
    const offer = this.removal;
    if (!offer) return;
    this.board?.deselect();
    this.removal = undefined;
    void this.actions.play(offer.move.from, offer.move.to);
  }

  /** A new position came: the box empties, as after the player's own move. */
  cleared(): void {
    this.typed = '';
    this.refused = undefined;
    this.why = undefined;
    this.inspected = undefined;
  }
}

/** A square next to `square` on the board (to ask why a frozen piece cannot move). */
function neighbour(square: string): string | undefined {
  const file = square.charCodeAt(0);
  const rank = Number(square.charAt(1));
  const up = rank < 8 ? `${square.charAt(0)}${rank + 1}` : `${square.charAt(0)}${rank - 1}`;
  return file >= 97 && file <= 104 && rank >= 1 && rank <= 8 ? up : undefined;
}

/** A piece in one line: its name, and how it captures. */
export function pieceInfoText(piece: PieceView): string {
  return sentences([t('pieceInfo.title', { context: piece.side, ...pieceParams(piece.role), square: piece.square }), t(`pieceInfo.${piece.role}`)]);
}
