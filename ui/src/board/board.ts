// The board: the only module that talks to chessgroundx. It is a view: told the position, the
// legal moves and the settings, it reports the move the player made and decides nothing.

// The named export lives in chessground.js; the package's index (what Node and Vitest pick, as
// it has no `exports`) only has a default one.
import { Chessground } from 'chessgroundx/chessground.js';
import type { Api } from 'chessgroundx/api';
import type { DrawShape } from 'chessgroundx/draw';
import type { Key } from 'chessgroundx/types';
import 'chessgroundx/assets/chessground.base.css';

import { t } from '../i18n';
import { roleName } from '../wording';
import { applyStyle } from './style';
import { capturesOf, destinations, findMove, isSquare, placement, reachOf, removalAt } from './model';
import type { AnimationSpeed, BoardView, Color, MoveView, PieceView, Settings } from '../bindings';

export interface BoardState {
  board: BoardView;
  /** The moves the player may make now; empty when the board is only to look at. */
  moves: readonly MoveView[];
  orientation: Color;
  /** A move whose captures to mark (the typed move: the keyboard's counterpart of hovering). */
  preview?: MoveView | undefined;
}

/** A frozen piece the player has selected and may remove (the page offers a button for it). */
export interface RemovalOffer {
  move: MoveView;
  piece: PieceView;
}

export interface BoardEvents {
  /** The player made a move on the board (a legal one: chessgroundx offers no other). */
  move(move: MoveView): void;
  /** The selected piece became, or stopped being, a frozen piece that may be removed. */
  removal?(offer: RemovalOffer | undefined): void;
}

const ANIMATION_MS: Record<AnimationSpeed, number> = { none: 0, fast: 120, normal: 220, slow: 400 };

// Marks drawn in chessgroundx's custom-SVG layer, over the pieces, in a 100×100 square.
// Frozen: an icy tint, a dashed ring and a snowflake in the corner (a shape, not only a colour).
const FROZEN_MARK =
  '<rect x="4" y="4" width="92" height="92" rx="12" fill="#9fd4ff" fill-opacity="0.28" stroke="#1f7fd1" stroke-width="4" stroke-dasharray="9 5"/>' +
  '<g stroke-linecap="round" transform="translate(82 18)">' +
  '<circle r="13" fill="#1f7fd1"/>' +
  '<path d="M0 -9V9M-7.8 -4.5L7.8 4.5M-7.8 4.5L7.8 -4.5" stroke="#fff" stroke-width="3"/></g>';
// Taken by the move under the pointer: a red cross with a light halo so it reads on any square.
const CAPTURE_MARK =
  '<path d="M24 24L76 76M76 24L24 76" stroke="#fff" stroke-opacity="0.85" stroke-width="18" stroke-linecap="round"/>' +
  '<path d="M24 24L76 76M76 24L24 76" stroke="#c8102e" stroke-width="10" stroke-linecap="round"/>';

// Within reach of the selected piece (some move of it takes this one): a thin red ring, lighter
// than the cross that marks what the move under the pointer takes.
const REACH_MARK =
  '<circle cx="50" cy="50" r="44" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="9"/>' +
  '<circle cx="50" cy="50" r="44" fill="none" stroke="#c8102e" stroke-width="5" stroke-dasharray="12 7"/>';

export class Board {
  /** The board: put this in the page. */
  readonly element: HTMLElement;
  private readonly wrap: HTMLElement;
  /** The removal last offered, to tell the page only of changes. */
  private offered: string | undefined;
  /** Made on the first `show()`: chessgroundx measures the board when it is made, so it must be in the page by then. */
  private cg: Api | undefined;
  private current: BoardState | undefined;
  /** The move whose captures are marked, from the pointer or from `preview()`. */
  private previewed: MoveView | undefined;
  private hoverKey: Key | undefined;
  private readonly unbind: (() => void)[] = [];
  private destroyed = false;
  /** The player moved a piece on the board: it no longer shows `current` until shown again. */
  private moved = false;

