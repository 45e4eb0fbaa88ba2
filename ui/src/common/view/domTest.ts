// What the DOM tests (app/app.test.ts, puzzles/puzzles.test.ts, the analysis tests) share: finding
// by data-testid, a click, a wait, and a move typed into the move field. Not a test file itself.

import { vi } from 'vitest';

export const byTestId = <E extends Element = HTMLElement>(id: string): E | null => document.querySelector<E>(`[data-testid="${id}"]`);
export const all = (id: string): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

export function click(id: string): void {
  const element = byTestId(id);
  if (!element) throw new Error(`no ${id} on the page`);
  element.click();
}

export async function until(check: () => boolean, what: string): Promise<void> {
  await vi.waitFor(() => {
    if (!check()) throw new Error(`still waiting for ${what}`);
  }, { timeout: 3000, interval: 10 });
}

export function typeMove(move: string): void {
  const input = byTestId<HTMLInputElement>('move-input')!;
  input.value = move;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}
