// The board: the only module that talks to chessgroundx. It is a view: told the position, the
// legal moves and the settings, it reports the move the player made and decides nothing. What it
// is told and tells is types.ts; what it draws over the pieces, marks.ts; its words, describe.ts.

// The named export lives in chessground.js; the package's index (what Node and Vitest pick, as
// it has no `exports`) only has a default one.
import { Chessground } from 'chessgroundx/chessground.js';
import type { Api } from 'chessgroundx/api';
import type { Key } from 'chessgroundx/types';
import 'chessgroundx/assets/chessground.base.css';

import { t } from '../../i18n';
import { applyStyle } from './style';
import { arrowStep, cursorStart, stepFrom } from './cursor';
import { describe } from './describe';
import { Inspector } from './inspect';
import { FLASH_MS, onBoard, shapesOf } from './marks';
import { capturesOf, destinations, findMove, isSquare, placement, reachOf, removalAt, secondTapRemoval } from './model';
import type { BoardEvents, BoardState } from './types';
import type { AnimationSpeed, MoveView, PieceView, Settings } from '../../bindings';

const ANIMATION_MS: Record<AnimationSpeed, number> = { none: 0, fast: 120, normal: 220, slow: 400 };
/** A pointer resting on a piece this long describes it; leaving it this long puts that away. */
const HOVER_MS = 650;
const LEAVE_MS = 700;
/** A touch held this long on a piece describes it. */
const LONG_PRESS_MS = 500;

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
  /** The squares a capture just took, flashed for a moment. */
  private flash: string[] = [];
  private flashTimer: ReturnType<typeof setTimeout> | undefined;
  /** The keyboard cursor, while the board has the focus. */
  private cursorKey: Key | undefined;
  private focused = false;
  /** The piece whose description is open, and the timers that open or close it. */
  private readonly inspector = new Inspector(
    (square) => this.pieceAt(square),
    (piece) => this.events.inspect?.(piece),
  );
  /** The selected square last reported to `pickedFrozen`, to report each pick once. */
  private pickedFrozen: string | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly events: BoardEvents,
    options: { testid?: string } = {},
  ) {
    this.wrap = document.createElement('div');
    this.wrap.className = 'board-wrap';
    if (options.testid) this.wrap.dataset['testid'] = options.testid;
    // The board is one element for screen readers (its position in words), and it takes the
    // focus: the arrow keys move a cursor over it, Enter or I describe the piece there.
    this.wrap.setAttribute('role', 'application');
    this.wrap.setAttribute('aria-roledescription', t('board.roleDescription'));
    this.wrap.tabIndex = 0;
    this.wrap.setAttribute('aria-label', t('play.board'));
    this.element = document.createElement('div');
    this.element.className = 'board';
    this.element.append(this.wrap);
    applyStyle(this.element, settings);
    this.listen();
  }

  /** The board, made at the first position shown (`fen`): made at chessground's own start, the
   * chess one, it would slide the king and the withdrawer into place at every new board. */
  private ground(fen: string): Api {
    this.cg ??= Chessground(this.wrap, {
      fen,
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
    // chessground keeps the board's place on the page until a scroll or a resize; a redraw can
    // move the board without either (a notice or an error line above it appears or goes), and a
    // click would then be read against the old place, on another square. Measured again at the
    // next pointer event.
    this.cg?.state.dom.bounds.clear();
    const previous = this.current;
    if (
      previous &&
      this.cg &&
      !this.moved &&
      previous.board === state.board &&
      previous.moves === state.moves &&
      previous.orientation === state.orientation
    ) {
      if (previous.preview !== state.preview || previous.why !== state.why || previous.lesson !== state.lesson) {
        this.current = state;
        this.previewed = state.preview;
        this.drawMarks();
      }
      return;
    }
    const { board, moves, orientation } = state;
    const cg = this.ground(placement(board.pieces));
    this.current = state;
    this.moved = false;
    const moved = !previous || previous.board.ply !== board.ply || placement(previous.board.pieces) !== placement(board.pieces);
    if (moved || moves.length === 0) cg.selectSquare(null);
    if (moved) this.inspector.none();
    // One move on from what was shown: flash what it took.
    if (previous && board.ply === previous.board.ply + 1 && board.lastMove && this.settings.animation !== 'none') this.flashCaptures(board.lastMove.captures);
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


  /** Drops the selection (the page's removal button was used). */
  deselect(): void {
    this.cg?.selectSquare(null);
    this.syncSelection();
  }

  /** Flashes `squares` (what a capture took), for a moment. */
  flashCaptures(squares: readonly string[]): void {
    if (squares.length === 0) return;
    clearTimeout(this.flashTimer);
    this.flash = [...squares];
    this.flashTimer = setTimeout(() => {
      this.flash = [];
      this.drawMarks();
    }, FLASH_MS);
  }

  destroy(): void {
    for (const unbind of this.unbind) unbind();
    clearTimeout(this.flashTimer);
    this.inspector.cancel();
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
    else this.events.attempt?.(from, to);
  }

  private selected(): Key | undefined {
    const selected = this.cg?.state.selectable.selected;
    return typeof selected === 'string' ? selected : undefined;
  }

  /** Tells the page while a frozen piece that may be removed is selected. */
  private syncSelection(): void {
    if (this.destroyed) return;
    const square = this.selected();
    const picked = square !== undefined && this.current?.moves.length ? this.pieceAt(square) : undefined;
    if (picked && square !== this.pickedFrozen && this.current?.board.frozen.includes(picked.square)) this.events.pickedFrozen?.(picked);
    this.pickedFrozen = square;
    const removal = square && this.current ? removalAt(this.current.moves, square) : undefined;
    const piece = removal && this.current?.board.pieces.find((p) => p.square === removal.from);
    const offer = removal && piece ? { move: removal, piece } : undefined;
    const key = offer ? `${offer.move.from}:${this.current?.board.ply ?? ''}` : undefined;
    if (key === this.offered) return;
    this.offered = key;
    this.events.removal?.(offer);
  }

  private pieceAt(square: string): PieceView | undefined {
    return this.current?.board.pieces.find((piece) => piece.square === square);
  }

  /** A move from `from` to `to` that chessgroundx will not make (not a legal destination): a
   * try to report, unless it is only a change of selection (onto another piece of one's own). */
  private tried(from: Key, to: Key | undefined): void {
    const state = this.current;
    if (!state || !to || to === from || state.moves.length === 0) return;
    if (findMove(state.moves, from, to)) return;
    const mover = this.pieceAt(from);
    const target = this.pieceAt(to);
    if (!mover || mover.side !== state.board.turn || (target && target.side === mover.side)) return;
    this.moved = true;
    this.events.attempt?.(from, to);
  }

  private keyAt(point: { clientX: number; clientY: number } | undefined): Key | undefined {
    return point && this.cg ? this.cg.getKeyAtDomPos([point.clientX, point.clientY]) : undefined;
  }

  /** Tracks the square under the pointer, to mark what moving there would take; reports tries
   * of moves that are not legal; a piece hovered or long-pressed is described. */
  private listen(): void {
    const overInfo = (event: Event): boolean => event.target instanceof Element && event.target.closest('.piece-info') !== null;
    let pressAt: Key | undefined;
    const onPointer = (event: MouseEvent | TouchEvent): void => {
      const touch = 'touches' in event;
      const key = this.keyAt(touch ? event.touches[0] : event);
      if (!touch && !overInfo(event)) {
        // Hovering with no button down: a piece is described after a moment, and put away
        // a moment after the pointer leaves it (time enough to reach the description's link).
        // Not while a piece is picked up or selected: then the pointer shows what a move takes.
        const busy = (event as MouseEvent).buttons !== 0 || this.selected() !== undefined;
        const piece = key ? this.pieceAt(key) : undefined;
        if (busy) this.inspector.cancel();
        else if (piece && piece.square !== this.inspector.square) this.inspector.later(piece.square, HOVER_MS);
        else if (!piece && this.inspector.square !== undefined) this.inspector.later(undefined, LEAVE_MS);
        else if (piece) this.inspector.cancel();
      } else if (!touch) {
        this.inspector.cancel();
      }
      if (touch && key !== pressAt) this.inspector.cancel();
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
    // Before chessgroundx sees a press (capture phase): a tap on a square the selected piece
    // cannot go to is a try; with no moves to make, a tap is a pick (the quiz).
    const beforePress = (event: MouseEvent | TouchEvent): void => {
      if (overInfo(event)) return;
      const touch = 'touches' in event;
      const key = this.keyAt(touch ? event.touches[0] : event);
      if (touch) {
        pressAt = key;
        const piece = key ? this.pieceAt(key) : undefined;
        // A new touch puts the open description away; held on a piece, it opens that one's.
        this.inspector.none();
        if (piece) this.inspector.later(piece.square, LONG_PRESS_MS);
      } else {
        // A click is for playing: a description open or about to open goes.
        this.inspector.none();
      }
      if (!key || !this.current) return;
      if (this.current.moves.length === 0) {
        this.events.tap?.(key);
        return;
      }
      const selected = this.selected();
      // A second tap on a selected frozen piece of one's own removes it, when the Rust side's
      // legal moves hold that removal (the Remove button does the same). Chessgroundx does not
      // see the press, or it would take it as a deselection.
      const removal = this.cg?.state.draggable.current === undefined ? secondTapRemoval(this.current.moves, selected, key) : undefined;
      if (removal) {
        event.stopPropagation();
        this.cg?.selectSquare(null);
        this.events.move(removal);
        return;
      }
      // A second tap on a frozen piece whose removal the rules refuse (it would leave the king
      // in check): the page asks the Rust side why, as for any move it would not make.
      const own = selected === key ? this.pieceAt(key) : undefined;
      if (own && own.side === this.current.board.turn && this.current.board.frozen.includes(key)) {
        event.stopPropagation();
        this.cg?.selectSquare(null);
        this.events.attempt?.(key, key);
        return;
      }
      if (selected && this.cg?.state.draggable.current === undefined) this.tried(selected, key);
    };
    // Before chessgroundx ends a drag: a drop on a square that is not a legal destination is a try.
    const beforeRelease = (event: MouseEvent | TouchEvent): void => {
      const drag = this.cg?.state.draggable.current;
      if (!drag || !drag.started || typeof drag.orig !== 'string') return;
      const point = 'changedTouches' in event ? event.changedTouches[0] : event;
      this.tried(drag.orig, this.keyAt(point));
    };
    const onTouchEnd = (): void => {
      // A long press that opened a description is not also a tap that puts it away.
      pressAt = undefined;
    };
    const listeners: [EventTarget, string, EventListener, AddEventListenerOptions][] = [
      [document, 'mousemove', onPointer as EventListener, { passive: true }],
      [document, 'touchmove', onPointer as EventListener, { passive: true }],
      [document, 'mousedown', afterPress, { passive: true }],
      [document, 'mouseup', afterPress, { passive: true }],
      [document, 'touchstart', afterPress, { passive: true }],
      [document, 'touchend', afterPress, { passive: true }],
      [this.wrap, 'mousedown', beforePress as EventListener, { capture: true, passive: true }],
      [this.wrap, 'touchstart', beforePress as EventListener, { capture: true, passive: true }],
      [window, 'mouseup', beforeRelease as EventListener, { capture: true, passive: true }],
      [window, 'touchend', beforeRelease as EventListener, { capture: true, passive: true }],
      [this.wrap, 'touchend', onTouchEnd, { passive: true }],
      [this.wrap, 'keydown', ((event: KeyboardEvent) => this.key(event)) as EventListener, {}],
      [this.wrap, 'focus', () => this.focus(true), {}],
      [this.wrap, 'blur', () => this.focus(false), {}],
      [this.wrap, 'contextmenu', ((event: Event) => event.preventDefault()) as EventListener, {}],
    ];
    for (const [target, name, listener, options] of listeners) {
      target.addEventListener(name, listener, options);
      this.unbind.push(() => target.removeEventListener(name, listener, options));
    }
  }

  private focus(on: boolean): void {
    this.focused = on;
    if (on && !this.cursorKey) this.cursorKey = cursorStart(this.current);
    this.drawMarks();
  }

  /** The board's keys while it has the focus: the arrows move the cursor (as the board is seen),
   * Enter, Space or I describe the piece under it, Escape puts the description away. */
  private key(event: KeyboardEvent): void {
    const cursor = this.cursorKey ?? 'e1';
    const step = arrowStep(event.key, this.current?.orientation);
    if (step) {
      event.preventDefault();
      event.stopPropagation();
      const next = stepFrom(cursor, step);
      if (!next) return;
      this.cursorKey = next;
      if (this.inspector.square !== undefined) this.inspector.now(next);
      this.events.cursor?.(next, this.pieceAt(next));
      this.drawMarks();
    } else if (event.key === ' ' && this.current?.moves.length === 0 && this.events.tap) {
      // Space picks the square (the quiz), as a tap would.
      event.preventDefault();
      event.stopPropagation();
      this.events.tap(cursor);
    } else if (event.key === 'Enter' || event.key === ' ' || event.key.toLowerCase() === 'i') {
      event.preventDefault();
      event.stopPropagation();
      if (this.inspector.square === cursor) this.inspector.none();
      else this.inspector.now(cursor);
    } else if (event.key === 'Escape' && this.inspector.square !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      this.inspector.none();
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
    const state = this.current;
    const taken = onBoard(this.previewed?.captures ?? this.hoverCaptures());
    const from = this.selected();
    const reach = from && state && taken.length === 0 ? onBoard(reachOf(state.moves, from)) : [];
    const cursor = this.focused ? this.cursorKey : undefined;
    this.cg.setAutoShapes(shapesOf(state, { taken, reach, flash: this.flash, cursor }));
    const why = state?.why;
    this.wrap.dataset['preview'] = taken.join(' ');
    this.wrap.dataset['why'] = why ? [why.subject, ...why.causes].filter((square) => square !== undefined).join(' ') : '';
    if (cursor) this.wrap.dataset['cursor'] = cursor;
    else delete this.wrap.dataset['cursor'];
  }
}

function animation(speed: AnimationSpeed): { enabled: boolean; duration: number } {
  return { enabled: speed !== 'none', duration: ANIMATION_MS[speed] };
}
