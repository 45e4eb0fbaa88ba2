// The catalogues against each other and against the code: every key in every language, in that
// language's plural forms; no key that nothing uses; French typography. (That no text on screen
// comes from elsewhere is app/language.test.ts.)

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, i18n, SPOKEN, type Spoken } from './index';
import { COURSE_TEXTS } from './course';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SRC = join(ROOT, 'ui/src');

type Tree = { readonly [key: string]: string | Tree };

/** Every text of a nested catalogue by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, `${path}.`)) out.set(inner, text);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** i18next's plural forms of a language (`_zero` is i18next's own, for 0, in any language). */
const pluralForms = (language: Spoken): string[] => new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((c) => `_${c}`);

/** What a language lacks or has too much against English: keys, and each counted key's forms. */
function parityFaults(english: Map<string, string>, other: Map<string, string>, language: Spoken): string[] {
  const faults: string[] = [];
  const bases = (keys: Iterable<string>): Map<string, Set<string>> => {
    const out = new Map<string, Set<string>>();
    for (const key of keys) {
      const base = key.replace(PLURAL, '');
      const forms = out.get(base) ?? new Set<string>();
      forms.add(key.slice(base.length));
      out.set(base, forms);
    }
    return out;
  };
  const en = bases(english.keys());
  const them = bases(other.keys());
  for (const [base, forms] of en) {
    const theirs = them.get(base);
    if (!theirs) {
      faults.push(`${language}: missing ${base}`);
      continue;
    }
    const counted = [...forms].some((form) => form !== '');
    if (!counted) {
      if (!theirs.has('')) faults.push(`${language}: ${base} is counted here, not in English`);
      continue;
    }
    for (const form of pluralForms(language)) if (!theirs.has(form)) faults.push(`${language}: missing ${base}${form}`);
    if (forms.has('_zero') && !theirs.has('_zero')) faults.push(`${language}: missing ${base}_zero`);
  }
  for (const [base, forms] of them) {
    if (!en.has(base)) faults.push(`${language}: ${base} is not in English`);
    const allowed = new Set(['', '_zero', ...pluralForms(language)]);
    for (const form of forms) if (!allowed.has(form)) faults.push(`${language}: ${base}${form} is not a plural form of this language`);
  }
  return faults;
}

const APP = new Map(SPOKEN.map((language) => [language, flatten(CATALOGUES[language] as Tree)]));
const COURSE = new Map(SPOKEN.map((language) => [language, new Map(Object.entries(COURSE_TEXTS[language]))]));

