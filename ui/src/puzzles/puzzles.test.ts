// @vitest-environment happy-dom
// The puzzle trainer in a DOM (happy-dom), against the real Rust side (ui/dev/backend.ts) and the
// shipped puzzles: home's entry and rating, a solve, a wrong move with its answer and a retry,
// the hint, the solution, the next puzzle, the rating change shown, the history replayed. The
// tests play the puzzles' lines from the collection's file; whether a move is right, wrong or
// refused is the engine's judgement.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUZZLES, puzzleOfLength, savedRecord, shippedPuzzle, type RealBackend, type ShippedPuzzle } from '../../dev/backend';
import type { App } from '../app/app';
import type { PuzzleView } from '../bindings';
import { closeApp, realBackend, startApp, stopApp } from '../app/appTest';
import { all, byTestId, click, typeMove, until } from '../common/view/domTest';
import { themeOptions } from './puzzles';
import { THEMES } from './themes';

const text = (id: string): string => byTestId(id)?.textContent ?? '';

const puzzleScreen = (): HTMLElement | null => byTestId('puzzle-screen');
const shown = (): string | undefined => puzzleScreen()?.dataset['puzzle'];
const ready = (id: string) => () => shown() === id && puzzleScreen()?.dataset['phase'] === 'none';
const readyAny = () => shown() !== undefined && puzzleScreen()?.dataset['phase'] === 'none';
const stateIs = (state: string) => () => puzzleScreen()?.dataset['state'] === state;
const delta = (): number => Number(byTestId('puzzle-change')?.dataset['delta']);

/** One move to find. */
const SHORT = puzzleOfLength(2);
/** Two moves to find, with the opponent's reply between them. */
const LONG = puzzleOfLength(4);

/** A new player's backend, with `puzzle` opened (not yet shown: home offers it). */
async function backendWith(puzzle?: ShippedPuzzle): Promise<RealBackend> {
  const on = realBackend({ saved: { current: savedRecord() } });
  if (puzzle) {
    await on.invoke('puzzle_replay', { puzzleId: puzzle.id });
    await on.invoke('puzzle_leave');
  }
  return on;
}

async function openPuzzles(puzzle?: ShippedPuzzle): Promise<RealBackend> {
  const on = await backendWith(puzzle);
  await startApp(on);
  await until(() => text('home-puzzle-rating').includes('1500'), 'the rating on home');
  click('home-puzzles');
  await until(() => puzzleScreen() !== null, 'the trainer');
  return on;
}

/** The solver's moves of the line from `from` (1: the first after the mistake), each once the
 * board waits for it. */
async function playLine(puzzle: ShippedPuzzle, from = 1): Promise<void> {
  for (let index = from; index < puzzle.line.length; index += 2) {
    await until(ready(puzzle.id), 'the solver’s move');
    typeMove(puzzle.line[index]!);
  }
}

/** A legal move of the solver that is not the line's (the engine says what it is). */
async function otherMove(on: RealBackend, puzzle: ShippedPuzzle): Promise<string> {
  const view = (await on.invoke('puzzle_open')) as PuzzleView;
  const move = view.legalMoves.map((m) => m.from + m.to).find((m) => m !== puzzle.line[1]);
  if (!move) throw new Error(`no other move in ${puzzle.id}`);
  return move;
}

beforeEach(() => {
  history.replaceState(null, '', '/');
});

afterEach(closeApp);

