// @vitest-environment happy-dom
// The puzzle trainer in a DOM (happy-dom), against the mock Rust side's hand-made puzzles: home's
// entry and rating, a solve, a wrong move with its answer and a retry, the hint, the solution, the
// next puzzle, the rating change shown, the history replayed.

import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockBackend } from '../../dev/mock-backend';
import { api } from '../api';
import { App } from '../app';
import { all, byTestId, click, typeMove, until } from './domTest';

const text = (id: string): string => byTestId(id)?.textContent ?? '';

const puzzleScreen = (): HTMLElement | null => byTestId('puzzle-screen');
const ready = (id: string) => () => puzzleScreen()?.dataset['puzzle'] === id && puzzleScreen()?.dataset['phase'] === 'none';
const stateIs = (state: string) => () => puzzleScreen()?.dataset['state'] === state;

let opened: App | undefined;

async function openPuzzles(): Promise<App> {
  mockIPC(mockBackend({ current: 'none', settings: { animation: 'none' }, notices: [], botDelay: 0 }));
  document.body.innerHTML = '<div id="app"></div>';
  const app = new App(document.getElementById('app')!, await api.startUp());
  opened = app;
  await app.start();
  await until(() => text('home-puzzle-rating').includes('1518'), 'the rating on home');
  click('home-puzzles');
  await until(() => puzzleScreen() !== null, 'the trainer');
  return app;
}

beforeEach(() => {
  history.replaceState(null, '', '/');
});

afterEach(() => {
  opened?.stop();
  opened = undefined;
  clearMocks();
  document.body.innerHTML = '';
});

