// The message catalogue: every sentence the player reads goes through `t`. i18next gives
// parameters, plural forms by each language's rules and variants (`context`), and checks the keys
// at compile time through the declaration below (the English catalogue is the reference; the
// others have the same keys, checked by i18n.test.ts). One file per language: en.ts, fr.ts; the
// course's own words are in crates/ultima-course/text/<language>.json (course.ts).

import i18next from 'i18next';
import type { Language, Role } from '../bindings';
import { en } from './en';
import { fr } from './fr';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** The languages the app speaks (the setting's choices other than the device's). */
export type Spoken = Exclude<Language, 'system'>;
export const SPOKEN: readonly Spoken[] = ['en', 'fr'];

/** The app's catalogues by language. */
export const CATALOGUES: Record<Spoken, object> = { en, fr };

/** The language the setting means: the device's (French for any French, else English) or the one chosen. */
export function resolveLanguage(setting: Language, device: readonly string[] = deviceLanguages()): Spoken {
  // (Anything else, such as a setting an older Rust side did not send, is the device's.)
  if ((SPOKEN as readonly string[]).includes(setting)) return setting as Spoken;
  const first = device[0]?.toLowerCase() ?? '';
  return first === 'fr' || first.startsWith('fr-') ? 'fr' : 'en';
}

function deviceLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export const i18n = i18next.createInstance();

// Synchronous: the resources are in the bundle, and the first screen needs them at once. Before
// the saved settings are read (and when they cannot be), the device's language.
void i18n.init({
  lng: resolveLanguage('system'),
  // A text not translated yet reads in English rather than as its key (i18n.test.ts lists them).
  fallbackLng: 'en',
  initAsync: false,
  resources: { en: { translation: en }, fr: { translation: fr } },
  // Text goes into the page as text nodes (never as HTML), so nothing needs escaping here.
  interpolation: { escapeValue: false },
  returnNull: false,
});
setPageLanguage(i18n.language);

/** Speaks the language the setting means from now on; the caller redraws. */
export function useLanguage(setting: Language): Spoken {
  const language = resolveLanguage(setting);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  setPageLanguage(language);
  return language;
}

/** The language spoken now. */
export function language(): Spoken {
  return i18n.language === 'fr' ? 'fr' : 'en';
}

function setPageLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const t = i18n.t.bind(i18n);

/** A number with `digits` decimals as the language writes it (English 1.5, French 1,5), rounded
 * as `toFixed` rounds. */
export function decimal(value: number, digits: number): string {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(Number(value.toFixed(digits)));
}

/** Whole sentences of the catalogue one after another, as the language writes them (the empty
 * ones left out). */
export function sentences(parts: readonly string[]): string {
  const [head = '', ...rest] = parts.filter((part) => part !== '');
  return rest.reduce((first, next) => t('list.sentences', { first, next }), head);
}

/** "d5", "d5 and f5", "c4, d5 and e4", in the catalogue's words. */
export function listOf(items: readonly string[]): string {
  const [first, second] = items;
  if (first === undefined) return '';
  if (second === undefined) return first;
  if (items.length === 2) return t('list.two', { first, second });
  const most = items.slice(0, -1).join(t('list.separator'));
  return t('list.many', { most, last: items[items.length - 1] ?? '' });
}

/** A piece's names as a sentence's parameters, each form written whole by the language: `{{piece}}`
 * (its name), `{{piece_the}}` (with the definite article, inside a sentence), `{{piece_The}}` (the
 * same at a sentence's start), `{{piece_a}}` (with the indefinite article), `{{piece_Name}}` (the
 * name at a line's start); `as` names them for
 * another parameter (`{{blocker_the}}`…). English "the immobilizer", French "l'immobilisateur":
 * each language uses the forms its grammar needs, and no article is glued on by code. */
export function pieceParams(role: Role): PieceParams<'piece'> {
  return pieceParamsAs(role, 'piece');
}

/** A piece's forms under another parameter's name: `{{blocker}}`, `{{blocker_the}}`… */
export function pieceParamsAs<N extends string>(role: Role, as: N): PieceParams<N> {
  return {
    [as]: t(`piece.${role}`),
    [`${as}_the`]: t(`pieceThe.${role}`),
    [`${as}_The`]: t(`pieceTheStart.${role}`),
    [`${as}_a`]: t(`pieceA.${role}`),
    [`${as}_Name`]: t(`pieceTitle.${role}`),
  } as PieceParams<N>;
}

export type PieceParams<N extends string> = Record<N | `${N}_the` | `${N}_The` | `${N}_a` | `${N}_Name`, string>;