  constructor(
    private readonly settings: Settings,
    private readonly events: BoardEvents,
    options: { testid?: string } = {},
  ) {
    this.wrap = document.createElement('div');
    this.wrap.className = 'board-wrap';
    if (options.testid) this.wrap.dataset['testid'] = options.testid;
    this.wrap.setAttribute('role', 'img');
    this.wrap.setAttribute('aria-label', t('play.board'));
    this.element = document.createElement('div');
    this.element.className = 'board';
    this.element.append(this.wrap);
    applyStyle(this.element, settings);
    this.listen();
  }

  private ground(): Api {
    this.cg ??= Chessground(this.wrap, {
      coordinates: this.settings.showCoordinates,
      autoCastle: false,
      // Touch drags must move pieces, not the page.
      blockTouchScroll: true,
      movable: {
        free: false,
        color: undefined,
        showDests: this.settings.showLegalMoves,
        events: { after: (from, to) => this.played(from, to) },
      },
      premovable: { enabled: false },
      drawable: { enabled: false, visible: true },
      highlight: { lastMove: true, check: true },
      animation: animation(this.settings.animation),
      events: { select: () => this.syncSelection() },
    });
    return this.cg;
  }

  /** Shows a position; call it once the board is in the page. Showing the same state again (a
   * redraw of the page for something else) changes nothing, not even the selection. */
  show(state: BoardState): void {
    const previous = this.current;
    if (
      previous &&
      this.cg &&
      !this.moved &&
      previous.board === state.board &&
      previous.moves === state.moves &&
      previous.orientation === state.orientation
    ) {
      if (previous.preview !== state.preview) {
        this.current = state;
        this.preview(state.preview);
      }
      return;
    }
    const cg = this.ground();
    const { board, moves, orientation } = state;
    this.current = state;
    this.moved = false;
    const moved = !previous || previous.board.ply !== board.ply || placement(previous.board.pieces) !== placement(board.pieces);
    if (moved || moves.length === 0) cg.selectSquare(null);
    this.previewed = state.preview;
    const last = board.lastMove;
    const lastSquares = last ? [...new Set([last.from, last.to])].filter(isSquare) : [];
    cg.set({
      fen: placement(board.pieces),
      orientation,
      turnColor: board.turn,
      lastMove: lastSquares.length > 0 ? lastSquares : undefined,
      check: board.check && isSquare(board.check) ? [board.check] : false,
      movable: { color: moves.length > 0 ? board.turn : undefined, dests: destinations(moves) },
    });
    this.wrap.dataset['turn'] = board.turn;
    this.wrap.dataset['ply'] = String(board.ply);
    this.wrap.dataset['frozen'] = board.frozen.join(' ');
    this.wrap.setAttribute('aria-label', describe(board));
    this.drawMarks();
    this.syncSelection();
  }

  /** Marks what `move` would take (the keyboard's counterpart of hovering a destination). */
  preview(move: MoveView | undefined): void {
    this.previewed = move;
    this.drawMarks();
  }

  /** Drops the selection (the page's removal button was used). */
  deselect(): void {
    this.cg?.selectSquare(null);
    this.syncSelection();
  }

  destroy(): void {
    for (const unbind of this.unbind) unbind();
    this.destroyed = true;
    // A redraw may still be queued for the next frame, when the board is out of the page and
    // measures 0×0: leave it no marks to place.
    this.cg?.setAutoShapes([]);
    this.cg?.destroy();
  }

  private played(from: Key, to: Key): void {
    const move = this.current && findMove(this.current.moves, from, to);
    this.moved = true;
    this.previewed = undefined;
    this.hoverKey = undefined;
    this.drawMarks();
    this.syncSelection();
    // chessgroundx only offers legal destinations, so a move is always found; the Rust side
    // checks it again anyway.
    if (move) this.events.move(move);
  }

  private selected(): Key | undefined {
    const selected = this.cg?.state.selectable.selected;
    return typeof selected === 'string' ? selected : undefined;
  }

