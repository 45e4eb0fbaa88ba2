// A stand-in for the Rust side, for looking at the UI in a plain browser (ui/dev/mock.html) and
// for the screenshots. Never part of the app's bundle.
//
// The game it knows is a real one: fixture-game.json, recorded from the engine by
// make-fixture.mjs, with every position's legal moves, captures and frozen pieces. While a game
// follows that record the mock answers exactly as the app would. Off the record it cannot know
// the rules (the UI holds none, and neither does this file): it then offers every piece a step
// to an empty neighbouring square, only so that the page stays clickable.

import type {
  AppError,
  BoardView,
  FinishedSummary,
  GameResult,
  GameView,
  MoveView,
  NewGame,
  Opponent,
  PieceKind,
  PieceView,
  PlyView,
  Settings,
  Side,
  Startup,
} from '../src/bindings';
import fixture from './fixture-game.json';

interface Position {
  pieces: PieceView[];
  turn: Side;
  moves: MoveView[];
  frozen: string[];
  check: string | null;
}

interface MockGame {
  id: string;
  opponent: Opponent;
  /** positions[k]: after k plies. */
  positions: Position[];
  plies: PlyView[];
  result: GameResult | null;
  endedAt: number | null;
}

const KINDS: Record<string, PieceKind> = {
  k: 'king',
  p: 'pawn',
  w: 'withdrawer',
  l: 'longLeaper',
  x: 'chameleon',
  c: 'coordinator',
  i: 'immobilizer',
};
const FILES = 'abcdefgh';

function readUfen(ufen: string): { pieces: PieceView[]; turn: Side } {
  const [placement = '', side] = ufen.split(' ');
  const pieces: PieceView[] = [];
  placement.split('/').forEach((row, index) => {
    let file = 0;
    for (const char of row) {
      if (/\d/.test(char)) {
        file += Number(char);
        continue;
      }
      const kind = KINDS[char.toLowerCase()];
      if (kind) pieces.push({ square: `${FILES[file]}${8 - index}`, side: char === char.toUpperCase() ? 'white' : 'black', kind });
      file++;
    }
  });
  return { pieces, turn: side === 'b' ? 'black' : 'white' };
}

function readMove(text: string): MoveView {
  const [move = '', , ...captures] = text.split(' ');
  return { from: move.slice(0, 2), to: move.slice(2, 4), captures };
}

const RECORD: Position[] = fixture.positions.map((p) => ({
  ...readUfen(p.ufen),
  moves: p.moves.map(readMove),
  frozen: p.frozen,
  check: p.check,
}));
const RECORD_PLIES = fixture.plies as PlyView[];

const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');
const cancelled: AppError = { kind: 'cancelled', message: 'The game changed while the bot was thinking.' };

/** Off the record: every piece of the side to move may step to an empty neighbouring square. */
function steps(pieces: PieceView[], turn: Side): MoveView[] {
  const taken = new Set(pieces.map((p) => p.square));
  const moves: MoveView[] = [];
  for (const piece of pieces.filter((p) => p.side === turn)) {
    const file = FILES.indexOf(piece.square.charAt(0));
    const rank = Number(piece.square.charAt(1));
    for (const [df, dr] of [[0, 1], [0, -1], [1, 0], [-1, 0]] as const) {
      const to = `${FILES[file + df] ?? 'z'}${rank + dr}`;
      if (/^[a-h][1-8]$/.test(to) && !taken.has(to)) moves.push({ from: piece.square, to, captures: [] });
    }
  }
  return moves;
}

function afterMove(position: Position, move: MoveView): Position {
  const gone = new Set([...move.captures, move.from]);
  const mover = position.pieces.find((p) => p.square === move.from);
  const pieces = position.pieces.filter((p) => !gone.has(p.square) && p.square !== move.to);
  if (mover && move.from !== move.to) pieces.push({ ...mover, square: move.to });
  const turn = other(position.turn);
  return { pieces, turn, moves: steps(pieces, turn), frozen: [], check: null };
}

