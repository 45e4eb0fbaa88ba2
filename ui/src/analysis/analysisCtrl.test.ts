// The analysis screen's controller without a page, against a fake Rust side that answers as the
// app's commands do: a kept analysis opens at once, a new one reports its progress and can be
// stopped, stepping and the chart show positions, the best line plays as a variation.

import { describe, expect, it, vi } from 'vitest';
import { AnalysisCtrl, type AnalysisHost } from './analysisCtrl';
import { countsOf, evalText, evalWords } from './format';
import { ANALYSIS, backend, host, settle } from './testFixtures';

describe('the analysis screen', () => {
  it('opens a kept analysis at once, at the end of the game, without searching', async () => {
    const { fake } = backend(ANALYSIS);
    const ctrl = new AnalysisCtrl(host() as unknown as AnalysisHost, 'g1', fake);
    await ctrl.start();
    expect(ctrl.phase).toEqual({ kind: 'done' });
    expect(ctrl.ply).toBe(3);
    expect(fake.analyse).not.toHaveBeenCalled();
    expect(ctrl.shownEval()?.eval).toEqual({ kind: 'centipawns', cp: 455 });
    // The player's side at the bottom: White against a bot playing Black.
    expect(ctrl.orientation()).toBe('white');
  });

  it('analyses a game without one, showing the progress, then the analysis', async () => {
    const app = host();
    const { fake, progress, release } = backend(null);
    const ctrl = new AnalysisCtrl(app as unknown as AnalysisHost, 'g1', fake);
    const started = ctrl.start();
    await vi.waitFor(() => expect(fake.analyse).toHaveBeenCalled());
    expect(ctrl.phase).toEqual({ kind: 'running', done: 0, total: 4 });
    progress(1);
    progress(2);
    expect(ctrl.phase).toEqual({ kind: 'running', done: 2, total: 4 });
    release();
    await started;
    expect(ctrl.phase).toEqual({ kind: 'done' });
    expect(ctrl.analysis).toBe(ANALYSIS);
    expect(app.announce).toHaveBeenLastCalledWith('Analysis done.');
  });

  it('stops on Cancel, says how far it came, and runs again when asked', async () => {
    const { fake, release } = backend(null);
    const ctrl = new AnalysisCtrl(host() as unknown as AnalysisHost, 'g1', fake);
    const started = ctrl.start();
    await vi.waitFor(() => expect(fake.analyse).toHaveBeenCalled());
    await ctrl.cancel();
    await started;
    expect(fake.stop).toHaveBeenCalledWith('g1');
    expect(ctrl.phase).toEqual({ kind: 'stopped', done: 2, total: 4 });
    const again = ctrl.run();
    expect(ctrl.phase.kind).toBe('running');
    release();
    await again;
    expect(ctrl.phase).toEqual({ kind: 'done' });
  });

  it('stops the analysis under way when the screen is left', async () => {
    const { fake } = backend(null);
    const ctrl = new AnalysisCtrl(host() as unknown as AnalysisHost, 'g1', fake);
    void ctrl.start();
    await vi.waitFor(() => expect(fake.analyse).toHaveBeenCalled());
    ctrl.leave();
    expect(fake.stop).toHaveBeenCalledWith('g1');
  });

  it('steps through the game by keys and clicks, saying the move, its mark and the score', async () => {
    const app = host();
    const { fake } = backend(ANALYSIS);
    const ctrl = new AnalysisCtrl(app as unknown as AnalysisHost, 'g1', fake);
    await ctrl.start();
    const key = (k: string) => ctrl.key({ key: k, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false });
    expect(key('ArrowLeft')).toBe(true);
    await settle();
    expect(ctrl.ply).toBe(2);
    expect(ctrl.boardState()?.board.ply).toBe(2);
    expect(app.announce).toHaveBeenLastCalledWith(expect.stringContaining('Blunder'));
    expect(app.announce).toHaveBeenLastCalledWith(expect.stringContaining('White is better by 4.4 pawns.'));
    expect(key('Home')).toBe(true);
    await settle();
    expect(ctrl.ply).toBe(0);
    expect(key('a')).toBe(false);
    // A chart point, as a click gives it.
    await ctrl.stepTo(1);
    expect(ctrl.ply).toBe(1);
    expect(ctrl.bestLine()?.moves).toEqual(['c2c6', 'h1g2']);
    await ctrl.stepTo(9);
    expect(ctrl.ply).toBe(1);
  });

  it('plays the best line as a variation, move by move, and comes back to the game', async () => {
    const { fake } = backend(ANALYSIS);
    const ctrl = new AnalysisCtrl(host() as unknown as AnalysisHost, 'g1', fake);
    await ctrl.start();
    await ctrl.stepTo(1);
    await ctrl.playLine(1);
    expect(fake.lineBoards).toHaveBeenCalledWith('g1', 1, ['c2c6', 'h1g2']);
    expect(ctrl.variation?.index).toBe(1);
    expect(ctrl.boardState()?.board.ply).toBe(2);
    const key = (k: string) => ctrl.key({ key: k, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false });
    key('ArrowRight');
    await settle();
    expect(ctrl.variation?.index).toBe(2);
    expect(ctrl.boardState()?.board.ply).toBe(3);
    // The boards are asked for once per line.
    expect(fake.lineBoards).toHaveBeenCalledTimes(1);
    key('ArrowLeft');
    key('ArrowLeft');
    await settle();
    expect(ctrl.variation?.index).toBe(0);
    key('ArrowLeft');
    expect(ctrl.variation).toBeNull();
    expect(ctrl.ply).toBe(1);
  });
});

describe('scores and counts', () => {
  it('writes scores as lichess does', () => {
    expect(evalText({ kind: 'centipawns', cp: 125 })).toBe('+1.3');
    expect(evalText({ kind: 'centipawns', cp: -40 })).toBe('−0.4');
    expect(evalText({ kind: 'centipawns', cp: 0 })).toBe('0.0');
    expect(evalText({ kind: 'mate', moves: 3 })).toBe('#3');
    expect(evalText({ kind: 'mate', moves: -2 })).toBe('#−2');
    expect(evalText({ kind: 'won', winner: 'black' })).toBe('0-1');
    expect(evalWords({ kind: 'mate', moves: -2 })).toBe('Black mates in 2.');
  });

  it('counts each side’s marks', () => {
    expect(countsOf([null, 'blunder', 'inaccuracy', 'blunder'], ['white', 'black', 'white', 'black'], 'black')).toEqual({ inaccuracy: 0, mistake: 0, blunder: 2 });
  });
});
