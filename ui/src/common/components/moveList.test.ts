// @vitest-environment happy-dom
// The move list's scrolling in a DOM (happy-dom, which lays nothing out: each move is given a
// place, 36 pixels a row pair, the list 100 pixels high). The list follows the shown move when it
// changes, and only then: a redraw for anything else (a sentence for screen readers, a clock)
// leaves the list where the player scrolled it, so a move is not pulled from under the pointer as
// it is clicked. The analysis screen's list keeps to the same rule.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysisView } from '../../analysis/analysis';
import { AnalysisCtrl, type AnalysisHost } from '../../analysis/analysisCtrl';
import { ANALYSIS, backend, host, ply } from '../../analysis/testFixtures';
import type { PlyView } from '../../bindings';
import { patch, type VNode } from '../view/snabbdom';
import { moveListView } from './moveList';

const ROW = 36;
const PLIES: PlyView[] = Array.from({ length: 40 }, (_, i) => ply(i % 2 === 0 ? 'white' : 'black', 'a2', 'a3'));

/** Lays the list out as a browser would: a move's place from its number, the list's height. */
function layOut(): void {
  vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
    const ply = Number(this.getAttribute('data-ply'));
    return ply > 0 ? Math.floor((ply - 1) / 2) * ROW : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
}

const list = (): HTMLElement => document.querySelector<HTMLElement>('[data-testid="move-list"]')!;

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  layOut();
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the move list', () => {
  it('scrolls to the shown move when it changes, and stays where the player scrolled it otherwise', () => {
    let vnode: VNode | Element = document.getElementById('root')!;
    const draw = (shown: number, backToGame = false): void => {
      vnode = patch(vnode, moveListView({ plies: PLIES, shown, backToGame, step: () => undefined }));
    };
    draw(40);
    // The last move (row 20) at the list's bottom.
    expect(list().scrollTop).toBe(19 * ROW + ROW - 100);
    // The player scrolls up to the start; a redraw for something else leaves the list there.
    list().scrollTop = 0;
    draw(40);
    expect(list().scrollTop).toBe(0);
    draw(40, true);
    expect(list().scrollTop).toBe(0);
    // The shown move changes: the list follows it.
    draw(17);
    expect(list().scrollTop).toBe(8 * ROW + ROW - 100);
    draw(1);
    expect(list().scrollTop).toBe(0);
  });

  it('moves the focus with the shown move when it was in the list', () => {
    let vnode: VNode | Element = document.getElementById('root')!;
    const draw = (shown: number): void => {
      vnode = patch(vnode, moveListView({ plies: PLIES, shown, backToGame: false, step: () => undefined }));
    };
    draw(3);
    list().querySelector<HTMLElement>('[data-ply="3"]')!.focus();
    draw(4);
    expect(document.activeElement?.getAttribute('data-ply')).toBe('4');
  });
});

describe('the analysis screen’s move list', () => {
  it('stays where the player scrolled it through a redraw, and follows a step', async () => {
    let vnode: VNode | Element = document.getElementById('root')!;
    const app = host();
    let ctrl: AnalysisCtrl;
    app.redraw.mockImplementation(() => {
      vnode = patch(vnode, analysisView(ctrl));
    });
    ctrl = new AnalysisCtrl(app as unknown as AnalysisHost, 'g1', backend(ANALYSIS).fake);
    await ctrl.start();
    await ctrl.stepTo(1);
    list().scrollTop = 50;
    app.redraw();
    expect(list().scrollTop).toBe(50);
    // Into the best line and back: the list is left alone.
    await ctrl.playLine(1);
    expect(list().scrollTop).toBe(50);
    ctrl.leaveVariation();
    expect(list().scrollTop).toBe(50);
    // A step to another move: the list shows it (move 1 is at the top).
    await ctrl.stepTo(2);
    expect(list().scrollTop).toBe(0);
  });
});
