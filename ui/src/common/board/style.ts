// How a board looks: the piece-set and theme classes (the settings' legend uses the same
// classes and stylesheets, so a piece there looks as it does on the board).

import './board.css';
import './pieces-chess.css';
import './pieces-emblems.css';
import type { Settings } from '../../bindings';

const ALL_STYLE_CLASSES = ['pieces-chess', 'pieces-emblems', 'theme-wood', 'theme-blue', 'theme-green'];

/** Puts the piece set and board theme of `settings` on `element`; switching is a class change. */
export function applyStyle(element: HTMLElement, settings: Pick<Settings, 'pieceSet' | 'boardTheme'>): void {
  element.classList.remove(...ALL_STYLE_CLASSES);
  element.classList.add(`pieces-${settings.pieceSet}`, `theme-${settings.boardTheme}`);
}
