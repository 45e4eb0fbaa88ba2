// The course's own words: crates/ultima-course/text/<language>.json, loaded as the i18next
// namespace `course` of each language (flat keys with dots in them: `withdrawer-1.prompt`). Never
// copied into the UI; `ultima course check` reads the same files.

import courseEn from '../../../crates/ultima-course/text/en.json';
import courseFr from '../../../crates/ultima-course/text/fr.json';
import type { Spoken } from './index';
import { i18n } from './index';

/** The course's texts by language. */
export const COURSE_TEXTS: Record<Spoken, Record<string, string>> = { en: courseEn, fr: courseFr };

for (const [language, texts] of Object.entries(COURSE_TEXTS)) i18n.addResourceBundle(language, 'course', texts, true, true);

// The keys come from the Rust side's task ids: plain strings, checked at run time
// (`hasCourseText`), not the catalogue's typed keys.
interface LooseI18n {
  t(key: string, options: Record<string, unknown>): string;
  exists(key: string, options: Record<string, unknown>): boolean;
}
const loose = i18n as unknown as LooseI18n;

/** A course text (`withdrawer.title`, `withdrawer-1.prompt`, `goal.capture`) with its parameters,
 * in the language spoken. */
export function courseText(key: string, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  // `moves` is the number a text's plural forms go by (`_one` / `_other`…), when it has them.
  const moves = Number(params['moves']);
  const count = Number.isFinite(moves) && params['moves'] !== undefined ? { count: moves } : {};
  return loose.t(key, { ...params, ...count, ns: 'course', keySeparator: false, nsSeparator: false });
}

export function hasCourseText(key: string): boolean {
  return loose.exists(key, { ns: 'course', keySeparator: false, nsSeparator: false });
}
