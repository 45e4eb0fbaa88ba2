// @vitest-environment happy-dom
// The analysis screen in a DOM (happy-dom), against the fake Rust side of testFixtures.ts: the
// progress bar with Cancel while it runs, then the chart with a point a position and a dot on the
// blunder, the marked move list, the counts, the evaluation bar; a click on the chart and on a
// move of the best line move the board; the rules named when they are not 1963.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { all, byTestId, until } from '../common/view/domTest';
import { patch, type VNode } from '../common/view/snabbdom';
import { analysisView } from './analysis';
import { AnalysisCtrl, type AnalysisHost } from './analysisCtrl';
import { ANALYSIS, GAME, backend, host } from './testFixtures';

function mount(kept: typeof ANALYSIS | null) {
  document.body.innerHTML = '<div id="root"></div>';
  let vnode: VNode | Element = document.getElementById('root')!;
  const app = host();
  const fake = backend(kept);
  let ctrl: AnalysisCtrl;
  app.redraw.mockImplementation(() => {
    vnode = patch(vnode, analysisView(ctrl));
  });
  ctrl = new AnalysisCtrl(app as unknown as AnalysisHost, 'g1', fake.fake);
  app.redraw();
  return { ctrl, app, ...fake };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the analysis screen in a page', () => {
  it('shows a progress bar with Cancel while it runs, then the chart, the marks and the counts', async () => {
    const { ctrl, progress, release, fake } = mount(null);
    const started = ctrl.start();
    await until(() => byTestId('analysis-progress-bar') !== null, 'the progress bar');
    progress(2);
    await until(() => byTestId('analysis-progress-bar')?.getAttribute('value') === '2', 'two positions done');
    expect(byTestId('analysis-progress-bar')?.getAttribute('max')).toBe('4');
    expect(byTestId('analysis-cancel')?.textContent).toBe('Cancel');
    release();
    await started;
    expect(byTestId('analysis-screen')?.dataset['phase']).toBe('done');
    expect(all('chart-point')).toHaveLength(4);
    expect(document.querySelectorAll('.chart-mark.mark-blunder')).toHaveLength(1);
    const black = document.querySelector('[data-testid="move-list"] [data-ply="2"]')!;
    expect(black.getAttribute('data-judgement')).toBe('blunder');
    expect(black.textContent).toContain('??');
    expect(black.getAttribute('aria-label')).toContain('Blunder');
    expect(byTestId('counts-black')?.querySelector('[data-judgement="blunder"]')?.textContent).toBe('1');
    expect(byTestId('counts-white')?.querySelector('[data-judgement="blunder"]')?.textContent).toBe('0');
    // The last position: White is better by 4.5 pawns, most of the bar White's.
    expect(byTestId('eval-bar')?.getAttribute('aria-label')).toBe('White is better by 4.5 pawns.');
    expect(Number(byTestId('eval-bar')?.dataset['winChance'])).toBeGreaterThan(0.5);
    expect(fake.analyse).toHaveBeenCalledTimes(1);
  });

  it('shows the position a chart point stands for, and plays the best line from there', async () => {
    const { ctrl, fake } = mount(ANALYSIS);
    await ctrl.start();
    const points = all('chart-point');
    points[1]!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await until(() => byTestId('chart-shown')?.getAttribute('data-ply') === '1', 'position 1 shown');
    expect(byTestId('step-label')?.textContent).toContain('1');
    expect(document.querySelector('[data-testid="move-list"] [data-ply="1"]')?.getAttribute('aria-current')).toBe('step');
    const moves = all('line-move');
    expect(moves).toHaveLength(2);
    moves[1]!.click();
    await until(() => byTestId('leave-variation') !== null, 'the variation');
    expect(fake.lineBoards).toHaveBeenCalledWith('g1', 1, ['c2c6', 'h1g2']);
    expect(all('line-move')[1]?.getAttribute('aria-current')).toBe('step');
    byTestId('leave-variation')!.click();
    await until(() => byTestId('play-line') !== null, 'back to the game');
    expect(ctrl.variation).toBeNull();
  });

  it('names the rules under the result when they are not 1963, and nothing for 1963', async () => {
    const zillions = mount(ANALYSIS);
    zillions.fake.game.mockResolvedValue({ ...GAME, reading: 'zillions' });
    await zillions.ctrl.start();
    expect(byTestId('analysis-rules')?.textContent).toBe('Zillions rules');
    // A link to their page.
    byTestId('analysis-rules')!.click();
    expect(zillions.app.go).toHaveBeenCalledWith({ screen: 'rules', reading: 'zillions' });
    zillions.ctrl.leave();

    const abbott = mount(ANALYSIS);
    abbott.fake.game.mockResolvedValue({ ...GAME, reading: '1963' });
    await abbott.ctrl.start();
    expect(byTestId('analysis-screen')).not.toBeNull();
    expect(byTestId('analysis-rules')).toBeNull();
  });

  it('says so when the analysis is stopped, and offers to run it again', async () => {
    const { ctrl } = mount(null);
    const started = ctrl.start();
    await until(() => byTestId('analysis-cancel') !== null, 'Cancel');
    byTestId('analysis-cancel')!.click();
    await started;
    await vi.waitFor(() => expect(byTestId('analysis-stopped')?.textContent).toContain('Analysis stopped after 2 of 4 positions.'));
    expect(byTestId('analysis-run')).not.toBeNull();
  });
});
