// Where on the board a refusal points: the move tried, and the squares its reason names (the
// immobilizer that freezes the piece, the piece in the way, the piece that would check the king).
// Read from the problem's data only: the reason itself comes from the Rust side.

import type { Problem } from '../../bindings';

/** The marks a refused move leaves on the board until the next action. */
export interface WhyMarks {
  /** The move tried (not for a removal, whose squares are the same). */
  tried?: [string, string] | undefined;
  /** The piece the reason is about (the frozen piece, the king left in check). */
  subject?: string | undefined;
  /** The pieces that cause it: the freezers, the piece in the way or on the square, the attackers. */
  causes: string[];
  /** Lines from a cause to what it acts on (an attacker to the king). */
  lines: [string, string][];
}

const tried = (from: string, to: string): [string, string] | undefined => (from === to ? undefined : [from, to]);

export function whyMarks(problem: Problem): WhyMarks | undefined {
  switch (problem.code) {
    case 'frozen':
    case 'noRemoval':
      return { subject: problem.square, causes: problem.by.map((by) => by.square), lines: problem.by.map((by) => [by.square, problem.square]) };
    case 'notFrozen':
    case 'removalNotInReading':
    case 'notYourPiece':
      return { subject: problem.square, causes: [], lines: [] };
    case 'noPiece':
      return { causes: [problem.square], lines: [] };
    case 'notThatWay':
      return { tried: tried(problem.from, problem.to), subject: problem.from, causes: [], lines: [] };
    case 'occupied':
      return { tried: tried(problem.from, problem.to), subject: problem.from, causes: [problem.to], lines: [] };
    case 'pathBlocked':
      return {
        tried: tried(problem.from, problem.to),
        subject: problem.from,
        causes: problem.behind === null ? [problem.at] : [problem.at, problem.behind],
        lines: [],
      };
    case 'leavesKingInCheck':
      return {
        tried: tried(problem.from, problem.to),
        subject: problem.king,
        causes: problem.checks.map((check) => check.square),
        lines: problem.checks.map((check) => [check.square, check.landing === check.square ? problem.king : check.landing]),
      };
    default:
      return undefined;
  }
}