function plyOf(position: Position, move: MoveView): PlyView {
  const mover = position.pieces.find((p) => p.square === move.from);
  const kind = mover?.kind ?? 'pawn';
  const letter = (Object.entries(KINDS).find(([, k]) => k === kind)?.[0] ?? 'p').toUpperCase();
  const notation =
    move.from === move.to ? `${letter}${move.from}=` : `${letter}${move.from}-${move.to}${move.captures.map((c) => `x${c}`).join('')}`;
  return { notation, from: move.from, to: move.to, captures: move.captures, side: position.turn, kind };
}

function boardView(game: MockGame, ply: number): BoardView {
  const position = game.positions[ply];
  if (!position) throw { kind: 'badRequest', message: `The game has no move ${ply}.` } satisfies AppError;
  return {
    pieces: position.pieces,
    frozen: position.frozen,
    check: position.check,
    lastMove: game.plies[ply - 1] ?? null,
    turn: position.turn,
    ply,
  };
}

function botSide(game: MockGame): Side | null {
  return game.opponent.kind === 'bot' ? game.opponent.botSide : null;
}

function view(game: MockGame): GameView {
  const ply = game.plies.length;
  const position = game.positions[ply]!;
  const botToMove = game.result === null && botSide(game) === position.turn;
  const playerMoves = game.plies.filter((p) => p.side !== botSide(game)).length;
  return {
    id: game.id,
    opponent: game.opponent,
    board: boardView(game, ply),
    legalMoves: game.result || botToMove ? [] : position.moves,
    plies: game.plies,
    result: game.result,
    botToMove,
    canTakeBack: game.opponent.kind === 'bot' && game.result === null && playerMoves > 0,
  };
}

/** Plays `move`, following the record while the game matches it. */
function push(game: MockGame, move: MoveView): void {
  const ply = game.plies.length;
  const position = game.positions[ply]!;
  const onRecord = game.plies.every((p, i) => RECORD_PLIES[i]?.from === p.from && RECORD_PLIES[i]?.to === p.to);
  const recorded = RECORD_PLIES[ply];
  if (onRecord && recorded && recorded.from === move.from && recorded.to === move.to && RECORD[ply + 1]) {
    game.plies.push(recorded);
    game.positions.push(RECORD[ply + 1]!);
  } else {
    game.plies.push(plyOf(position, move));
    game.positions.push(afterMove(position, move));
  }
}

function recordedGame(id: string, opponent: Opponent, plies: number): MockGame {
  return { id, opponent, positions: RECORD.slice(0, plies + 1), plies: RECORD_PLIES.slice(0, plies), result: null, endedAt: null };
}

export interface MockOptions {
  /** `midgame`: a bot game at the end of the record (a capture of two, a frozen piece); `none`: no game. */
  current: 'midgame' | 'none';
  settings: Partial<Settings>;
  notices: string[];
  /** How long the bot "thinks", in milliseconds. */
  botDelay: number;
}