describe('the puzzle trainer', () => {
  it('opens from home with the rating, plays the mistake, and a solve shows the rating change', async () => {
    await openPuzzles();
    expect(location.hash).toBe('#/puzzles');
    await until(ready('p-pinch'), 'the mistake played');
    expect(text('puzzle-prompt')).toBe('The opponent played Pd7-d4. Find the best move for White.');
    expect(text('puzzle-rating')).toBe('Your rating: 1518');
    expect(byTestId('puzzle-rating-chart')?.querySelector('svg')?.getAttribute('data-points')).toBe('6');
    expect(text('puzzle-history')).toBe('No puzzles yet.');
    typeMove('e2e4');
    await until(stateIs('solved'), 'the solve');
    expect(byTestId('puzzle-outcome')?.dataset['kind']).toBe('solved');
    expect(text('puzzle-change')).toBe('Your rating: 1530 +12');
    expect(byTestId('puzzle-change')?.dataset['delta']).toBe('12');
    expect(text('puzzle-streak')).toBe('Streak: 1 puzzle');
    expect(text('puzzle-best-streak')).toBe(' (best 1)');
    expect(text('puzzle-info')).toBe('Puzzle rated 1480 · Pinch, Endgame');
    expect(all('puzzle-history-row')).toHaveLength(1);
    expect(all('puzzle-next')).toHaveLength(1);
    // Home shows the new rating.
    click('home-open');
    await until(() => text('home-puzzle-rating') === 'Your puzzle rating: 1530 after 1 puzzle.', 'the new rating on home');
  });

  it('says a wrong move is wrong, shows the answer, and retries; the first try counted', async () => {
    await openPuzzles();
    await until(ready('p-pinch'), 'the first puzzle');
    click('puzzle-difficulty-harder');
    expect(byTestId('puzzle-difficulty-harder')?.getAttribute('aria-pressed')).toBe('true');
    click('puzzle-next');
    await until(ready('p-leap'), 'the harder puzzle');
    expect(text('puzzle-moves')).toBe('Your moves: 0 of 2');
    typeMove('a1a4');
    await until(stateIs('wrong'), 'the wrong move');
    expect(text('puzzle-wrong')).toMatch(/^The opponent has a good reply/);
    expect(byTestId('puzzle-change')?.dataset['delta']).toBe('-9');
    click('puzzle-refutation-toggle');
    await until(() => text('puzzle-refutation') === 'Their reply: Ka8-a7.', 'their reply');
    click('puzzle-retry');
    await until(stateIs('playing'), 'the retry');
    expect(byTestId('puzzle-outcome')).toBeNull();
    typeMove('a1f6');
    await until(() => text('puzzle-prompt').startsWith('Best move! Keep going.'), 'the answer to a good move');
    expect(text('puzzle-moves')).toBe('Your moves: 1 of 2');
    typeMove('f6f3');
    await until(stateIs('solved'), 'the solve on a later try');
    expect(text('puzzle-solved-later')).toMatch(/only a first try without help counts as solved/);
    expect(byTestId('puzzle-change')?.dataset['delta']).toBe('-9');
    expect(all('puzzle-history-row')[0]?.dataset['solved']).toBe('false');
  });

  it('marks the piece to move, shows the solution, goes to the next puzzle, and replays one from the history', async () => {
    await openPuzzles();
    await until(ready('p-pinch'), 'the first puzzle');
    click('puzzle-hint');
    await until(() => text('puzzle-hint-text').startsWith('Move the piece on e2.'), 'the hint');
    expect(byTestId<HTMLButtonElement>('puzzle-hint')?.disabled).toBe(true);
    click('puzzle-solution-show');
    await until(stateIs('failed'), 'the solution');
    expect([...byTestId('puzzle-solution')!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Pd7-d4', 'Pe2-e4xd4']);
    expect(byTestId('puzzle-change')?.dataset['delta']).toBe('-9');
    const theme = byTestId<HTMLSelectElement>('puzzle-theme')!;
    theme.value = 'withdrawal';
    theme.dispatchEvent(new Event('change', { bubbles: true }));
    click('puzzle-next');
    await until(ready('p-withdraw'), 'a withdrawal puzzle');
    all('puzzle-history-row')[0]?.click();
    await until(ready('p-pinch'), 'the replay');
    expect(text('puzzle-unrated')).toBe('A replay: not rated.');
    typeMove('e2e4');
    await until(stateIs('solved'), 'the replay solved');
    expect(text('puzzle-not-rated')).toBe('A replay: the rating does not change.');
    // The same puzzle again from its start, from the outcome.
    click('puzzle-again');
    await until(() => ready('p-pinch')() && stateIs('playing')(), 'the puzzle again');
    expect(text('puzzle-unrated')).toBe('A replay: not rated.');
  });

  it('reopens by itself on the puzzle in progress after a quit in the trainer, and not after leaving it', async () => {
    // One mock Rust side for the three runs of the app, as the save file is one. A quit closes
    // the window: no screen is told it is left, so what the page says while it is taken down
    // here (the trainer's leaving) never reaches the Rust side.
    const backend = mockBackend({ current: 'none', settings: { animation: 'none' }, notices: [], botDelay: 0 });
    let quitting = false;
    mockIPC((cmd, args) => (quitting ? null : backend(cmd, args)));
    const launch = async (): Promise<App> => {
      quitting = true;
      opened?.stop();
      await new Promise((resolve) => setTimeout(resolve, 20));
      quitting = false;
      history.replaceState(null, '', '/');
      document.body.innerHTML = '<div id="app"></div>';
      const app = new App(document.getElementById('app')!, await api.startUp());
      opened = app;
      await app.start();
      return app;
    };
    await launch();
    click('home-puzzles');
    await until(ready('p-pinch'), 'the first puzzle');
    // Quit in the trainer (no screen left: the window closes), and start again.
    await launch();
    expect(location.hash).toBe('#/puzzles');
    await until(ready('p-pinch'), 'the trainer reopened on the puzzle by itself');
    expect(text('puzzle-rating')).toBe('Your rating: 1518');
    // Home, then a quit: the next start is home, offering the puzzle.
    click('home-open');
    await until(() => byTestId('home-puzzles') !== null, 'home');
    await launch();
    expect(location.hash).not.toBe('#/puzzles');
    await until(() => byTestId('home-puzzles')?.dataset['current'] === 'p-pinch', 'home offering the puzzle in progress');
    expect(puzzleScreen()).toBeNull();
  });

  it('says why a move the rules refuse is refused, by the board', async () => {
    await openPuzzles();
    await until(ready('p-pinch'), 'the first puzzle');
    typeMove('e2d3');
    await until(() => byTestId('refusal')?.hidden === false, 'the reason');
    expect(byTestId('refusal')?.dataset['code']).toBe('notThatWay');
    expect(puzzleScreen()?.dataset['state']).toBe('playing');
  });
});
