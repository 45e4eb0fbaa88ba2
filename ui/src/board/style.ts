// How a board looks: the piece-set and theme classes, shared by the board and the settings
// preview, and a lone piece drawn by the same stylesheets.

import './board.css';
import './pieces-chess.css';
import './pieces-emblems.css';
import { roleOf } from './pieces';
import type { PieceKind, Settings, Side } from '../bindings';

const ALL_STYLE_CLASSES = ['pieces-chess', 'pieces-emblems', 'theme-wood', 'theme-blue', 'theme-green'];

/** Puts the piece set and board theme of `settings` on `element`; switching is a class change. */
export function applyStyle(element: HTMLElement, settings: Pick<Settings, 'pieceSet' | 'boardTheme'>): void {
  element.classList.remove(...ALL_STYLE_CLASSES);
  element.classList.add(`pieces-${settings.pieceSet}`, `theme-${settings.boardTheme}`);
}

/** A piece outside the board (legends, previews), drawn by the piece-set stylesheets. */
export function pieceElement(kind: PieceKind, side: Side): HTMLElement {
  const piece = document.createElement('piece');
  piece.className = `${roleOf(kind)} ${side}`;
  piece.setAttribute('aria-hidden', 'true');
  return piece;
}
