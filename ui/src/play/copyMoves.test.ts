// @vitest-environment happy-dom
// "Copy moves", in a page (happy-dom) against the real Rust side (ui/dev/backend.ts): offered
// once the game is over, in the game-over panel and in the review; the text the Rust side writes
// (tag pairs, the moves numbered, the result) lands on the clipboard, with the same moves as the
// move list shows; said aloud; when the page may not copy, the text is shown to copy by hand.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE_MOVES, savedGame, savedRecord, type RealBackend } from '../../dev/backend';
import type { GameView } from '../bindings';
import { closeApp, realBackend, startApp } from '../app/appTest';
import { byTestId, click, until } from '../common/view/domTest';

const screen = (): string | undefined => document.getElementById('app')?.dataset['screen'];

/** The move list as the player reads it, numbered: "1. Pe2-e4 Pe7-e5 2. …". */
function moveListText(): string {
  return [...document.querySelectorAll('[data-testid="move-list"] [data-ply]')]
    .map((cell, index) => (index % 2 === 0 ? `${index / 2 + 1}. ` : '') + (cell.textContent ?? ''))
    .join(' ');
}

/** A game between friends, the recorded game's first 6 moves, resigned by White (to move): 0-1. */
async function finishedFriendGame(on: RealBackend): Promise<string> {
  const run = (command: string, args: Record<string, unknown>) => on.invoke(command, args);
  const game = (await run('new_game', { request: { kind: 'friend', turnBoard: true } })) as GameView;
  for (const move of FIXTURE_MOVES.slice(0, 6)) await run('play_move', { gameId: game.id, from: move.slice(0, 2), to: move.slice(2, 4) });
  await run('resign', { gameId: game.id });
  return game.id;
}

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

beforeEach(() => {
  history.replaceState(null, '', '/');
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  closeApp();
  // The page's own again.
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copy moves', () => {
  it('copies a finished game from the game-over panel, as text with the moves the list shows', async () => {
    const on = realBackend();
    const id = await finishedFriendGame(on);
    const app = await startApp(on);
    await app.go({ screen: 'play', gameId: id });
    await until(() => screen() === 'play' && byTestId('game-over')?.hidden === false, 'the finished game');

    const button = byTestId('game-over-copy-moves')!;
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('Copy moves');
    button.click();
    await until(() => writeText.mock.calls.length === 1, 'the text on the clipboard');
    const text = writeText.mock.calls[0]![0];
    const [header = '', moves = ''] = text.split('\n\n');
    expect(header.split('\n')).toEqual([
      '[Event "Ultima"]',
      expect.stringMatching(/^\[Date "\d{4}\.\d{2}\.\d{2}"\]$/),
      '[White "Player"]',
      '[Black "Player"]',
      '[TimeControl "-"]',
      '[Result "0-1"]',
      '[Termination "resignation"]',
    ]);
    expect(moves.trim().split('\n').join(' ')).toBe(`${moveListText()} 0-1`);
    expect(moveListText()).toMatch(/^1\. Pe2-e4 /);

    await until(() => byTestId('announcer')?.textContent === 'Moves copied.', 'the copy said aloud');
    expect(byTestId('moves-copied')?.textContent).toBe('Moves copied.');
  });

  it('is offered in the review too, and not while the game goes on', async () => {
    const on = realBackend({
      saved: { current: savedRecord({ currentGame: savedGame('g-current', { kind: 'bot', level: 'novice', botSide: 'black' }, 4) }) },
    });
    await startApp(on);
    await until(() => screen() === 'play', 'the game in progress');
    expect(byTestId('copy-moves')?.hidden).toBe(true);
    expect(byTestId('game-over')?.hidden).toBe(true);

    click('resign');
    await until(() => byTestId('confirm-resign') !== null, 'the question');
    click('confirm-resign');
    await until(() => byTestId('game-over')?.hidden === false, 'the game over');
    click('review');
    await until(() => byTestId('game-over')?.hidden === true, 'the review');
    const button = byTestId('copy-moves')!;
    expect(button.hidden).toBe(false);
    expect(button.tagName).toBe('BUTTON');
    button.click();
    await until(() => writeText.mock.calls.length === 1, 'the text on the clipboard');
    const text = writeText.mock.calls[0]![0];
    expect(text).toContain('[White "Player"]\n[Black "Bot (novice)"]\n');
    expect(text).toContain('[Result "0-1"]\n');
    expect(text.trimEnd().endsWith(`${moveListText()} 0-1`)).toBe(true);
  });

  it('shows the text to copy by hand when the page may not copy', async () => {
    writeText.mockRejectedValue(new Error('not allowed'));
    // The old way (a selection and the copy command) fails too.
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const on = realBackend();
    const id = await finishedFriendGame(on);
    const app = await startApp(on);
    await app.go({ screen: 'play', gameId: id });
    await until(() => byTestId('game-over')?.hidden === false, 'the finished game');

    click('game-over-copy-moves');
    await until(() => byTestId('moves-copy-failed') !== null, 'the text to copy by hand');
    expect(execCommand).toHaveBeenCalledWith('copy');
    const area = byTestId<HTMLTextAreaElement>('moves-text')!;
    expect(area.readOnly).toBe(true);
    expect(area.getAttribute('aria-label')).toBe('The game as text');
    expect(area.value).toContain('[Result "0-1"]');
    expect(area.value.trimEnd().endsWith('0-1')).toBe(true);
    expect(byTestId('moves-copy-failed')?.textContent).toContain('Could not copy: select the moves below and copy them by hand.');
    await until(() => byTestId('announcer')?.textContent === 'Could not copy: select the moves below and copy them by hand.', 'the failure said aloud');
  });
});
