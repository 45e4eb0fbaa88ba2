// The one place where a refusal or a failure from the Rust side becomes words. Rust sends codes
// with parameters (`{code: "noPiece", square: "e2"}`), never sentences; the catalogue words them.

import type { PieceKind, Side } from './bindings';
import { listOf, t } from './i18n';
import { kindName } from './wording';

/**
 * Why the Rust side refused a request. Written here from the team's contract until the
 * regenerated bindings export it; then this union is that type, imported, not kept by hand.
 */
export type Problem =
  | { code: 'noPiece'; square: string }
  | { code: 'notYourPiece'; role: PieceKind; square: string; owner: Side }
  | { code: 'frozen'; role: PieceKind; square: string }
  | { code: 'kingRemoval' }
  | { code: 'notFrozen'; role: PieceKind; square: string }
  | { code: 'unreachable'; role: PieceKind; from: string; to: string }
  | { code: 'leavesKingInCheck'; from: string; to: string }
  | { code: 'malformed'; text: string }
  | { code: 'gameOver' }
  | { code: 'notYourTurn' }
  | { code: 'noGame' }
  | { code: 'nothingToTakeBack' }
  | { code: 'noDrawOffer' }
  | { code: 'badSquare'; text: string }
  | { code: 'cancelled' }
  | { code: 'storage'; what: string };

/** What the player is told at start-up (a repaired save file, games that did not read). */
export type Notice =
  | { code: 'restoredFromBackup' }
  | { code: 'restoredMissingFromBackup' }
  | { code: 'startedFresh' }
  | { code: 'settingsPartlyReset'; fields: string[] }
  | { code: 'gameCutShort'; keptMoves: number; totalMoves: number }
  | { code: 'currentGameUnreadable' }
  | { code: 'finishedGamesUnreadable'; count: number }
  | { code: 'saveFromNewerVersion'; version: number }
  | { code: 'historyMovedAside' }
  | { code: 'historyUnavailable' };

/** A code this build has no words for (a newer Rust side): said as such, never dropped. */
interface UnknownCode {
  code: string;
}

export function describeProblem(problem: Problem | UnknownCode): string {
  const known = problem as Problem;
  switch (known.code) {
    case 'noPiece':
      return t('problem.noPiece', { square: known.square });
    case 'notYourPiece':
      return t('problem.notYourPiece', { context: known.owner, piece: kindName(known.role), square: known.square });
    case 'frozen':
      return t('problem.frozen', { piece: kindName(known.role), square: known.square });
    case 'kingRemoval':
      return t('problem.kingRemoval');
    case 'notFrozen':
      return t('problem.notFrozen', { piece: kindName(known.role), square: known.square });
    case 'unreachable':
      return t('problem.unreachable', { piece: kindName(known.role), from: known.from, to: known.to });
    case 'leavesKingInCheck':
      return t('problem.leavesKingInCheck', { from: known.from, to: known.to });
    case 'malformed':
      return t('problem.malformed', { text: known.text });
    case 'gameOver':
      return t('problem.gameOver');
    case 'notYourTurn':
      return t('problem.notYourTurn');
    case 'noGame':
      return t('problem.noGame');
    case 'nothingToTakeBack':
      return t('problem.nothingToTakeBack');
    case 'noDrawOffer':
      return t('problem.noDrawOffer');
    case 'badSquare':
      return t('problem.badSquare', { text: known.text });
    case 'cancelled':
      return t('problem.cancelled');
    case 'storage':
      return storageProblem(known.what);
    default:
      return t('problem.unknown', { code: problem.code });
  }
}

function storageProblem(what: string): string {
  switch (what) {
    case 'load':
    case 'save':
    case 'history':
      return t('problem.storage', { context: what });
    default:
      return t('problem.storage');
  }
}

// The settings' own labels name a setting that did not read.
const SETTING_LABELS: Record<string, () => string> = {
  pieceSet: () => t('settings.pieces'),
  boardTheme: () => t('settings.boardTheme'),
  sound: () => t('settings.sound'),
  showLegalMoves: () => t('settings.showLegalMoves'),
  showCoordinates: () => t('settings.showCoordinates'),
  animation: () => t('settings.animation'),
  defaultLevel: () => t('settings.defaultLevel'),
};

export function describeNotice(notice: Notice | UnknownCode): string {
  const known = notice as Notice;
  switch (known.code) {
    case 'restoredFromBackup':
      return t('notice.restoredFromBackup');
    case 'restoredMissingFromBackup':
      return t('notice.restoredMissingFromBackup');
    case 'startedFresh':
      return t('notice.startedFresh');
    case 'settingsPartlyReset': {
      const fields = listOf(known.fields.map((field) => SETTING_LABELS[field]?.() ?? field));
      return t('notice.settingsPartlyReset', { count: known.fields.length, fields });
    }
    case 'gameCutShort':
      return t('notice.gameCutShort', { keptMoves: known.keptMoves, totalMoves: known.totalMoves });
    case 'currentGameUnreadable':
      return t('notice.currentGameUnreadable');
    case 'finishedGamesUnreadable':
      return t('notice.finishedGamesUnreadable', { count: known.count });
    case 'saveFromNewerVersion':
      return t('notice.saveFromNewerVersion', { version: known.version });
    case 'historyMovedAside':
      return t('notice.historyMovedAside');
    case 'historyUnavailable':
      return t('notice.historyUnavailable');
    default:
      return t('notice.unknown', { code: notice.code });
  }
}
