// The analysis screen, as lichess' analysis board: the board with the evaluation bar beside it,
// the win chance move by move as a chart (a click shows that position), the move list with each
// inaccuracy, mistake and blunder marked, the engine's best line from the shown position (played
// on the board as a variation, move by move), each side's counts, and while the analysis runs a
// progress bar with Cancel. ← → Home End step through the game, or through the variation.

import type { App, Screen } from '../app/app';
import type { AnalysisView, Color, Judgement, PlyView } from '../bindings';
import { boardView } from '../common/components/boardPanel';
import { followShown } from '../common/components/moveList';
import { t } from '../i18n';
import { notationParts, numberedMoves, type NumberedMove } from '../common/notation';
import { rulesNote } from '../common/view/rulesNote';
import { button, h, testid, type VNode } from '../common/view/snabbdom';
import { plyInWords, resultSentence, sideName } from '../common/wording';
import './analysis.css';
import { AnalysisCtrl } from './analysisCtrl';
import { winChart } from './chart';
import { evalBar } from './evalBar';
import { countsOf, evalText, GLYPH, judgementName, judgementPlural } from './format';

export { AnalysisCtrl } from './analysisCtrl';

export function analysisScreen(app: App, gameId: string): Screen {
  const ctrl = new AnalysisCtrl(app, gameId);
  const onKey = (event: KeyboardEvent): void => {
    const target = event.target as HTMLElement | null;
    if (target?.closest?.('input, select, textarea, dialog, .board-wrap')) return;
    if (ctrl.key(event)) event.preventDefault();
  };
  return {
    view: () => analysisView(ctrl),
    mounted: () => {
      document.addEventListener('keydown', onKey);
      void ctrl.start();
    },
    leave: () => {
      document.removeEventListener('keydown', onKey);
      ctrl.leave();
    },
  };
}

export function analysisView(ctrl: AnalysisCtrl): VNode {
  const game = ctrl.game;
  const state = ctrl.boardState();
  if (!game || !state) {
    return h('section.screen.analysis', [h('h1', t('analysis.title')), h('p.hint', { attrs: testid('analysis-loading') }, t('analysis.loading'))]);
  }
  return h('section.screen.play.analysis', { attrs: { ...testid('analysis-screen'), 'data-phase': ctrl.phase.kind } }, [
    h('div.card.status-card.play-status', [
      h('h1.analysis-title', t('analysis.title')),
      h('p.opponent', game.result ? resultSentence(game.result, game.opponent) : ''),
      rulesNote(game.reading, 'analysis-rules', () => ctrl.openRules()),
      game.evalBar ? h('p.hint', { attrs: testid('analysis-eval-bar-used') }, t('analysis.evalBarUsed')) : null,
      phaseView(ctrl),
    ]),
    h('div.analysis-board', [evalBar(ctrl.shownEval(), state.orientation), boardView(ctrl.panel, state)]),
    h('aside.play-panel', { attrs: { 'aria-label': t('analysis.panel') } }, [
      ctrl.analysis ? chartCard(ctrl, ctrl.analysis) : null,
      ctrl.analysis ? lineCard(ctrl) : null,
      movesCard(ctrl),
      ctrl.analysis ? countsCard(ctrl, ctrl.analysis) : null,
      h('div.play-actions', [button('flip', t('play.flip'), () => ctrl.flip())]),
    ]),
  ]);
}

/** The progress bar and Cancel while it runs; what happened otherwise. */
function phaseView(ctrl: AnalysisCtrl): VNode {
  const phase = ctrl.phase;
  switch (phase.kind) {
    case 'loading':
      return h('p.hint', t('analysis.loading'));
    case 'running':
      return h('div.analysis-progress', { attrs: testid('analysis-progress') }, [
        h('label', { attrs: { for: 'analysis-progress-bar' } }, t('analysis.running', { done: phase.done, total: phase.total })),
        h('div.analysis-progress-row', [
          h('progress#analysis-progress-bar', { attrs: { max: phase.total, value: phase.done, ...testid('analysis-progress-bar') } }),
          button('analysis-cancel', t('analysis.cancel'), () => void ctrl.cancel()),
        ]),
      ]);
    case 'stopped':
      return h('div.analysis-progress', { attrs: testid('analysis-stopped') }, [
        h('p', t('analysis.stopped', { done: phase.done, total: phase.total })),
        button('analysis-run', t('analysis.again'), () => void ctrl.run(), '.primary'),
      ]);
    case 'failed':
      return h('div.analysis-progress', [h('p', t('analysis.failed')), button('analysis-run', t('analysis.again'), () => void ctrl.run(), '.primary')]);
    case 'done':
      return h('p.hint', { attrs: testid('analysis-done') }, t('analysis.done', { nodes: ctrl.analysis?.nodes.toLocaleString('en') ?? '' }));
  }
}

function chartCard(ctrl: AnalysisCtrl, analysis: AnalysisView): VNode {
  return h('div.card.analysis-chart-card', [
    winChart({
      winChances: analysis.positions.map((p) => p.winChance ?? 0),
      judgements: analysis.moves.map((m) => m.judgement),
      shown: ctrl.ply,
      step: (ply) => void ctrl.stepTo(ply),
    }),
  ]);
}