describe('the catalogues', () => {
  it('have every key in every language, each counted text in the language’s own plural forms', () => {
    const faults: string[] = [];
    for (const language of SPOKEN) {
      faults.push(...parityFaults(APP.get('en')!, APP.get(language)!, language).map((fault) => `app ${fault}`));
      faults.push(...parityFaults(COURSE.get('en')!, COURSE.get(language)!, language).map((fault) => `course ${fault}`));
    }
    // Listed whole, so that a translation behind the English shows everything it lacks.
    expect(faults).toEqual([]);
  });

  it('count by each language’s rules: French 0 and 1 are singular, a million takes « de »', () => {
    const fr = i18n.getFixedT('fr');
    const en = i18n.getFixedT('en');
    expect([0, 1, 2, 1_000_000].map((count) => fr('home.moves', { count }))).toEqual(['0 coup', '1 coup', '2 coups', '1000000 de coups']);
    expect([0, 1, 2].map((count) => en('home.moves', { count }))).toEqual(['0 moves', '1 move', '2 moves']);
  });

  it('finds a missing key and a missing French plural form', () => {
    const en = new Map([
      ['a', 'A'],
      ['b_one', 'one b'],
      ['b_other', '{{count}} b'],
    ]);
    const fr = new Map([
      ['b_one', 'un b'],
      ['b_other', '{{count}} b'],
      ['c', 'C'],
    ]);
    expect(parityFaults(en, fr, 'fr')).toEqual(['fr: missing a', 'fr: missing b_many', 'fr: c is not in English']);
  });

  it('keep the same parameters in every language', () => {
    const params = (text: string): string[] => [...text.matchAll(/\{\{(\w+)/g)].map((m) => m[1] ?? '');
    const faults: string[] = [];
    for (const [domain, catalogue] of [
      ['app', APP],
      ['course', COURSE],
    ] as const) {
      const english = catalogue.get('en')!;
      for (const [key, text] of catalogue.get('fr')!) {
        const base = key.replace(PLURAL, '');
        const reference = english.get(key) ?? english.get(`${base}_other`) ?? '';
        // A piece's forms (`{{piece_the}}`) are the language's choice; the rest are the same facts.
        const mine = new Set(params(text).map((name) => name.replace(/_(the|The|a|Name)$/, '')));
        const theirs = new Set(params(reference).map((name) => name.replace(/_(the|The|a|Name)$/, '')));
        const counted = /_(one|zero)$/.test(key);
        for (const name of theirs) if (!mine.has(name) && !(counted && name === 'count') && !(counted && name === 'moves')) faults.push(`${domain} fr ${key}: no {{${name}}}`);
        for (const name of mine) if (!theirs.has(name) && name !== 'count') faults.push(`${domain} fr ${key}: {{${name}}} is not in English`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('write French with a narrow no-break space before : ; ! ? and inside « »', () => {
    const faults: string[] = [];
    const texts = [...APP.get('fr')!, ...COURSE.get('fr')!];
    for (const [key, text] of texts) {
      // A colon in an address (ws://…:7070) is no punctuation.
      const prose = text.replace(/\w+:\/\/\S+/g, '');
      if (/(^|[^\u202f])[:;!?»]/.test(prose) || /«[^\u202f]/.test(prose)) faults.push(`${key}: ${text}`);
      if (/"/.test(text)) faults.push(`${key}: straight quotes (« » in French)`);
    }
    expect(faults).toEqual([]);
  });
});

// ——— every key used ———

/** The UI's own code: where a key is used (tests excepted: a key only a test names is unused). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !/i18n\/(en|fr)\.ts$/.test(path) ? [readFileSync(path, 'utf8')] : [];
  });
}

/** The values a key may be completed with at run time (`t(\`piece.${role}\`)`, `{ context: side }`):
 * the string values of the Rust side's wire types (bindings.ts, generated from Rust), the puzzle
 * collection's themes (its data file), the plural forms, and the UI's own few named below. */
function dynamicValues(): Set<string> {
  const bindings = readFileSync(join(SRC, 'bindings.ts'), 'utf8');
  const values = new Set([...bindings.matchAll(/"([A-Za-z][\w-]*)"/g)].map((m) => m[1] ?? ''));
  const puzzles = readFileSync(join(ROOT, 'crates/ultima-puzzles/data/puzzles.txt'), 'utf8');
  for (const line of puzzles.split('\n')) if (line && !line.startsWith('#')) for (const theme of (line.split(';')[5] ?? '').split(',')) values.add(theme.trim());
  for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) values.add(form);
  // wording.ts' level groups (`LevelBand`): the UI's own grouping of the Rust side's levels.
  for (const band of ['firstGames', 'fewerMistakes', 'noDeliberateMistakes']) values.add(band);
  return values;
}

describe('every key', () => {
  it('is used by the code, whole or completed by a value from the Rust side', () => {
    // The UI's code, and the web build's config (the manifest's description).
    const code = [...sources(SRC), readFileSync(join(ROOT, 'ui/web/vite.config.ts'), 'utf8')].join('\n');
    // Keys named whole ('home.title') and the heads of keys completed at run time (`level.${…}`).
    // (The web build reads the English catalogue's object itself: `en.app.description`.)
    const whole = new Set([...code.matchAll(/['"]([a-zA-Z][\w.-]*)['"]|\ben\.([a-zA-Z][\w.]*)/g)].map((m) => m[1] ?? m[2] ?? ''));
    const heads = [...code.matchAll(/`([a-zA-Z][\w.-]*)\$\{/g)].map((m) => m[1] ?? '');
    const values = dynamicValues();
    const completes = (rest: string): boolean => rest.split(/[._]/).every((part) => part === '' || values.has(part));
    const unused = [...APP.get('en')!.keys()].filter((key) => {
      const base = key.replace(PLURAL, '');
      // Whole, or whole but for contexts (`result.wins` with `{ context: 'white' }`).
      for (let cut = base.length; cut > 0; cut = base.lastIndexOf('_', cut - 1)) {
        if (whole.has(base.slice(0, cut)) && completes(base.slice(cut))) return false;
      }
      return !heads.some((head) => base.startsWith(head) && completes(base.slice(head.length)));
    });
    expect(unused).toEqual([]);
  });
});