describe('the puzzle trainer', () => {
  it('opens from home with the rating, plays the mistake, and a solve shows the rating change', async () => {
    await openPuzzles(SHORT);
    expect(location.hash).toBe('#/puzzles');
    await until(ready(SHORT.id), 'the mistake played');
    expect(text('puzzle-prompt')).toMatch(/^The opponent played [KPWLXCI][a-h][1-8]-[a-h][1-8]\S*\. Find the best move for (White|Black)\.$/);
    // A new player's rating is provisional: marked with a question mark.
    expect(text('puzzle-rating')).toBe('Your rating: 1500?');
    expect(text('puzzle-history')).toBe('No puzzles yet.');
    await playLine(SHORT);
    await until(stateIs('solved'), 'the solve');
    expect(byTestId('puzzle-outcome')?.dataset['kind']).toBe('solved');
    expect(delta()).toBeGreaterThan(0);
    const after = 1500 + delta();
    expect(text('puzzle-change')).toBe(`Your rating: ${after} +${delta()}`);
    expect(text('puzzle-streak')).toBe('Streak: 1 puzzle');
    expect(text('puzzle-best-streak')).toBe('(best 1)');
    expect(text('puzzle-info')).toMatch(new RegExp(`^Puzzle rated ${SHORT.rating} · \\S`));
    expect(all('puzzle-history-row')).toHaveLength(1);
    expect(all('puzzle-next')).toHaveLength(1);
    // Home shows the new rating.
    click('home-open');
    await until(() => text('home-puzzle-rating') === `Your puzzle rating: ${after} after 1 puzzle.`, 'the new rating on home');
  });

  it('says a wrong move is wrong, shows the answer, and retries; the first try counted', async () => {
    const on = await openPuzzles(LONG);
    await until(ready(LONG.id), 'the puzzle');
    click('puzzle-difficulty-harder');
    expect(byTestId('puzzle-difficulty-harder')?.getAttribute('aria-pressed')).toBe('true');
    expect(text('puzzle-moves')).toBe('Your moves: 0 of 2');
    typeMove(await otherMove(on, LONG));
    await until(stateIs('wrong'), 'the wrong move');
    expect(text('puzzle-wrong')).toMatch(/^The opponent has a good reply/);
    const lost = delta();
    expect(lost).toBeLessThan(0);
    click('puzzle-refutation-toggle');
    await until(() => /^Their reply: [KPWLXCI][a-h][1-8]\S+\.$/.test(text('puzzle-refutation')), 'their reply');
    click('puzzle-retry');
    await until(stateIs('playing'), 'the retry');
    expect(byTestId('puzzle-outcome')).toBeNull();
    await until(ready(LONG.id), 'the board again');
    typeMove(LONG.line[1]!);
    await until(() => text('puzzle-prompt').startsWith('Best move! Keep going.'), 'the answer to a good move');
    expect(text('puzzle-moves')).toBe('Your moves: 1 of 2');
    await playLine(LONG, 3);
    await until(stateIs('solved'), 'the solve on a later try');
    expect(text('puzzle-solved-later')).toMatch(/only a first try without help counts as solved/);
    expect(delta()).toBe(lost);
    expect(all('puzzle-history-row')[0]?.dataset['solved']).toBe('false');
  });

  it('marks the piece to move, shows the solution, goes to the next puzzle, and replays one from the history', async () => {
    await openPuzzles(SHORT);
    await until(ready(SHORT.id), 'the first puzzle');
    click('puzzle-hint');
    await until(() => text('puzzle-hint-text').startsWith(`Move the piece on ${SHORT.line[1]!.slice(0, 2)}.`), 'the hint');
    expect(byTestId<HTMLButtonElement>('puzzle-hint')?.disabled).toBe(true);
    click('puzzle-solution-show');
    await until(stateIs('failed'), 'the solution');
    // The mistake and the solver's move, written from their plies.
    const solution = [...byTestId('puzzle-solution')!.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(solution).toHaveLength(SHORT.line.length);
    expect(solution[1]).toMatch(new RegExp(`^[KPWLXCI]${SHORT.line[1]!.slice(0, 2)}-${SHORT.line[1]!.slice(2, 4)}`));
    expect(delta()).toBeLessThan(0);
    const theme = byTestId<HTMLSelectElement>('puzzle-theme')!;
    // The themes the shipped puzzles carry, each with its count; none that no puzzle carries.
    const carried = new Set(PUZZLES.flatMap((puzzle) => puzzle.themes));
    const offered = [...theme.options].filter((option) => option.value !== '');
    expect(offered.map((option) => option.value).sort()).toEqual([...carried].sort());
    const withdrawals = PUZZLES.filter((puzzle) => puzzle.themes.includes('withdrawal')).length;
    expect(offered.find((option) => option.value === 'withdrawal')?.textContent).toBe(`Withdrawal (${withdrawals})`);
    theme.value = 'withdrawal';
    theme.dispatchEvent(new Event('change', { bubbles: true }));
    click('puzzle-next');
    await until(() => readyAny() && shown() !== SHORT.id, 'a withdrawal puzzle');
    expect(shippedPuzzle(shown()!).themes).toContain('withdrawal');
    all('puzzle-history-row')[0]?.click();
    await until(ready(SHORT.id), 'the replay');
    expect(text('puzzle-unrated')).toBe('A replay: not rated.');
    await playLine(SHORT);
    await until(stateIs('solved'), 'the replay solved');
    expect(text('puzzle-not-rated')).toBe('A replay: the rating does not change.');
    // The same puzzle again from its start, from the outcome.
    click('puzzle-again');
    await until(() => ready(SHORT.id)() && stateIs('playing')(), 'the puzzle again');
    expect(text('puzzle-unrated')).toBe('A replay: not rated.');
  });

  it('reopens by itself on the puzzle in progress after a quit in the trainer, and not after leaving it', async () => {
    // One Rust side for the three runs of the app; each run starts on what the one before saved.
    // A quit closes the window: no screen is told it is left, so what the page says while it is
    // taken down here (the trainer's leaving) never reaches the Rust side.
    const on = await backendWith();
    let quitting = false;
    const answer = (cmd: string, args?: unknown) => (quitting ? null : on.invoke(cmd, args));
    const restart = async (): Promise<App> => {
      quitting = true;
      stopApp();
      await new Promise((resolve) => setTimeout(resolve, 20));
      quitting = false;
      on.reopen();
      history.replaceState(null, '', '/');
      return startApp(on, answer);
    };
    await restart();
    click('home-puzzles');
    await until(readyAny, 'the first puzzle');
    const id = shown()!;
    // Quit in the trainer (no screen left: the window closes), and start again.
    await restart();
    expect(location.hash).toBe('#/puzzles');
    await until(ready(id), 'the trainer reopened on the puzzle by itself');
    // A new player's rating is provisional: marked with a question mark.
    expect(text('puzzle-rating')).toBe('Your rating: 1500?');
    // Home, then a quit: the next start is home, offering the puzzle.
    click('home-open');
    await until(() => byTestId('home-puzzles') !== null, 'home');
    await restart();
    expect(location.hash).not.toBe('#/puzzles');
    await until(() => byTestId('home-puzzles')?.dataset['current'] === id, 'home offering the puzzle in progress');
    expect(puzzleScreen()).toBeNull();
  });

  it('says why a move the rules refuse is refused, by the board', async () => {
    const on = await openPuzzles(SHORT);
    await until(ready(SHORT.id), 'the first puzzle');
    // The piece to move, to a square the engine does not list for it.
    const view = (await on.invoke('puzzle_open')) as PuzzleView;
    const from = SHORT.line[1]!.slice(0, 2);
    const reachable = new Set(view.legalMoves.filter((m) => m.from === from).map((m) => m.to));
    const squares = 'abcdefgh'.split('').flatMap((file) => '12345678'.split('').map((rank) => file + rank));
    const to = squares.find((square) => square !== from && !reachable.has(square))!;
    typeMove(from + to);
    await until(() => byTestId('refusal')?.hidden === false, 'the reason');
    expect(byTestId('refusal')?.dataset['code']).toMatch(/^[a-zA-Z]+$/);
    expect(text('refusal-text')).not.toBe('');
    expect(puzzleScreen()?.dataset['state']).toBe('playing');
  });

  it('shows the dashboard by theme, and plays a streak to its end by the buttons', async () => {
    await openPuzzles(SHORT);
    await until(ready(SHORT.id), 'the first puzzle');
    expect(text('puzzle-dashboard-empty')).toBe('No rated puzzles in these days yet.');
    // The puzzles say which rules they follow, whatever a new game's reading.
    expect(text('puzzle-rules')).toBe("These puzzles follow Abbott's 1963 rules.");
    await playLine(SHORT);
    await until(() => byTestId('puzzle-dashboard-summary') !== null, 'the dashboard');
    expect(text('puzzle-dashboard-summary')).toMatch(/^1 rated puzzle, 100% solved, performance \d+\.$/);
    const rows = [...document.querySelectorAll('[data-testid="puzzle-dashboard-themes"] tbody tr')].map((row) => row.getAttribute('data-theme'));
    expect(rows.sort()).toEqual([...SHORT.themes].sort());
    click('puzzle-dashboard-days-30');
    await until(() => byTestId('puzzle-dashboard-days-30')?.getAttribute('aria-pressed') === 'true', '30 days');
    // The streak: its line on the card, then the solution ends it.
    click('puzzle-mode-streak');
    await until(() => byTestId('puzzle-streak-mode')?.dataset['solved'] === '0' && readyAny(), 'a streak puzzle');
    expect(text('puzzle-streak-mode')).toBe('Streak · 0 solved (best 0)');
    expect(text('puzzle-streak-intro')).toContain('the first miss ends the streak');
    click('puzzle-solution-show');
    await until(() => byTestId('puzzle-streak-result')?.dataset['over'] === 'true', 'the streak over');
    expect(text('puzzle-streak-result')).toBe('Streak over: 0 puzzles solved. Your best: 0.');
    expect(text('puzzle-next')).toBe('New streak');
    expect(byTestId('puzzle-change')).toBeNull();
  });
});

describe('the theme choice', () => {
  it('offers the themes the collection has, in its own order, with their counts', () => {
    // Before the Rust side has said: every theme, without counts.
    expect(themeOptions(undefined, null).map((option) => option.count)).toEqual(THEMES.map(() => null));
    const counts = [
      { theme: 'mate-in-1', puzzles: 500 },
      { theme: 'pinch', puzzles: 300 },
      { theme: 'a-newer-theme', puzzles: 4 },
    ];
    expect(themeOptions(counts, null)).toEqual([
      { name: 'pinch', count: 300 },
      { name: 'mate-in-1', count: 500 },
      { name: 'a-newer-theme', count: 4 },
    ]);
    // The one chosen stays offered, even with no puzzle left in the collection.
    expect(themeOptions(counts, 'chameleon-king').at(-1)).toEqual({ name: 'chameleon-king', count: 0 });
  });
});
