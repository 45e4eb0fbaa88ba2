// @vitest-environment happy-dom
// The evaluation bar in play, in a page (happy-dom) against a fake Rust side: off unless the
// player turned it on; then beside the board with White's winning chance in its label, asked
// for again after every move, an older answer dropped when a newer position is asked for;
// never in a game online (the screen says why); the game-over panel says it was shown.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import type { EvalBarView, GameView, Settings } from '../bindings';
import { byTestId } from '../common/view/domTest';
import { playView } from '../play/play';
import { SETTINGS, board, botGame, playSetup } from '../play/playFixtures';
import { SettingsCtrl, settingsView } from '../settings/settings';
import type { App } from '../app/app';
import { patch, type VNode } from '../common/view/snabbdom';
import { analysisView } from './analysis';
import { AnalysisCtrl, type AnalysisHost } from './analysisCtrl';
import { chancePercent } from './evalBar';
import { ANALYSIS, GAME, backend, host as analysisHost } from './testFixtures';

/** An answer of the fake Rust side, resolved or refused when the test says. */
interface Pending {
  gameId: string;
  ply: number;
  answer(winChance: number, cp: number): void;
  refuse(error: unknown): void;
}

function mount(initial: GameView, showEvalBar: boolean) {
  document.body.innerHTML = '<div id="root"></div>';
  let vnode: VNode | Element = document.getElementById('root')!;
  const { ctrl, host } = playSetup(initial, {
    settings: { showEvalBar },
    backend: { openGame: () => Promise.resolve(initial) },
    boardAt: (_id, ply) => Promise.resolve(board(ply)),
  });
  const pending: Pending[] = [];
  const source = vi.fn(
    (gameId: string, ply: number) =>
      new Promise<EvalBarView>((resolve, reject) => {
        pending.push({ gameId, ply, answer: (winChance, cp) => resolve({ ply, eval: { kind: 'centipawns', cp }, winChance }), refuse: reject });
      }),
  );
  ctrl.evalSource = source;
  host.redraw.mockImplementation(() => {
    vnode = patch(vnode, playView(ctrl));
  });
  host.redraw();
  return { ctrl, host, source, pending };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the evaluation bar in play', () => {
  it('is off by default: no bar, no search', async () => {
    const { ctrl, source } = mount(botGame(0), false);
    ctrl.start();
    await settle();
    expect(ctrl.evalBarShown()).toBe(false);
    expect(byTestId('eval-bar')).toBeNull();
    expect(source).not.toHaveBeenCalled();
  });

  it('once turned on, shows White’s winning chance beside the board, and again after each move', async () => {
    const { ctrl, host, source, pending } = mount(botGame(0), true);
    ctrl.start();
    expect(source).toHaveBeenCalledWith('g1', 0);
    host.redraw();
    // Before the first answer: an empty bar that says the engine is looking.
    expect(byTestId('eval-bar')?.getAttribute('aria-label')).toBe('The engine is looking at the position.');
    expect(byTestId('eval-bar')?.parentElement?.classList.contains('board-with-bar')).toBe(true);
    pending[0]!.answer(0.24, 80);
    await settle();
    const bar = byTestId('eval-bar')!;
    expect(bar.getAttribute('role')).toBe('img');
    expect(bar.getAttribute('aria-label')).toBe("White's winning chance 62%. White is better by 0.8 pawns.");
    expect(bar.dataset['ply']).toBe('0');
    expect(bar.querySelector<HTMLElement>('.eval-bar-white')?.style.height).toBe('62.0%');
    // The bot moved: the new position is asked for; the bar keeps the old score until it comes.
    ctrl.event({ kind: 'changed', game: botGame(1) });
    await settle();
    expect(source).toHaveBeenLastCalledWith('g1', 1);
    expect(byTestId('eval-bar')?.dataset['ply']).toBe('0');
    pending[1]!.answer(-0.5, -120);
    await settle();
    expect(byTestId('eval-bar')?.dataset['ply']).toBe('1');
    expect(byTestId('eval-bar')?.getAttribute('aria-label')).toBe("White's winning chance 25%. Black is better by 1.2 pawns.");
  });

  it('drops an answer that came after a newer position was asked for, and is silent about a stopped search', async () => {
    const { ctrl, host, pending } = mount(botGame(0), true);
    ctrl.start();
    ctrl.event({ kind: 'changed', game: botGame(2) });
    await settle();
    expect(pending.map((p) => p.ply)).toEqual([0, 2]);
    // The newer answer first, then the stale one: the bar stays on the newer.
    pending[1]!.answer(0.1, 20);
    await settle();
    pending[0]!.answer(0.9, 900);
    await settle();
    expect(ctrl.shownEval?.ply).toBe(2);
    expect(byTestId('eval-bar')?.dataset['ply']).toBe('2');
    // The Rust side stopped the search of a position no longer wanted: nothing is said.
    ctrl.refreshEval();
    pending[2]!.refuse(new ApiError({ kind: 'cancelled', problem: { code: 'botStopped' } }));
    await settle();
    expect(host.showError).not.toHaveBeenCalled();
  });

  it('follows the position shown while stepping through the game', async () => {
    const { ctrl, source, pending } = mount(botGame(4), true);
    ctrl.start();
    pending[0]!.answer(0, 0);
    await ctrl.stepTo(1);
    expect(source).toHaveBeenLastCalledWith('g1', 1);
  });

  it('is never shown in a game online, and the screen says why', async () => {
    const online = botGame(0, { opponent: { kind: 'online', playerSide: 'white' } });
    const { ctrl, host, source } = mount(online, true);
    ctrl.start();
    host.redraw();
    expect(ctrl.evalBarShown()).toBe(false);
    expect(source).not.toHaveBeenCalled();
    expect(byTestId('eval-bar')).toBeNull();
    expect(byTestId('eval-bar-online')?.textContent).toBe('The evaluation bar is off in games online: a game against a person is played without the engine.');
  });

  it('is noted at the end of a game in which it was shown', () => {
    const over = botGame(2, { result: { kind: 'win', winner: 'white', reason: 'resignation' }, evalBar: true });
    mount(over, false);
    expect(byTestId('game-over-eval-bar')?.textContent).toBe('The evaluation bar was shown during this game.');
    mount(botGame(2, { result: { kind: 'win', winner: 'white', reason: 'resignation' } }), false);
    expect(byTestId('game-over-eval-bar')).toBeNull();
  });

  it('writes the chance as a whole percentage', () => {
    expect([chancePercent(-1), chancePercent(0), chancePercent(0.24), chancePercent(2)]).toEqual([0, 50, 62, 100]);
  });
});