  /** Tells the page while a frozen piece that may be removed is selected. */
  private syncSelection(): void {
    if (this.destroyed) return;
    const square = this.selected();
    const removal = square && this.current ? removalAt(this.current.moves, square) : undefined;
    const piece = removal && this.current?.board.pieces.find((p) => p.square === removal.from);
    const offer = removal && piece ? { move: removal, piece } : undefined;
    const key = offer ? `${offer.move.from}:${this.current?.board.ply ?? ''}` : undefined;
    if (key === this.offered) return;
    this.offered = key;
    this.events.removal?.(offer);
  }

  /** Tracks the square under the pointer, to mark what moving there would take. */
  private listen(): void {
    const onPointer = (event: MouseEvent | TouchEvent): void => {
      const point = 'touches' in event ? event.touches[0] : event;
      const key = point && this.cg ? this.cg.getKeyAtDomPos([point.clientX, point.clientY]) : undefined;
      if (key === this.hoverKey) return;
      this.hoverKey = key;
      this.drawMarks();
    };
    // Selection changes without an event when a piece is put down or a square clicked twice:
    // look again once chessgroundx has handled the press.
    const afterPress = (): void => {
      setTimeout(() => {
        // The press may have been the one that left the screen.
        if (this.destroyed) return;
        this.syncSelection();
        this.drawMarks();
      }, 0);
    };
    const listeners: [string, EventListener][] = [
      ['mousemove', onPointer as EventListener],
      ['touchmove', onPointer as EventListener],
      ['mousedown', afterPress],
      ['mouseup', afterPress],
      ['touchstart', afterPress],
      ['touchend', afterPress],
    ];
    for (const [name, listener] of listeners) {
      document.addEventListener(name, listener, { passive: true });
      this.unbind.push(() => document.removeEventListener(name, listener));
    }
  }

  /** What the selected piece would take by moving to the square under the pointer. */
  private hoverCaptures(): readonly string[] {
    const from = this.selected();
    if (!from || !this.hoverKey || !this.current) return [];
    return capturesOf(this.current.moves, from, this.hoverKey);
  }

  private drawMarks(): void {
    if (!this.cg) return;
    const frozen = (this.current?.board.frozen ?? []).filter(isSquare);
    const taken = (this.previewed?.captures ?? this.hoverCaptures()).filter(isSquare);
    const from = this.selected();
    const reach = from && this.current && taken.length === 0 ? reachOf(this.current.moves, from).filter(isSquare) : [];
    const shapes: DrawShape[] = [
      ...frozen.map((orig) => ({ orig, customSvg: FROZEN_MARK })),
      ...reach.map((orig) => ({ orig, customSvg: REACH_MARK })),
      ...taken.map((orig) => ({ orig, customSvg: CAPTURE_MARK })),
    ];
    this.cg.setAutoShapes(shapes);
    this.wrap.dataset['preview'] = taken.join(' ');
  }
}

function animation(speed: AnimationSpeed): { enabled: boolean; duration: number } {
  return { enabled: speed !== 'none', duration: ANIMATION_MS[speed] };
}

/** The board in words, for screen readers: whose move, check, frozen pieces, and where every
 * piece stands. */
export function describe(board: BoardView): string {
  const parts: string[] = [t('board.turn', { context: board.turn })];
  if (board.check) parts.push(t('board.check', { context: board.turn, square: board.check }));
  if (board.frozen.length) parts.push(t('board.frozen', { squares: board.frozen.join(t('board.pieceSeparator')) }));
  for (const side of ['white', 'black'] as const) {
    const pieces = board.pieces
      .filter((piece) => piece.side === side)
      .map((piece) => t('board.piece', { piece: roleName(piece.role), square: piece.square }));
    parts.push(
      pieces.length
        ? t('board.pieces', { context: side, pieces: pieces.join(t('board.pieceSeparator')) })
        : t('board.noPieces', { context: side }),
    );
  }
  return parts.join(t('board.partSeparator')) + '.';
}
