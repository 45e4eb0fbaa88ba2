// The board: the only module that talks to chessgroundx. It is a view: told the position, the
// legal moves and the settings, it reports the move the player made and decides nothing.

// The named export lives in chessground.js; the package's index (what Node and Vitest pick, as
// it has no `exports`) only has a default one.
import { Chessground } from 'chessgroundx/chessground.js';
import type { Api } from 'chessgroundx/api';
import type { DrawShape } from 'chessgroundx/draw';
import type { Key } from 'chessgroundx/types';
import 'chessgroundx/assets/chessground.base.css';

import { t } from '../../i18n';
import { roleName } from '../wording';
import { applyStyle } from './style';
import { capturesOf, destinations, findMove, isSquare, placement, reachOf, removalAt } from './model';
import type { WhyMarks } from './why';
import type { AnimationSpeed, BoardView, Color, MoveView, PieceView, Settings } from '../../bindings';

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

const ANIMATION_MS: Record<AnimationSpeed, number> = { none: 0, fast: 120, normal: 220, slow: 400 };
/** How long a capture's squares flash. */
const FLASH_MS = 900;
/** A pointer resting on a piece this long describes it; leaving it this long puts that away. */
const HOVER_MS = 650;
const LEAVE_MS = 700;
/** A touch held this long on a piece describes it. */
const LONG_PRESS_MS = 500;
const FILES = 'abcdefgh';

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
// The reason for a refusal: the piece it is about (an amber ring), and what causes it (a red
// ring with a "!" badge: the freezer, the piece in the way, the attacker).
const SUBJECT_MARK =
  '<circle cx="50" cy="50" r="44" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="10"/>' +
  '<circle cx="50" cy="50" r="44" fill="none" stroke="#d98200" stroke-width="6"/>';
const CAUSE_MARK =
  '<rect x="5" y="5" width="90" height="90" rx="10" fill="#ff3b30" fill-opacity="0.18" stroke="#c8102e" stroke-width="6"/>' +
  '<g transform="translate(18 18)"><circle r="14" fill="#c8102e" stroke="#fff" stroke-width="3"/>' +
  '<path d="M0 -7V2" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cy="7" r="2.4" fill="#fff"/></g>';
// A lesson: a square to look at (a soft gold tint), the goal (a target), the hint (a pulsing
// green ring), a quiz pick (a check mark).
const HIGHLIGHT_MARK = '<rect x="3" y="3" width="94" height="94" rx="8" fill="#ffd24a" fill-opacity="0.35" stroke="#c99400" stroke-width="4"/>';
const GOAL_MARK =
  '<circle cx="50" cy="50" r="40" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="11"/>' +
  '<circle cx="50" cy="50" r="40" fill="none" stroke="#15781b" stroke-width="6"/>' +
  '<circle cx="50" cy="50" r="10" fill="#15781b" fill-opacity="0.55"/>';
const HINT_MARK =
  '<circle cx="50" cy="50" r="42" fill="#15781b" fill-opacity="0.2" stroke="#15781b" stroke-width="7">' +
  '<animate attributeName="stroke-opacity" values="1;0.25;1" dur="1.4s" repeatCount="indefinite"/></circle>';
const PICKED_MARK =
  '<circle cx="78" cy="22" r="17" fill="#1f63b4" stroke="#fff" stroke-width="3"/>' +
  '<path d="M69 22l6 6 11-12" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<rect x="4" y="4" width="92" height="92" rx="10" fill="none" stroke="#1f63b4" stroke-width="6"/>';
