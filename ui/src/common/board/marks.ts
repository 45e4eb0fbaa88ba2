// What the board draws over its pieces, in chessgroundx's custom-SVG layer: frozen pieces, what a
// move would take, the selected piece's reach, a refusal's reason, a lesson's marks, a capture's
// flash, the keyboard cursor. Which squares get which mark is decided here, from what the board knows.

import type { DrawShape } from 'chessgroundx/draw';
import type { Key } from 'chessgroundx/types';
import { isSquare } from './model';
import type { BoardState } from './types';

/** How long a capture's squares flash. */
export const FLASH_MS = 900;

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

/** What is marked besides the board's state. */
export interface Overlay {
  /** What the move under the pointer (or the typed one) would take. */
  taken: readonly Key[];
  /** Within reach of the selected piece (when no move is pointed at). */
  reach: readonly Key[];
  /** What a capture just took. */
  flash: readonly string[];
  /** The keyboard cursor, while the board has the focus. */
  cursor: Key | undefined;
}

/** The squares of `list` that are on the board. */
export const onBoard = (list: readonly string[] | undefined): Key[] => (list ?? []).filter(isSquare);

/** Every mark to draw, bottom first. */
export function shapesOf(state: BoardState | undefined, overlay: Overlay): DrawShape[] {
  const frozen = onBoard(state?.board.frozen);
  const { taken, reach } = overlay;
  const why = state?.why;
  const lesson = state?.lesson;
  const arrow = (orig: string, dest: string, brush: string): DrawShape[] => (isSquare(orig) && isSquare(dest) ? [{ orig, dest, brush }] : []);
  return [
    ...onBoard(lesson?.highlight).map((orig) => ({ orig, customSvg: HIGHLIGHT_MARK })),
    ...onBoard(lesson?.goal).map((orig) => ({ orig, customSvg: GOAL_MARK })),
    ...frozen.map((orig) => ({ orig, customSvg: FROZEN_MARK })),
    ...(lesson?.arrows ?? []).flatMap(([orig, dest]) => arrow(orig, dest, 'paleBlue')),
    ...onBoard(lesson?.hint ? [lesson.hint] : []).map((orig) => ({ orig, customSvg: HINT_MARK })),
    ...onBoard(lesson?.picked).map((orig) => ({ orig, customSvg: PICKED_MARK })),
    ...reach.map((orig) => ({ orig, customSvg: REACH_MARK })),
    ...[...taken, ...onBoard(lesson?.taken)].map((orig) => ({ orig, customSvg: CAPTURE_MARK })),
    ...onBoard(overlay.flash).map((orig) => ({ orig, customSvg: flashMark(FLASH_MS) })),
    ...(why?.tried ? arrow(why.tried[0], why.tried[1], 'paleRed') : []),
    ...(why?.lines ?? []).flatMap(([orig, dest]) => arrow(orig, dest, 'red')),
    ...onBoard(why?.subject ? [why.subject] : []).map((orig) => ({ orig, customSvg: SUBJECT_MARK })),
    ...onBoard(why?.causes).map((orig) => ({ orig, customSvg: CAUSE_MARK })),
    ...(overlay.cursor ? [{ orig: overlay.cursor, customSvg: CURSOR_MARK }] : []),
  ];
}
