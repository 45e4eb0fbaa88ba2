// The one place where a refusal or a failure from the Rust side becomes words. Rust sends codes
// with parameters (`{code: "noPiece", square: "e2"}`), never sentences; the catalogue words them.

import type { CheckBy, Notice, Problem, StorageWhat } from './bindings';
import { listOf, pieceParams, pieceParamsAs, t } from './i18n';
import { courseText, hasCourseText } from './i18n/course';

/** A task named by its title when the course has one for it (an id from an older course may not). */
function taskName(id: string): string {
  return hasCourseText(`${id}.title`) ? `${courseText(`${id}.title`)}` : id;
}

export type { Notice, Problem } from './bindings';

export function describeProblem(problem: Problem): string {
  switch (problem.code) {
    case 'malformed':
      return t('problem.malformed', { text: problem.text });
    case 'noPiece':
      return t('problem.noPiece', { square: problem.square });
    case 'notYourPiece':
      return t('problem.notYourPiece', { context: problem.owner, ...pieceParams(problem.role), square: problem.square });
    case 'frozen': {
      // A frozen king, or a piece whose removal would leave the king in check, is not offered
      // for removal.
      const piece = pieceParams(problem.role);
      if (problem.by.length === 0) return t(problem.removable ? 'problem.frozen' : 'problem.frozenStuck', { ...piece, square: problem.square });
      const freezers = listOf(problem.by.map((by) => t('freezer', { ...pieceParams(by.role), square: by.square })));
      return t(problem.removable ? 'problem.frozenBy' : 'problem.frozenByStuck', { ...piece, square: problem.square, freezers });
    }
    case 'kingRemoval':
      return t('problem.kingRemoval');
    case 'noRemoval': {
      const freezers = listOf(problem.by.map((by) => t('freezer', { ...pieceParams(by.role), square: by.square })));
      return t('problem.noRemoval', { context: problem.reading, ...pieceParams(problem.role), square: problem.square, freezers });
    }
    case 'kingTaken':
      return t('problem.kingTaken', { context: problem.winner });
    case 'notFrozen':
      return t('problem.notFrozen', { ...pieceParams(problem.role), square: problem.square });
    case 'removalNotInReading':
      return t('problem.removalNotInReading', { context: problem.reading, ...pieceParams(problem.role), square: problem.square });
    case 'notThatWay':
      return t(`problem.notThatWay_${problem.movement}`, { ...pieceParams(problem.role), from: problem.from, to: problem.to });
    case 'occupied':
      return t(`problem.occupied_${problem.occupantOwner}`, {
        ...pieceParams(problem.role),
        ...pieceParamsAs(problem.occupant, 'occupant'),
        from: problem.from,
        to: problem.to,
      });
    case 'pathBlocked':
      return pathBlocked(problem);
    case 'leavesKingInCheck': {
      const params = { from: problem.from, to: problem.to, king: problem.king };
      if (problem.checks.length === 0) return t('problem.leavesKingInCheck', params);
      const checks = listOf(problem.checks.map(checkBy));
      return problem.wasInCheck
        ? t('problem.leavesKingInCheck_stillInCheck', { ...params, checks })
        : t('problem.leavesKingInCheck_intoCheck', { ...params, checks });
    }
    case 'wrongPiece':
      return t('problem.wrongPiece', { text: problem.text, ...pieceParamsAs(problem.named, 'named'), square: problem.square, ...pieceParamsAs(problem.actual, 'actual') });
    case 'wrongCaptures':
      return problem.actual.length
        ? t('problem.wrongCaptures', { text: problem.text, squares: listOf(problem.actual) })
        : t('problem.wrongCapturesNone', { text: problem.text });
    case 'gameOver':
      return t('problem.gameOver');
    case 'notYourTurn':
      return t('problem.notYourTurn');
    case 'seatIsBot':
      return t('problem.seatIsBot');
    case 'timeUp':
      return t('problem.timeUp', { context: problem.side });
    case 'nothingToTakeBack':
      return t('problem.nothingToTakeBack');
    case 'takeBackAlreadyRequested':
      return t('problem.takeBackAlreadyRequested');
    case 'noTakeBackRequest':
      return t('problem.noTakeBackRequest');
    case 'drawAlreadyOffered':
      return t('problem.drawAlreadyOffered');
    case 'noDrawOffer':
      return t('problem.noDrawOffer');
    case 'notAgainstBot':
      return t('problem.notAgainstBot');
    case 'noEngineOnline':
      return t('problem.noEngineOnline');
    case 'badSquare':
      return t('problem.badSquare', { text: problem.text });
    case 'noSuchPly':
      return t('problem.noSuchPly', { ply: problem.ply });
    case 'noGame':
      return t('problem.noGame');
    case 'notCurrentGame':
      return t('problem.notCurrentGame');
    case 'notFinished':
      return t('problem.notFinished');
    case 'noBot':
      return t('problem.noBot');
    case 'botStopped':
      return t('problem.botStopped');
    case 'gameChanged':
      return t('problem.gameChanged');
    case 'botFailed':
      return t('problem.botFailed');
    case 'storage':
      return storageProblem(problem.what);
    case 'noSuchTask':
      return t('problem.noSuchTask', { task: problem.task });
    case 'notOpenTask':
      return t('problem.notOpenTask');
    case 'courseUnavailable':
      return t('problem.courseUnavailable');
    case 'noSuchPuzzle':
      return t('problem.noSuchPuzzle', { puzzle: problem.puzzle });
    case 'notOpenPuzzle':
      return t('problem.notOpenPuzzle');
    case 'noPuzzleLeft':
      return t('problem.noPuzzleLeft');
    case 'unknownTheme':
      return t('problem.unknownTheme', { theme: problem.theme });
    case 'puzzlesUnavailable':
      return t('problem.puzzlesUnavailable');
    case 'badServerAddress':
      return t('problem.badServerAddress', { address: problem.address });
    case 'noServer':
      return t('problem.noServer');
    case 'serverUnreachable':
      return t('problem.serverUnreachable', { address: problem.address });
    case 'serverCertificate':
      return t('problem.serverCertificate', { address: problem.address });
    case 'secureConnectionFailed':
      return t('problem.secureConnectionFailed', { address: problem.address });
    case 'serverVersion':
      return t('problem.serverVersion');
    case 'serverBroken':
      return t('problem.serverBroken');
    case 'serverUnavailable':
      return t('problem.serverUnavailable');
    case 'offline':
      return t('problem.offline');
    case 'badInvite':
      return t('problem.badInvite');
    case 'noSuchInvite':
      return t('problem.noSuchInvite');
    case 'unknownOnlineGame':
      return t('problem.unknownOnlineGame');
    case 'tooManyTries':
      return t('problem.tooManyTries', { count: Math.max(1, Math.ceil(problem.retryAfterMs / 1000)) });
    case 'waitingForOpponent':
      return t('problem.waitingForOpponent');
    case 'notClaimable':
      return problem.inMs === null
        ? t('problem.notClaimable')
        : t('problem.notClaimableYet', { count: Math.max(1, Math.ceil(problem.inMs / 1000)) });
    case 'noRematch':
      return t('problem.noRematch');
    case 'noOnlineGame':
      return t('problem.noOnlineGame');
    case 'hostFailed':
      return t('problem.hostFailed', { port: problem.port });
    case 'hostNotHere':
      return t('problem.hostNotHere');
    default:
      return unknownCode(problem);
  }
}