// The keyboard cursor.
const CURSOR_MARK = '<rect x="4" y="4" width="92" height="92" rx="6" fill="none" stroke="#2a7de1" stroke-width="8"/>';
// What a capture just took: a red flash that fades (the piece itself fades out by chessgroundx).
const flashMark = (ms: number): string =>
  `<circle cx="50" cy="50" r="46" fill="#ff3b30" fill-opacity="0"><animate attributeName="fill-opacity" values="0;0.55;0" dur="${ms}ms" fill="freeze"/></circle>`;

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
  /** The squares a capture just took, flashed for a moment. */
  private flash: string[] = [];
  private flashTimer: ReturnType<typeof setTimeout> | undefined;
  /** The keyboard cursor, while the board has the focus. */
  private cursorKey: Key | undefined;
  private focused = false;
  /** The piece whose description is open, and the timers that open or close it. */
  private inspected: string | undefined;
  /** The selected square last reported to `pickedFrozen`, to report each pick once. */
  private pickedFrozen: string | undefined;
  private inspectTimer: ReturnType<typeof setTimeout> | undefined;

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
    if (moved) this.inspectNone();
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
    clearTimeout(this.inspectTimer);
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

  private inspect(square: string | undefined): void {
    clearTimeout(this.inspectTimer);
    const piece = square ? this.pieceAt(square) : undefined;
    const key = piece?.square;
    if (key === this.inspected) return;
    this.inspected = key;
    this.events.inspect?.(piece);
  }

  /** Opens (or closes, for no piece) the description of the piece on `square` after `delay`. */
  private inspectLater(square: string | undefined, delay: number): void {
    clearTimeout(this.inspectTimer);
    this.inspectTimer = setTimeout(() => this.inspect(square), delay);
  }

  private inspectNone(): void {
    clearTimeout(this.inspectTimer);
    if (this.inspected === undefined) return;
    this.inspected = undefined;
    this.events.inspect?.(undefined);
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
        if (busy) clearTimeout(this.inspectTimer);
        else if (piece && piece.square !== this.inspected) this.inspectLater(piece.square, HOVER_MS);
        else if (!piece && this.inspected !== undefined) this.inspectLater(undefined, LEAVE_MS);
        else if (piece) clearTimeout(this.inspectTimer);
      } else if (!touch) {
        clearTimeout(this.inspectTimer);
      }
      if (touch && key !== pressAt) clearTimeout(this.inspectTimer);
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
        this.inspectNone();
        if (piece) this.inspectLater(piece.square, LONG_PRESS_MS);
      } else {
        // A click is for playing: a description open or about to open goes.
        this.inspectNone();
      }
      if (!key || !this.current) return;
      if (this.current.moves.length === 0) {
        this.events.tap?.(key);
        return;
      }
      const selected = this.selected();
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
    if (on && !this.cursorKey) {
      const start = this.current?.board.lastMove?.to ?? (this.current?.orientation === 'black' ? 'e8' : 'e1');
      this.cursorKey = isSquare(start) ? start : 'e1';
    }
    this.drawMarks();
  }

  /** The board's keys while it has the focus: the arrows move the cursor (as the board is seen),
   * Enter, Space or I describe the piece under it, Escape puts the description away. */
  private key(event: KeyboardEvent): void {
    const cursor = this.cursorKey ?? 'e1';
    const flip = this.current?.orientation === 'black' ? -1 : 1;
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, flip],
      ArrowDown: [0, -flip],
      ArrowLeft: [-flip, 0],
      ArrowRight: [flip, 0],
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      event.stopPropagation();
      const file = Math.min(7, Math.max(0, FILES.indexOf(cursor.charAt(0)) + step[0]));
      const rank = Math.min(8, Math.max(1, Number(cursor.charAt(1)) + step[1]));
      const next = `${FILES.charAt(file)}${rank}`;
      if (!isSquare(next)) return;
      this.cursorKey = next;
      if (this.inspected !== undefined) this.inspect(next);
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
      if (this.inspected === cursor) this.inspectNone();
      else this.inspect(cursor);
    } else if (event.key === 'Escape' && this.inspected !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      this.inspectNone();
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
    const squares = (list: readonly string[] | undefined): Key[] => (list ?? []).filter(isSquare);
    const state = this.current;
    const frozen = squares(state?.board.frozen);
    const taken = squares(this.previewed?.captures ?? this.hoverCaptures());
    const from = this.selected();
    const reach = from && state && taken.length === 0 ? squares(reachOf(state.moves, from)) : [];
    const why = state?.why;
    const lesson = state?.lesson;
    const arrow = (orig: string, dest: string, brush: string): DrawShape[] => (isSquare(orig) && isSquare(dest) ? [{ orig, dest, brush }] : []);
    const shapes: DrawShape[] = [
      ...squares(lesson?.highlight).map((orig) => ({ orig, customSvg: HIGHLIGHT_MARK })),
      ...squares(lesson?.goal).map((orig) => ({ orig, customSvg: GOAL_MARK })),
      ...frozen.map((orig) => ({ orig, customSvg: FROZEN_MARK })),
      ...(lesson?.arrows ?? []).flatMap(([orig, dest]) => arrow(orig, dest, 'paleBlue')),
      ...squares(lesson?.hint ? [lesson.hint] : []).map((orig) => ({ orig, customSvg: HINT_MARK })),
      ...squares(lesson?.picked).map((orig) => ({ orig, customSvg: PICKED_MARK })),
      ...reach.map((orig) => ({ orig, customSvg: REACH_MARK })),
      ...[...taken, ...squares(lesson?.taken)].map((orig) => ({ orig, customSvg: CAPTURE_MARK })),
      ...squares(this.flash).map((orig) => ({ orig, customSvg: flashMark(FLASH_MS) })),
      ...(why?.tried ? arrow(why.tried[0], why.tried[1], 'paleRed') : []),
      ...(why?.lines ?? []).flatMap(([orig, dest]) => arrow(orig, dest, 'red')),
      ...squares(why?.subject ? [why.subject] : []).map((orig) => ({ orig, customSvg: SUBJECT_MARK })),
      ...squares(why?.causes).map((orig) => ({ orig, customSvg: CAUSE_MARK })),
      ...(this.focused && this.cursorKey ? [{ orig: this.cursorKey, customSvg: CURSOR_MARK }] : []),
    ];
    this.cg.setAutoShapes(shapes);
    this.wrap.dataset['preview'] = taken.join(' ');
    this.wrap.dataset['why'] = why ? [why.subject, ...why.causes].filter((square) => square !== undefined).join(' ') : '';
    if (this.focused && this.cursorKey) this.wrap.dataset['cursor'] = this.cursorKey;
    else delete this.wrap.dataset['cursor'];
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