describe('the evaluation bar setting', () => {
  it('is a checkbox, off by default, described by what it does and that it is never online, saved when changed', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const saveSettings = vi.fn((settings: Settings) => Promise.resolve(settings));
    const app = { settings: SETTINGS, saveSettings, courseStatus: { solved: 0, tasks: 10, current: null }, course: null, online: null, back: vi.fn() };
    patch(document.getElementById('root')!, settingsView(new SettingsCtrl(app as unknown as App)));
    const toggle = byTestId<HTMLInputElement>('eval-bar-toggle')!;
    expect(toggle.type).toBe('checkbox');
    expect(toggle.checked).toBe(false);
    expect(toggle.closest('label')?.textContent).toBe('Evaluation bar in my games');
    const hint = document.getElementById(toggle.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toContain('Never in a game online');
    toggle.checked = true;
    toggle.dispatchEvent(new Event('change'));
    expect(saveSettings).toHaveBeenCalledWith({ ...SETTINGS, showEvalBar: true });
  });
});

describe('a finished game in which the bar was shown', () => {
  it('says so in the analysis header, and not otherwise', async () => {
    for (const evalBar of [true, false]) {
      document.body.innerHTML = '<div id="root"></div>';
      let vnode: VNode | Element = document.getElementById('root')!;
      const app = analysisHost();
      const { fake } = backend(ANALYSIS);
      fake.game.mockImplementation(() => Promise.resolve({ ...GAME, evalBar }));
      const ctrl = new AnalysisCtrl(app as unknown as AnalysisHost, 'g1', fake);
      app.redraw.mockImplementation(() => {
        vnode = patch(vnode, analysisView(ctrl));
      });
      await ctrl.start();
      app.redraw();
      expect(byTestId('analysis-eval-bar-used')?.textContent ?? null).toBe(evalBar ? 'The evaluation bar was shown during this game.' : null);
    }
  });
});