/** A code this build has no words for (a Rust side newer than this UI): said as such, never dropped. */
function unknownCode(value: never): string {
  const code: unknown = (value as { code?: unknown }).code;
  return t('problem.unknown', { code: String(code) });
}

function pathBlocked(problem: Extract<Problem, { code: 'pathBlocked' }>): string {
  const params = { ...pieceParams(problem.role), ...pieceParamsAs(problem.blocker, 'blocker'), from: problem.from, to: problem.to, at: problem.at };
  switch (problem.obstacle) {
    case 'inTheWay':
      return t(`problem.pathBlocked_inTheWay_${problem.blockerOwner}`, params);
    case 'ownPiece':
      return t('problem.pathBlocked_ownPiece', params);
    case 'notALongLeaper':
      return t('problem.pathBlocked_notALongLeaper', params);
    case 'twoInARow':
      return problem.behind === null
        ? t('problem.pathBlocked_twoInARowEnd', params)
        : t('problem.pathBlocked_twoInARow', { ...params, behind: problem.behind });
    case 'secondLeap':
      return t('problem.pathBlocked_secondLeap', params);
  }
}

/** One attack on the king, as a part of a sentence. */
function checkBy(check: CheckBy): string {
  const params = { ...pieceParams(check.role), square: check.square, landing: check.landing };
  switch (check.way) {
    case 'kingStep':
      return t('checkBy.kingStep', params);
    case 'pinch':
      return check.partner === null ? t('checkBy.pinchAlone', params) : t('checkBy.pinch', { ...params, partner: check.partner });
    case 'withdrawal':
      return t('checkBy.withdrawal', params);
    case 'leap':
      return t('checkBy.leap', params);
    case 'coordination':
      return check.partner === null
        ? t('checkBy.coordinationAlone', params)
        : t('checkBy.coordination', { ...params, partner: check.partner });
  }
}

function storageProblem(what: StorageWhat): string {
  return t(`problem.storage.${what}`);
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
  showEvalBar: () => t('settings.showEvalBar'),
  language: () => t('settings.languageLabel'),
};

export function describeNotice(notice: Notice): string {
  switch (notice.code) {
    case 'restoredFromBackup':
      return t('notice.restoredFromBackup');
    case 'restoredMissingFromBackup':
      return t('notice.restoredMissingFromBackup');
    case 'startedFresh':
      return t('notice.startedFresh');
    case 'settingsPartlyReset': {
      const fields = listOf(notice.fields.map((field) => SETTING_LABELS[field]?.() ?? field));
      return t('notice.settingsPartlyReset', { count: notice.fields.length, fields });
    }
    case 'gameCutShort':
      return t('notice.gameCutShort', { keptMoves: notice.keptMoves, totalMoves: notice.totalMoves });
    case 'currentGameUnreadable':
      return t('notice.currentGameUnreadable');
    case 'finishedGamesUnreadable':
      return t('notice.finishedGamesUnreadable', { count: notice.count });
    case 'saveFromNewerVersion':
      return t('notice.saveFromNewerVersion', { version: notice.version });
    case 'historyMovedAside':
      return t('notice.historyMovedAside');
    case 'historyUnavailable':
      return t('notice.historyUnavailable');
    case 'courseProgressUnreadable':
      return t('notice.courseProgressUnreadable');
    case 'courseProgressPartlyLost':
      return t('notice.courseProgressPartlyLost', { count: notice.tasks.length, tasks: listOf(notice.tasks.map(taskName)) });
    case 'courseProgressFromNewerVersion':
      return t('notice.courseProgressFromNewerVersion', { version: notice.version });
    case 'puzzleRatingUnreadable':
      return t('notice.puzzleRatingUnreadable');
    case 'puzzleRatingFromNewerVersion':
      return t('notice.puzzleRatingFromNewerVersion', { version: notice.version });
    default: {
      const code: unknown = (notice as { code?: unknown }).code;
      return t('notice.unknown', { code: String(code) });
    }
  }
}
