// The message catalogue: every sentence the player reads goes through `t`. i18next gives
// parameters, plural forms and variants (`context`), and checks the keys at compile time through
// the declaration below. English only for now; a translation adds a resource and a language.

import i18next from 'i18next';
import { en } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const i18n = i18next.createInstance();

// Synchronous: the resources are in the bundle, and the first screen needs them at once.
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  resources: { en: { translation: en } },
  // Text goes into the page as text nodes (never as HTML), so nothing needs escaping here.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const t = i18n.t.bind(i18n);

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
