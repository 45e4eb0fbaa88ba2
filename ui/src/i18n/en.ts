// Every sentence the player reads, in English. A translation is a file of the same shape.
//
// i18next's conventions: `{{name}}` is a parameter; `_one` / `_other` are the plural forms
// chosen by `count`; `_white` / `_black`, `_bot` / `_friend` are variants chosen by `context`,
// so that a sentence about a side or an opponent is written out whole for each of them (a
// translation may need different words, not just a different name).

export const en = {
  app: {
    name: 'Ultima',
    readOnly: 'This save comes from a newer version of Ultima: you can play, but nothing is saved while this version runs.',
    nav: 'App',
    home: 'Home',
    settings: 'Settings',
    dismissError: 'Dismiss the error',
    dismissNotice: 'Dismiss this notice',
    startFailed: 'Ultima could not start',
    tryAgain: 'Try again',
  },

  side: { white: 'White', black: 'Black' },

  piece: {
    king: 'king',
    pawn: 'pawn',
    withdrawer: 'withdrawer',
    longLeaper: 'long leaper',
    chameleon: 'chameleon',
    coordinator: 'coordinator',
    immobilizer: 'immobilizer',
  },
  /** Piece names at the start of a line (the settings' legend). */
  pieceTitle: {
    king: 'King',
    pawn: 'Pawn',
    withdrawer: 'Withdrawer',
    longLeaper: 'Long leaper',
    chameleon: 'Chameleon',
    coordinator: 'Coordinator',
    immobilizer: 'Immobilizer',
  },
  /** The chess piece that stands in for each Ultima piece in the "chess" piece set. */
  standIn: {
    king: 'king',
    pawn: 'pawn',
    withdrawer: 'queen',
    longLeaper: 'knight',
    chameleon: 'bishop',
    coordinator: 'rook',
    immobilizer: 'upside-down rook',
  },
  /** The letters of the people's notation (`Pe2-e6xd6xf6`). */
  pieceLetter: {
    king: 'K',
    pawn: 'P',
    withdrawer: 'W',
    longLeaper: 'L',
    chameleon: 'X',
    coordinator: 'C',
    immobilizer: 'I',
  },

  level: {
    novice: 'Novice',
    beginner: 'Beginner',
    casual: 'Casual',
    intermediate: 'Intermediate',
    club: 'Club',
  },
  /** What playing each level is like (the bot's limits and error model, in words). */
  levelDescription: {
    novice: 'For your first games: it often overlooks your threats and its own chances to capture.',
    beginner: 'Sees simple threats and captures, but still blunders now and then.',
    casual: 'Looks a few moves ahead and seldom blunders.',
    intermediate: 'Always plays the best move it finds, looking about seven half-moves ahead.',
    club: 'The strongest: thinks up to three seconds a move and punishes every mistake.',
  },

  opponent: {
    bot: 'Bot ({{level}})',
    friend: 'A friend on this device',
  },

  /** The headline of a finished game. */
  result: {
    draw: 'Draw',
    youWin: 'You win',
    botWins: 'The bot wins',
    wins_white: 'White wins',
    wins_black: 'Black wins',
    /** One line of the finished-games list. */
    summary: '{{headline}} · {{reason}}',
  },
  /** Why the game ended; the context is the side that lost. */
  reason: {
    checkmate_white: 'Checkmate: White is in check and has no legal move.',
    checkmate_black: 'Checkmate: Black is in check and has no legal move.',
    noLegalMove_white: 'White has no legal move (not in check), and loses.',
    noLegalMove_black: 'Black has no legal move (not in check), and loses.',
    repetition: 'Draw by repetition: the same position came up a third time.',
    fiftyMoves: 'Draw by the fifty-move rule: fifty moves each without a capture or a removal.',
    bareKings: 'Draw: only the two kings are left.',
    resignation_white: 'White resigned.',
    resignation_black: 'Black resigned.',
    agreement: 'Draw by agreement.',
    time_white: 'White ran out of time.',
    time_black: 'Black ran out of time.',
  },
  /** The reason in a word or two, for the finished-games list. */
  reasonShort: {
    checkmate: 'checkmate',
    noLegalMove: 'no legal move',
    repetition: 'repetition',
    fiftyMoves: 'fifty moves',
    bareKings: 'bare kings',
    resignation: 'resignation',
    agreement: 'agreement',
    time: 'time',
  },

  /** Lists of squares: "d5", "d5 and f5", "c4, d5 and e4". */
  list: {
    two: '{{first}} and {{second}}',
    many: '{{most}} and {{last}}',
    separator: ', ',
  },

  /** A played move in words, for screen readers; the context is the side that played it. */
  ply: {
    move_white: 'White {{piece}} {{from}} to {{to}}.',
    move_black: 'Black {{piece}} {{from}} to {{to}}.',
    capture_white: 'White {{piece}} {{from}} to {{to}}, takes {{squares}}.',
    capture_black: 'Black {{piece}} {{from}} to {{to}}, takes {{squares}}.',
    removal_white: 'White removes its frozen {{piece}} on {{square}}.',
    removal_black: 'Black removes its frozen {{piece}} on {{square}}.',
  },
  /** A legal move in words (the hidden list for screen readers). */
  legalMove: {
    removal: 'Remove the frozen piece on {{square}} ({{coordinates}})',
    move: '{{from}} to {{to}} ({{coordinates}})',
    capture: '{{from}} to {{to}}, takes {{squares}} ({{coordinates}})',
  },

  home: {
    tagline: 'Baroque chess: seven pieces, seven ways to capture.',
    inProgress: 'Game in progress',
    progressYourMove: '{{opponent}} · your move · move {{number}}',
    progressBotMove: "{{opponent}} · the bot's move · move {{number}}",
    progressSideToMove_white: '{{opponent}} · White to move · move {{number}}',
    progressSideToMove_black: '{{opponent}} · Black to move · move {{number}}',
    continue: 'Continue',
    newGame: 'New game',
    finished: 'Finished games',
    noFinished: 'No finished games yet.',
    more: 'Show older games',
    moves_one: '{{count}} move',
    moves_other: '{{count}} moves',
  },

  newGame: {
    title: 'New game',
    playAgainst: 'Play against',
    bot: 'The bot',
    friend: 'A friend on this device',
    level: 'Level',
    youPlay: 'You play',
    white: 'White',
    black: 'Black',
    random: 'Random',
    turnBoard: 'Turn the board after each move',
    shareScreen: 'Both players share this screen; whoever is to move plays.',
    cancel: 'Cancel',
    start: 'Start',
    abandonTitle: 'Start a new game?',
    abandonMessage_bot: 'Your game against the {{level}} bot is not finished. Starting a new game abandons it: it will not be kept.',
    abandonMessage_friend: 'Your game between friends on this device is not finished. Starting a new game abandons it: it will not be kept.',
    keepIt: 'Keep playing it',
    startAnyway: 'Start a new game',
  },

  play: {
    title: 'Game',
    thinking: 'Thinking…',
    opponentBot_white: 'Bot ({{level}}) · you play White',
    opponentBot_black: 'Bot ({{level}}) · you play Black',
    opponentFriend: 'A friend on this device',
    opponentFriendTurning: 'A friend on this device · the board turns to the side to move',
    sideToMove_white: 'White to move',
    sideToMove_black: 'Black to move',
    sideToMoveCheck_white: 'White to move · check!',
    sideToMoveCheck_black: 'Black to move · check!',
    yourMove_white: 'Your move (White)',
    yourMove_black: 'Your move (Black)',
    yourMoveCheck_white: 'Your move (White) · check!',
    yourMoveCheck_black: 'Your move (Black) · check!',
    botMove: "The bot's move",
    botMoveCheck: "The bot's move · check!",
    gameOver: 'Game over',
    /** The status line once the game-over panel is put away for review. */
    resultLine: '{{headline}}. {{reason}}',
    rematch: 'Rematch',
    review: 'Review',
    newGame: 'New game',
    panel: 'Moves and actions',
    takeBack: 'Take back',
    offerDraw: 'Offer a draw',
    resign: 'Resign',
    flip: 'Flip board',
    board: 'Board',
  },

  moveBox: {
    label: 'Type a move (e2e5)',
    placeholder: 'e2e5',
    submit: 'Play',
    hint: 'Two squares, like e2e5. To remove a frozen piece, name its square twice: d4d4.',
    notAMove: '“{{text}}” is not a move. Two squares, like e2e5. To remove a frozen piece, name its square twice: d4d4.',
    removes: 'Removes your frozen piece on {{square}}.',
    takes: 'Takes {{squares}}.',
    takesNothing: 'Takes nothing.',
    legalMoves: 'Legal moves',
  },

  moveList: {
    label: 'Moves',
    empty: 'No moves yet.',
    stepper: 'Step through the game',
    first: 'Go to the start',
    back: 'One move back (←)',
    forward: 'One move forward (→)',
    last: 'Go to the last move',
    start: 'Start',
    position: 'Move {{ply}} of {{total}}',
    backToGame: 'Back to the game',
    announceStart: 'The start position.',
    announceAfter: 'After move {{ply}} of {{total}}: {{move}}',
  },

  announce: {
    check: 'Check.',
    result: '{{headline}}. {{reason}}',
    drawDeclined_white: 'White declined the draw.',
    drawDeclined_black: 'Black declined the draw.',
  },

  dialog: {
    resignTitle: 'Resign?',
    resignBot: 'You resign this game and the bot wins.',
    resignFriend_white: 'White resigns and Black wins.',
    resignFriend_black: 'Black resigns and White wins.',
    keepPlaying: 'Keep playing',
    resign: 'Resign',
    drawTitle_white: 'White offers a draw',
    drawTitle_black: 'Black offers a draw',
    /** The context is the side that answers. */
    drawMessage_white: 'White, do you accept the draw? The game ends at once if you do.',
    drawMessage_black: 'Black, do you accept the draw? The game ends at once if you do.',
    decline: 'Decline',
    acceptDraw: 'Accept the draw',
    rematchTitle: 'Start a rematch?',
    rematchMessage_bot: 'Your game against the {{level}} bot is not finished. A rematch abandons it: it will not be kept.',
    rematchMessage_friend: 'Your game between friends on this device is not finished. A rematch abandons it: it will not be kept.',
    keepThatGame: 'Keep that game',
    startRematch: 'Start the rematch',
  },

  board: {
    /** The board in words for screen readers: these parts, joined by "; ". */
    turn_white: 'Board, White to move',
    turn_black: 'Board, Black to move',
    check_white: "White's king on {{square}} is in check",
    check_black: "Black's king on {{square}} is in check",
    frozen: 'frozen: {{squares}}',
    pieces_white: 'White: {{pieces}}',
    pieces_black: 'Black: {{pieces}}',
    noPieces_white: 'White: no pieces',
    noPieces_black: 'Black: no pieces',
    piece: '{{piece}} {{square}}',
    partSeparator: '; ',
    pieceSeparator: ', ',
    frozenNote_white: "White's {{piece}} is frozen.",
    frozenNote_black: "Black's {{piece}} is frozen.",
    remove: 'Remove the frozen {{piece}} on {{square}}',
  },

  settings: {
    title: 'Settings',
    pieces: 'Pieces',
    boardTheme: 'Board colours',
    animation: 'Animation',
    defaultLevel: 'Bot level for new games',
    sound: 'Sound',
    showLegalMoves: 'Show legal moves',
    showCoordinates: 'Show coordinates',
    legend: 'The pieces',
    legendStandIn: '{{piece}} ({{standIn}})',
    done: 'Done',
    pieceSet: { emblems: 'Emblems (how each piece captures)', chess: 'Chess pieces' },
    theme: { wood: 'Wood', blue: 'Blue', green: 'Green' },
    speed: { none: 'None', fast: 'Fast', normal: 'Normal', slow: 'Slow' },
  },

  /** Why the Rust side refused a request: one message per `problem.code`. */
  problem: {
    malformed: '“{{text}}” is not a move: write a move as its two squares, like e2e6 (a removal names its square twice, like d4d4).',
    noPiece: 'There is no piece on {{square}}.',
    notYourPiece_white: "The {{piece}} on {{square}} is White's, and it is Black's move.",
    notYourPiece_black: "The {{piece}} on {{square}} is Black's, and it is White's move.",
    frozen: 'The {{piece}} on {{square}} is frozen and cannot move (it can be removed instead: {{square}}{{square}}).',
    kingRemoval: 'A king can never be removed.',
    notFrozen: 'The {{piece}} on {{square}} is not frozen, and only a frozen piece can be removed.',
    frozenBy: 'The {{piece}} on {{square}} is frozen by the {{freezers}} and cannot move (it can be removed instead: {{square}}{{square}}).',
    /** How the piece moves, when the destination is not on its way (`movement`). */
    notThatWay_oneStep: 'The {{piece}} on {{from}} cannot reach {{to}}: it moves one square at a time.',
    notThatWay_rankOrFile: 'The {{piece}} on {{from}} cannot reach {{to}}: it moves only along ranks and files.',
    notThatWay_line: 'The {{piece}} on {{from}} cannot reach {{to}}: it moves only in straight lines, along ranks, files or diagonals.',
    /** The context is the side whose piece stands on the destination. */
    occupied_white: "The {{piece}} on {{from}} cannot move to {{to}}: White's {{occupant}} is there.",
    occupied_black: "The {{piece}} on {{from}} cannot move to {{to}}: Black's {{occupant}} is there.",
    /** Why the way is blocked (`obstacle`); for `inTheWay` also the side whose piece it is. */
    pathBlocked_inTheWay_white: "The {{piece}} on {{from}} cannot reach {{to}}: White's {{blocker}} on {{at}} is in the way.",
    pathBlocked_inTheWay_black: "The {{piece}} on {{from}} cannot reach {{to}}: Black's {{blocker}} on {{at}} is in the way.",
    pathBlocked_ownPiece: 'The {{piece}} on {{from}} cannot reach {{to}}: it cannot leap over its own {{blocker}} on {{at}}.',
    pathBlocked_notALongLeaper: 'The {{piece}} on {{from}} cannot reach {{to}}: it leaps only over long leapers, and the piece on {{at}} is a {{blocker}}.',
    pathBlocked_twoInARow: 'The {{piece}} on {{from}} cannot reach {{to}}: it cannot leap over the pieces on {{at}} and {{behind}}, two in a row.',
    pathBlocked_twoInARowEnd: 'The {{piece}} on {{from}} cannot reach {{to}}: it cannot leap over the {{blocker}} on {{at}}, with no empty square behind it.',
    leavesKingInCheck: '{{from}}{{to}} would leave your king in check.',
    /** A move that leaves the king attacked; `checks` lists the attacks (checkBy), joined as a list. */
    leavesKingInCheck_stillInCheck: '{{from}}{{to}} does not answer the check on your king on {{king}}: {{checks}}.',
    leavesKingInCheck_intoCheck: '{{from}}{{to}} would put your king on {{king}} in check: {{checks}}.',
    wrongPiece: '“{{text}}” names a {{named}}, but the piece on {{square}} is a {{actual}}.',
    wrongCaptures: '“{{text}}” lists the wrong captures: that move takes {{squares}}.',
    wrongCapturesNone: '“{{text}}” lists captures, but that move takes nothing.',
    gameOver: 'The game is over.',
    notYourTurn: 'It is not your turn.',
    seatIsBot: 'That side is the bot’s: only the bot moves for it.',
    timeUp_white: "White's time has run out.",
    timeUp_black: "Black's time has run out.",
    nothingToTakeBack: 'There is no move to take back.',
    takeBackAlreadyRequested: 'A take-back has already been asked for.',
    noTakeBackRequest: 'There is no take-back request to answer.',
    drawAlreadyOffered: 'A draw has already been offered.',
    noDrawOffer: 'There is no draw offer to answer.',
    notAgainstBot: 'Draw offers are for games between people, not against the bot.',
    badSquare: '“{{text}}” is not a square.',
    noSuchPly: 'The game has no position after move {{ply}}.',
    noGame: 'There is no game in progress.',
    notCurrentGame: 'That game is no longer the one in progress.',
    notFinished: 'That game is not among the finished games.',
    noBot: 'This game has no bot.',
    botStopped: "The bot's search was stopped.",
    gameChanged: 'The game changed while the bot was thinking.',
    botFailed: 'The bot could not make its move. Try leaving the game and coming back to it.',
    storage: {
      dataFolder: 'The app could not find or create its data folder, so nothing can be saved.',
      saveFile: 'Your save file could not be opened or read.',
      backup: 'The backup of your save file could not be written, so your change was undone. The device may be out of space.',
      prepare: 'Your change could not be prepared for saving, so it was undone.',
      save: 'Your change could not be saved, so it was undone. Try again; if it fails again, the device may be out of space.',
      history: 'The list of finished games could not be read or written.',
      stateDamaged: 'The app ran into an earlier error and cannot save any more. Restart it; your last saved game is kept.',
    },
    unknown: 'The app refused this ({{code}}), without more words for it.',
  },
  /** One attack on the king, as a part of `problem.leavesKingInCheck` (by `way`). */
  checkBy: {
    kingStep: 'the {{piece}} on {{square}} could step onto it',
    pinch: 'the {{piece}} on {{square}} could pinch it from {{landing}} against the piece on {{partner}}',
    pinchAlone: 'the {{piece}} on {{square}} could pinch it from {{landing}}',
    withdrawal: 'the {{piece}} on {{square}} could withdraw from it to {{landing}}',
    leap: 'the {{piece}} on {{square}} could leap over it to {{landing}}',
    coordination: 'the {{piece}} on {{square}} could move to {{landing}} and take it with the king on {{partner}}',
    coordinationAlone: 'the {{piece}} on {{square}} could move to {{landing}} and take it',
  },
  /** A piece that freezes another, as a part of `problem.frozenBy`. */
  freezer: '{{piece}} on {{square}}',
  /** When the app did not even get a reason. */
  failure: {
    silent: 'Something went wrong, and the app was not told what.',
    ipc: 'The app failed without saying why.',
  },

  /** What the player is told at start-up about their saved data: one message per `notice.code`. */
  notice: {
    restoredFromBackup:
      'Your save file was damaged (the app was probably stopped while saving). The copy from the save before was restored, so at most your last change is missing.',
    restoredMissingFromBackup: 'Your save file was missing; the copy from your last save was restored.',
    startedFresh: 'Your saved data was damaged and could not be repaired, so the app starts afresh. The damaged files are kept, not deleted.',
    settingsPartlyReset_one: 'One setting could not be read and is back to its default: {{fields}}. Your other settings are kept.',
    settingsPartlyReset_other: 'Some settings could not be read and are back to their defaults: {{fields}}. Your other settings are kept.',
    gameCutShort:
      'Your game in progress could only be read up to move {{keptMoves}} of {{totalMoves}}. It goes on from there; the rest is kept aside, not deleted.',
    currentGameUnreadable: 'Your game in progress could not be read. It is kept aside, not deleted.',
    finishedGamesUnreadable_one: 'One finished game could not be read. It is kept aside, not deleted.',
    finishedGamesUnreadable_other: '{{count}} finished games could not be read. They are kept aside, not deleted.',
    saveFromNewerVersion:
      'Your saved data was written by a newer version of Ultima (format {{version}}). It is left untouched, and nothing is saved while this version runs: update the app to keep playing with it.',
    historyMovedAside: 'The list of finished games was damaged. It was moved aside, not deleted, and a new one started.',
    historyUnavailable: 'The list of finished games could not be opened: finished games are not listed or kept this time.',
    unknown: 'Something about your saved data needs your attention ({{code}}).',
  },
} as const;

export type Catalogue = typeof en;
