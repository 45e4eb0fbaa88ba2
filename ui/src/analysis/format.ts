// Scores and judgements as the analysis screen writes them, from the catalogue.

import type { Color, Eval, Judgement } from '../bindings';
import { decimal, t } from '../i18n';

/** The score for White as lichess writes it: `+1.3`, `-0.4`, `#3`, `#-2`; the end: `1-0`, `0-1`, `½-½`. */
export function evalText(score: Eval): string {
  switch (score.kind) {
    case 'centipawns': {
      const pawns = score.cp / 100;
      return `${pawns > 0 ? '+' : pawns < 0 ? '−' : ''}${decimal(Math.abs(pawns), 1)}`;
    }
    case 'mate':
      return score.moves > 0 ? `#${score.moves}` : `#−${-score.moves}`;
    case 'won':
      return score.winner === 'white' ? '1-0' : '0-1';
    case 'drawn':
      return '½-½';
  }
}

/** The score in words, for screen readers. */
export function evalWords(score: Eval): string {
  switch (score.kind) {
    case 'centipawns':
      if (score.cp === 0) return t('analysis.evalEven');
      return t('analysis.evalPawns', { context: score.cp > 0 ? 'white' : 'black', pawns: decimal(Math.abs(score.cp) / 100, 1) });
    case 'mate':
      return t('analysis.evalMate', { context: score.moves > 0 ? 'white' : 'black', moves: Math.abs(score.moves) });
    case 'won':
      return t('analysis.evalWon', { context: score.winner });
    case 'drawn':
      return t('analysis.evalDrawn');
  }
}

export const GLYPH: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

export function judgementName(judgement: Judgement): string {
  switch (judgement) {
    case 'inaccuracy':
      return t('analysis.judgement.inaccuracy');
    case 'mistake':
      return t('analysis.judgement.mistake');
    case 'blunder':
      return t('analysis.judgement.blunder');
  }
}

/** "Inaccuracies", "Mistakes", "Blunders": the counts' headings. */
export function judgementPlural(judgement: Judgement): string {
  switch (judgement) {
    case 'inaccuracy':
      return t('analysis.judgementPlural.inaccuracy');
    case 'mistake':
      return t('analysis.judgementPlural.mistake');
    case 'blunder':
      return t('analysis.judgementPlural.blunder');
  }
}

/** How many of `side`'s moves got each judgement. */
export function countsOf(judgements: readonly (Judgement | null)[], sides: readonly Color[], side: Color): Record<Judgement, number> {
  const counts: Record<Judgement, number> = { inaccuracy: 0, mistake: 0, blunder: 0 };
  judgements.forEach((judgement, index) => {
    if (judgement && sides[index] === side) counts[judgement]++;
  });
  return counts;
}