/** The engine's best line from the shown position, each move a button that plays the line to it. */
function lineCard(ctrl: AnalysisCtrl): VNode {
  const line = ctrl.bestLine();
  const variation = ctrl.variation;
  const shown = ctrl.shownEval();
  const heading = h('h2.analysis-line-heading', [
    h('span', t('analysis.bestLine')),
    shown ? h('span.analysis-eval', { attrs: testid('analysis-eval') }, evalText(shown.eval)) : null,
  ]);
  if (!line) return h('div.card.analysis-line', { attrs: testid('analysis-line') }, [heading, h('p.hint', t('analysis.noLine'))]);
  return h('div.card.analysis-line', { attrs: testid('analysis-line') }, [
    heading,
    h(
      'ol.analysis-line-moves',
      { attrs: { 'aria-label': t('analysis.bestLine') } },
      line.plies.map((ply, index) =>
        h('li', [
          h(
            'button.ply',
            {
              attrs: { type: 'button', ...testid('line-move'), 'data-index': String(index + 1), 'aria-label': plyInWords(ply), 'aria-current': variation?.index === index + 1 ? 'step' : false },
              on: { click: () => void ctrl.playLine(index + 1) },
            },
            plyText(ply),
          ),
        ]),
      ),
    ),
    h('div.play-actions', [
      variation
        ? button('leave-variation', t('analysis.backToGame'), () => ctrl.leaveVariation())
        : button('play-line', t('analysis.playLine'), () => void ctrl.playLine(1), '.primary'),
    ]),
  ]);
}

function plyText(ply: PlyView): (VNode | string)[] {
  const parts = notationParts(ply);
  return [parts.move, ...parts.captures.map((capture) => h('span.taken', capture)), ...(parts.mark ? [parts.mark] : [])];
}

/** The moves, numbered, each with its mark; the stepping buttons. */
function movesCard(ctrl: AnalysisCtrl): VNode {
  const game = ctrl.game!;
  const total = game.plies.length;
  const shown = ctrl.variation ? -1 : ctrl.ply;
  const judgements = ctrl.analysis?.moves.map((m) => m.judgement) ?? [];
  const stepButton = (symbol: string, label: string, id: string, ply: number, disabled: boolean): VNode =>
    h('button.step', { attrs: { type: 'button', ...testid(id), 'aria-label': label, title: label }, props: { disabled }, on: { click: () => void ctrl.stepTo(ply) } }, symbol);
  const at = ctrl.ply;
  return h('div.card.moves-card', [
    h('div.stepper', { attrs: { role: 'group', 'aria-label': t('moveList.stepper') } }, [
      stepButton('«', t('moveList.first'), 'step-first', 0, at === 0 && !ctrl.variation),
      stepButton('‹', t('moveList.back'), 'step-back', at - 1, at === 0),
      h('span.step-label', { attrs: testid('step-label') }, at === 0 ? t('moveList.start') : t('moveList.position', { ply: at, total })),
      stepButton('›', t('moveList.forward'), 'step-forward', at + 1, at === total),
      stepButton('»', t('moveList.last'), 'step-last', total, at === total && !ctrl.variation),
    ]),
    h(
      'ol.move-list',
      // The list follows the game's position (a variation from it does not move the list).
      { attrs: { ...testid('move-list'), 'aria-label': t('moveList.label') }, hook: followShown(ctrl.ply) },
      total === 0
        ? [h('li.move-list-empty', t('moveList.empty'))]
        : numberedMoves(game.plies).map((move) =>
            h('li.move-row', [h('span.move-number', `${move.number}.`), plyCell(ctrl, move.white, shown, judgements), plyCell(ctrl, move.black, shown, judgements)]),
          ),
    ),
  ]);
}

function plyCell(ctrl: AnalysisCtrl, entry: NumberedMove['white'], shown: number, judgements: readonly (Judgement | null)[]): VNode {
  if (!entry) return h('span.ply.ply-empty');
  const after = entry.index + 1;
  const judgement = judgements[entry.index] ?? null;
  const current = after === shown;
  const label = judgement ? `${plyInWords(entry.ply)} ${judgementName(judgement)}` : plyInWords(entry.ply);
  return h(
    'button.ply',
    {
      class: { [`judged-${judgement ?? 'none'}`]: judgement !== null },
      attrs: { type: 'button', 'aria-current': current ? 'step' : false, 'data-ply': String(after), 'data-judgement': judgement ?? '', 'aria-label': label, tabindex: current ? 0 : -1 },
      on: { click: () => void ctrl.stepTo(after) },
    },
    [...plyText(entry.ply), ...(judgement ? [h(`span.glyph.mark-${judgement}`, { attrs: { 'aria-hidden': 'true' } }, GLYPH[judgement])] : [])],
  );
}

/** Each side's inaccuracies, mistakes and blunders. */
function countsCard(ctrl: AnalysisCtrl, analysis: AnalysisView): VNode {
  const game = ctrl.game!;
  const judgements = analysis.moves.map((m) => m.judgement);
  const sides = game.plies.map((p) => p.side);
  const row = (side: Color): VNode => {
    const counts = countsOf(judgements, sides, side);
    return h('tr', { attrs: testid(`counts-${side}`) }, [
      h('th', { attrs: { scope: 'row' } }, sideName(side)),
      ...(['inaccuracy', 'mistake', 'blunder'] as const).map((j) => h(`td.mark-${j}`, { attrs: { 'data-judgement': j } }, String(counts[j]))),
    ]);
  };
  return h('div.card.analysis-counts', [
    h('table', [
      h('thead', [h('tr', [h('th', ''), ...(['inaccuracy', 'mistake', 'blunder'] as const).map((j) => h('th', { attrs: { scope: 'col' } }, judgementPlural(j)))])]),
      h('tbody', [row('white'), row('black')]),
    ]),
  ]);
}

