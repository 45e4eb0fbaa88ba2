// @vitest-environment happy-dom
// The language: chosen in the settings, followed at once by the page and kept; and no text on
// screen that is not from a catalogue, found by a pseudo-language in which every catalogue text is
// bracketed (⟦…⟧): what is left outside the brackets was written by code.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { savedGame, savedRecord } from '../../dev/backend';
import { en } from '../i18n/en';
import { COURSE_TEXTS } from '../i18n/course';
import { i18n, resolveLanguage } from '../i18n';
import type { Route } from './app';
import { closeApp, realBackend, startApp, stopApp } from './appTest';
import { byTestId, click, typeMove, until } from '../common/view/domTest';

const screen = (): string | undefined => document.getElementById('app')?.dataset['screen'];

beforeEach(() => {
  history.replaceState(null, '', '/');
});

afterEach(async () => {
  closeApp();
  await i18n.changeLanguage('en');
});

describe('the language', () => {
  it('is the device’s by default: French for any French, English otherwise', () => {
    expect(resolveLanguage('system', ['fr-CA', 'en'])).toBe('fr');
    expect(resolveLanguage('system', ['fr'])).toBe('fr');
    expect(resolveLanguage('system', ['de-DE', 'fr'])).toBe('en');
    expect(resolveLanguage('system', [])).toBe('en');
    expect(resolveLanguage('en', ['fr-FR'])).toBe('en');
    expect(resolveLanguage('fr', ['en-GB'])).toBe('fr');
  });

  it('is chosen in the settings, followed at once by the page, and kept', async () => {
    const on = realBackend({ saved: { current: savedRecord() } });
    const app = await startApp(on);
    expect(document.documentElement.lang).toBe('en');
    click('settings-open');
    await until(() => screen() === 'settings', 'the settings');
    const select = byTestId<HTMLSelectElement>('language-select')!;
    select.value = 'fr';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    // At once, before the save comes back.
    expect(document.querySelector('h1')?.textContent).toBe('Réglages');
    expect(document.documentElement.lang).toBe('fr');
    await until(() => app.settings.language === 'fr', 'the saved setting');
    expect(byTestId('piece-legend')?.textContent).toContain('Décrocheur');
    // Kept: the app opened again on the same saved data speaks French.
    stopApp();
    await i18n.changeLanguage('en');
    await startApp(on);
    expect(document.documentElement.lang).toBe('fr');
    expect(byTestId('home-learn')?.textContent).toContain('Apprendre les règles');
  });

  it('words a refusal of the course in French, the piece names with their articles', async () => {
    const on = realBackend({ saved: { current: savedRecord({ settings: { language: 'fr' } }) } });
    const app = await startApp(on);
    await app.go({ screen: 'lesson', id: 'board-1' });
    await until(() => byTestId('lesson-intro') !== null, 'the chapter’s introduction');
    expect(byTestId('lesson-intro-text')?.textContent).toMatch(/^Ultima se joue sur un échiquier/);
    click('lesson-begin');
    typeMove('a1b3');
    await until(() => byTestId('refusal')?.hidden === false, 'the reason');
    expect(byTestId('refusal-text')?.textContent).toMatch(/^L’immobilisateur en a1 ne peut pas aller en b3/);
  });
});

/** The English catalogue with every text bracketed. */
function bracketed<T>(tree: T): T {
  if (typeof tree === 'string') return `⟦${tree}⟧` as T;
  return Object.fromEntries(Object.entries(tree as object).map(([key, value]) => [key, bracketed(value)])) as T;
}

/** Text on the page (its text nodes, and what a screen reader or a field shows) outside any bracket. */
function unbracketed(): string[] {
  const found: string[] = [];
  const outside = (text: string): string => {
    let rest = text;
    for (let before = ''; before !== rest; ) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    return rest;
  };
  // Three letters in a row is a word (the notation's `Pe2-e4`, squares and numbers are not).
  const wordy = (text: string): boolean => /\p{L}{3,}/u.test(outside(text));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const parent = node.parentElement;
    if (parent?.closest('style, script')) continue;
    if (wordy(text)) found.push(`"${text.trim()}" in <${parent?.tagName.toLowerCase()} ${parent?.getAttribute('data-testid') ?? parent?.className ?? ''}>`);
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'aria-roledescription', 'placeholder', 'title', 'alt', 'aria-valuetext']) {
      const value = element.getAttribute(attribute);
      if (value && wordy(value)) found.push(`${attribute}="${value}" on <${element.tagName.toLowerCase()}>`);
    }
  }
  return found;
}

describe('every text on screen', () => {
  it('comes from a catalogue, on every main screen', async () => {
    i18n.addResourceBundle('en-XA', 'translation', bracketed(en), true, true);
    i18n.addResourceBundle('en-XA', 'course', bracketed(COURSE_TEXTS.en), true, true);
    const saved = savedRecord({ currentGame: savedGame('g-current', { kind: 'bot', level: 'casual', botSide: 'black' }) });
    const app = await startApp(realBackend({ saved: { current: saved } }));
    await i18n.changeLanguage('en-XA');
    const visit = async (route: Route, ready: () => boolean, what: string): Promise<string[]> => {
      await app.go(route);
      await until(() => screen() === route.screen && ready(), what);
      app.redraw();
      return unbracketed().map((found) => `${route.screen}: ${found}`);
    };
    const found: string[] = [];
    found.push(...(await visit({ screen: 'home' }, () => byTestId('home-learn') !== null, 'home')));
    found.push(...(await visit({ screen: 'settings' }, () => byTestId('piece-legend') !== null, 'the settings')));
    found.push(...(await visit({ screen: 'newGame' }, () => true, 'the new game')));
    found.push(...(await visit({ screen: 'play', gameId: 'g-current' }, () => byTestId('move-list') !== null, 'the game')));
    found.push(...(await visit({ screen: 'learn' }, () => byTestId('course-chapter') !== null, 'the course map')));
    found.push(...(await visit({ screen: 'lesson', id: 'pawn-1' }, () => byTestId('lesson-intro') !== null, 'a chapter’s introduction')));
    click('lesson-begin');
    typeMove('a1a1');
    await until(() => byTestId('refusal')?.hidden === false, 'a refusal');
    found.push(...unbracketed().map((text) => `lesson: ${text}`));
    found.push(...(await visit({ screen: 'puzzles' }, () => byTestId('puzzle-screen')?.dataset['puzzle'] !== undefined, 'the puzzles')));
    // The check itself: a text written by code is found.
    document.body.insertAdjacentHTML('beforeend', '<p>Written by code</p>');
    expect(unbracketed()).toContain('"Written by code" in <p >');
    expect(found).toEqual([]);
  });
});
