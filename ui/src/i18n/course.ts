// The course's own words: crates/ultima-course/text/en.json, loaded as the i18next namespace
// `course` (flat keys with dots in them: `withdrawer-1.prompt`). Never copied into the UI.

import course from '../../../crates/ultima-course/text/en.json';
import { i18n } from './index';

i18n.addResourceBundle('en', 'course', course, true, true);

// The keys come from the Rust side's task ids: plain strings, checked at run time
// (`hasCourseText`), not the catalogue's typed keys.
interface LooseI18n {
  getFixedT(lng: string, ns: string): (key: string, options: Record<string, unknown>) => string;
  exists(key: string, options: Record<string, unknown>): boolean;
}
const loose = i18n as unknown as LooseI18n;
const fixed = loose.getFixedT('en', 'course');

/** A course text (`withdrawer.title`, `withdrawer-1.prompt`, `goal.capture`) with its parameters. */
export function courseText(key: string, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  // `moves` is the number a text's plural forms go by (`_one` / `_other`), when it has them.
  const moves = Number(params['moves']);
  const count = Number.isFinite(moves) && params['moves'] !== undefined ? { count: moves } : {};
  return fixed(key, { ...params, ...count, keySeparator: false, nsSeparator: false });
}

export function hasCourseText(key: string): boolean {
  return loose.exists(key, { ns: 'course', keySeparator: false, nsSeparator: false });
}
