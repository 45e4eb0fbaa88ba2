// @vitest-environment happy-dom
// The note a game by another reading than 1963 carries: nothing for 1963 (or a view that names no
// reading), else the reading's name as a button that opens its page.
import { describe, expect, it, vi } from 'vitest';
import { byTestId } from './domTest';
import { patch } from './snabbdom';
import { rulesNote } from './rulesNote';

describe('rulesNote', () => {
  it('says nothing for 1963, or when no reading is named', () => {
    expect(rulesNote('1963', 'game-rules', () => undefined)).toBeNull();
    expect(rulesNote(undefined, 'game-rules', () => undefined)).toBeNull();
  });

  it('names another reading, and a click opens its page', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const open = vi.fn();
    const note = rulesNote('cambridge', 'game-rules', open);
    expect(note).not.toBeNull();
    patch(document.getElementById('root')!, note!);
    const link = byTestId('game-rules')!;
    expect(link.tagName).toBe('BUTTON');
    expect(link.textContent).toBe('Cambridge rules');
    link.click();
    expect(open).toHaveBeenCalledOnce();
  });
});