export function mockBackend(options: MockOptions): (cmd: string, args: unknown) => unknown {
  let settings: Required<Settings> = {
    pieceSet: 'emblems',
    boardTheme: 'wood',
    sound: true,
    showLegalMoves: true,
    showCoordinates: true,
    animation: 'normal',
    defaultLevel: 'casual',
    ...options.settings,
  } as Required<Settings>;
  let counter = 0;
  const now = Date.UTC(2025, 10, 29, 17, 30);
  const finished: MockGame[] = [
    { ...recordedGame('g-finished-1', { kind: 'bot', level: 'novice', botSide: 'black' }, 30), result: { winner: 'white', reason: 'resignation' }, endedAt: now - 86_400_000 },
    { ...recordedGame('g-finished-2', { kind: 'friend', turnBoard: true }, 12), result: { winner: null, reason: 'agreement' }, endedAt: now - 3 * 86_400_000 },
  ];
  let current: MockGame | null =
    options.current === 'midgame' ? recordedGame('g-current', { kind: 'bot', level: 'casual', botSide: 'black' }, fixture.plies.length) : null;
  let search = 0; // bumped to cancel the bot's "search"

  const summary = (game: MockGame): FinishedSummary => ({
    id: game.id,
    opponent: game.opponent,
    result: game.result!,
    moves: game.plies.length,
    endedAt: game.endedAt,
  });
  const finishIfOver = (game: MockGame): void => {
    if (game.result && !finished.includes(game)) {
      game.endedAt = Date.now();
      finished.unshift(game);
    }
  };
  const currentGame = (id: string): MockGame => {
    if (!current || current.id !== id) throw { kind: 'noGame', message: 'That game is no longer the one in progress.' } satisfies AppError;
    return current;
  };
  const anyGame = (id: string): MockGame => {
    const game = current?.id === id ? current : finished.find((g) => g.id === id);
    if (!game) throw { kind: 'noGame', message: 'That game is not among the finished games.' } satisfies AppError;
    return game;
  };
  const start = (opponent: Opponent): GameView => {
    search++;
    current = { id: `g-new-${++counter}`, opponent, positions: [RECORD[0]!], plies: [], result: null, endedAt: null };
    return view(current);
  };

  // Real IPC sends copies (JSON); so must the mock, or the UI would see its old views change.
  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  return (cmd, raw) => {
    const answer = handle(cmd, raw);
    return answer instanceof Promise ? answer.then(copy) : copy(answer);
  };

  function handle(cmd: string, raw: unknown): unknown {
    const args = (raw ?? {}) as Record<string, unknown>;
    const id = String(args['gameId'] ?? '');
    switch (cmd) {
      case 'start_up':
        return { settings, current: current && view(current), finished: finished.map(summary), notices: options.notices } satisfies Startup;
      case 'new_game': {
        const request = args['request'] as NewGame;
        if (request.kind === 'friend') return start({ kind: 'friend', turnBoard: request.turnBoard });
        const player: Side = request.playerSide === 'random' ? (counter % 2 ? 'white' : 'black') : request.playerSide;
        return start({ kind: 'bot', level: request.level, botSide: other(player) });
      }
      case 'rematch': {
        const previous = anyGame(id).opponent;
        return start(previous.kind === 'bot' ? { ...previous, botSide: other(previous.botSide) } : previous);
      }
      case 'play_move': {
        const game = currentGame(id);
        if (game.result) throw { kind: 'gameOver', message: 'The game is over.' } satisfies AppError;
        const move = view(game).legalMoves.find((m) => m.from === args['from'] && m.to === args['to']);
        if (!move) throw { kind: 'illegalMove', message: `${String(args['from'])}-${String(args['to'])} is not a legal move here` } satisfies AppError;
        push(game, move);
        return view(game);
      }
      case 'bot_move': {
        const game = currentGame(id);
        const mine = ++search;
        return new Promise((resolve, reject) =>
          setTimeout(() => {
            if (mine !== search || current !== game) return reject(cancelled);
            const position = game.positions[game.plies.length]!;
            const recorded = RECORD_PLIES[game.plies.length];
            const move = (recorded && position.moves.find((m) => m.from === recorded.from && m.to === recorded.to)) ?? position.moves[0];
            if (!move) return reject({ kind: 'gameOver', message: 'The bot has no move.' } satisfies AppError);
            push(game, move);
            resolve(view(game));
          }, options.botDelay),
        );
      }
      case 'take_back': {
        const game = currentGame(id);
        search++;
        do {
          game.plies.pop();
          game.positions.pop();
        } while (game.plies.length > 0 && game.positions[game.plies.length]!.turn === botSide(game));
        return view(game);
      }
      case 'resign': {
        const game = currentGame(id);
        search++;
        const loser = game.opponent.kind === 'bot' ? other(game.opponent.botSide) : (args['side'] as Side);
        game.result = { winner: other(loser), reason: 'resignation' };
        finishIfOver(game);
        return view(game);
      }
      case 'agree_draw': {
        const game = currentGame(id);
        game.result = { winner: null, reason: 'agreement' };
        finishIfOver(game);
        return view(game);
      }
      case 'leave_game':
        search++;
        return null;
      case 'board_at':
        return boardView(anyGame(id), Number(args['ply']));
      case 'finished_game':
        return view(anyGame(id));
      case 'finished_games':
        return finished.map(summary);
      case 'set_settings':
        settings = args['settings'] as Required<Settings>;
        return settings;
      default:
        throw `command ${cmd} not found`;
    }
  }
}
