// The puzzles' themes, by their export names (`pinch`, `mate-in-1`: the collection's names, in
// lower case with dashes), in the order the theme choice lists them.

import { t } from '../i18n';
import { en } from '../i18n/en';

export const THEMES = [
  'pinch',
  'withdrawal',
  'long-leap',
  'multi-capture',
  'coordinator',
  'chameleon-pinch',
  'chameleon-withdrawal',
  'chameleon-leap',
  'chameleon-coordinator',
  'chameleon-king',
  'immobilization',
  'removal',
  'mate-in-1',
  'mate-in-2',
  'mate-in-3-plus',
  'blockade',
  'defence',
  'opening',
  'middlegame',
  'endgame',
] as const;

type ThemeKey = keyof typeof en.puzzle.theme;

function isThemeKey(name: string): name is ThemeKey {
  return Object.hasOwn(en.puzzle.theme, name);
}

/** A theme in words; a name this build does not know (a newer collection) as it comes. */
export function themeName(name: string): string {
  return isThemeKey(name) ? t(`puzzle.theme.${name}`) : name;
}
