// A stand-in for the Rust side for the screen tests in happy-dom (the screenshots and the UI in a
// plain browser use the real engine: ui/web). Never part of the app's bundle.
//
// The game it knows is a real one: fixture-game.json, recorded from the engine by
// make-fixture.mjs, with every position's legal moves, captures and frozen pieces. While a game
// follows that record the mock answers exactly as the app would. Off the record it cannot know
// the rules (the UI holds none, and neither does this file): it then offers every piece a step
// to an empty neighbouring square, only so that the page stays clickable.
//
// As the app does, it starts the bot's turn itself and pushes the bot's move through the channel
// the UI registers with `watch_games`.

import type { Channel } from '@tauri-apps/api/core';
import type {
  AppError,
  BoardView,
  Color,
  FinishedPage,
  FinishedSummary,
  GameEvent,
  GameView,
  MayAct,
  MoveView,
  NewGame,
  Notice,
  Opponent,
  Outcome,
  PageCursor,
  PieceView,
  PlyView,
  Problem,
  Settings,
  Startup,
} from '../src/bindings';
import fixture from './fixture-game.json';
import { mockCourse, mockReason } from './mock-course';
import { mockPuzzles } from './mock-puzzles';
import { FILES, readMove, readUfen } from './ufen';

interface Position {
  pieces: PieceView[];
  turn: Color;
  moves: MoveView[];
  frozen: string[];
  check: string | null;
}

interface MockGame {
  id: string;
  revision: number;
  opponent: Opponent;
  /** positions[k]: after k plies. */
  positions: Position[];
  plies: PlyView[];
  result: Outcome | null;
  drawOffer: Color | null;
  endedAt: number | null;
}

const RECORD: Position[] = fixture.positions.map((p) => ({
  ...readUfen(p.ufen),
  moves: p.moves.map(readMove),
  frozen: p.frozen,
  check: p.check,
}));
const RECORD_PLIES = fixture.plies as PlyView[];

const other = (side: Color): Color => (side === 'white' ? 'black' : 'white');
const refusal = (kind: AppError['kind'], problem: Problem): AppError => ({ kind, problem });

/** Off the record: every piece of the side to move may step to an empty neighbouring square. */
function steps(pieces: PieceView[], turn: Color): MoveView[] {
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
  return {
    side: position.turn,
    role: mover?.role ?? 'pawn',
    from: move.from,
    to: move.to,
    captures: move.captures,
    removal: move.from === move.to,
    mark: 'none',
  };
}

function boardView(game: MockGame, ply: number): BoardView {
  const position = game.positions[ply];
  if (!position) throw refusal('badRequest', { code: 'noSuchPly', ply });
  return {
    pieces: position.pieces,
    frozen: position.frozen,
    check: position.check,
    lastMove: game.plies[ply - 1] ?? null,
    turn: position.turn,
    ply,
  };
}

function botSide(game: MockGame): Color | null {
  return game.opponent.kind === 'bot' ? game.opponent.botSide : null;
}

const NOBODY: MayAct = { play: null, resign: null, offerDraw: null, answerDraw: null, takeBack: null, answerTakeBack: null };

/** Who may do what on this device, as the game core decides it. */
function mayAct(game: MockGame): MayAct {
  if (game.result) return NOBODY;
  const turn = game.positions[game.plies.length]!.turn;
  const bot = botSide(game);
  if (bot !== null) {
    const player = other(bot);
    const playerMoves = game.plies.filter((p) => p.side === player).length;
    return { ...NOBODY, play: turn === player ? player : null, resign: player, takeBack: playerMoves > 0 ? player : null };
  }
  const offer = game.drawOffer;
  return {
    ...NOBODY,
    play: turn,
    resign: turn,
    offerDraw: offer === null ? turn : null,
    answerDraw: offer === null ? null : other(offer),
  };
}

function view(game: MockGame): GameView {
  const ply = game.plies.length;
  const position = game.positions[ply]!;
  const botToMove = game.result === null && botSide(game) === position.turn;
  return {
    id: game.id,
    revision: game.revision,
    opponent: game.opponent,
    board: boardView(game, ply),
    legalMoves: game.result || botToMove ? [] : position.moves,
    plies: game.plies,
    result: game.result,
    botToMove,
    clock: null,
    drawOffer: game.drawOffer,
    takeBackRequest: null,
    mayAct: mayAct(game),
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
  game.drawOffer = null;
  game.revision++;
}

function recordedGame(id: string, opponent: Opponent, plies: number): MockGame {
  return {
    id,
    revision: plies,
    opponent,
    positions: RECORD.slice(0, plies + 1),
    plies: RECORD_PLIES.slice(0, plies),
    result: null,
    drawOffer: null,
    endedAt: null,
  };
}

export interface MockOptions {
  /** `midgame`: a bot game at the end of the record (a capture of two, a frozen piece); `none`: no game. */
  current: 'midgame' | 'none';
  settings: Partial<Settings>;
  notices: Notice[];
  /** How long the bot "thinks", in milliseconds. */
  botDelay: number;
  /** The save comes from a newer version: nothing is saved (the app says so). */
  readOnly?: boolean;
  /** At most this many finished games a page, whatever the UI asks (to see the paging with two). */
  pageSize?: number;
  /** Course progress at start: best stars by task id (none: a new player). */
  course?: Record<string, number>;
}

export function mockBackend(options: MockOptions): (cmd: string, args: unknown) => unknown {
  let settings: Settings = {
    pieceSet: 'emblems',
    boardTheme: 'wood',
    sound: true,
    showLegalMoves: true,
    showCoordinates: true,
    animation: 'normal',
    defaultLevel: 'casual',
    ...options.settings,
  };
  let counter = 0;
  const now = Date.UTC(2025, 10, 29, 17, 30);
  const finished: MockGame[] = [
    {
      ...recordedGame('g-finished-1', { kind: 'bot', level: 'novice', botSide: 'black' }, 30),
      result: { kind: 'win', winner: 'white', reason: 'resignation' },
      endedAt: now - 86_400_000,
    },
    {
      ...recordedGame('g-finished-2', { kind: 'friend', turnBoard: true }, 12),
      result: { kind: 'draw', reason: 'agreement' },
      endedAt: now - 3 * 86_400_000,
    },
  ];
  let current: MockGame | null =
    options.current === 'midgame' ? recordedGame('g-current', { kind: 'bot', level: 'casual', botSide: 'black' }, fixture.plies.length) : null;
  let channel: Channel<GameEvent> | null = null;
  /** The bot's search in progress: its game, and the timer that will play its move. */
  let search: { game: MockGame; timer: ReturnType<typeof setTimeout> } | null = null;

  // Real IPC sends copies (JSON); so must the mock, or the UI would see its old views change.
  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  const send = (event: GameEvent): void => channel?.onmessage(copy(event));

  const summary = (game: MockGame): FinishedSummary => ({
    id: game.id,
    opponent: game.opponent,
    result: game.result!,
    moves: game.plies.length,
    endedAt: game.endedAt,
  });
  /** Newest first, `limit` games after the one `before` names. */
  const page = (before: PageCursor | null, limit: number): FinishedPage => {
    limit = Math.min(limit, options.pageSize ?? limit);
    const start = before === null ? 0 : finished.findIndex((game) => game.id === before.id) + 1;
    const games = finished.slice(start, start + limit);
    const last = games[games.length - 1];
    const next = last && start + limit < finished.length ? { endedAt: last.endedAt, id: last.id } : null;
    return { games: games.map(summary), next, unreadable: 0 };
  };
  const finishIfOver = (game: MockGame): void => {
    if (game.result && !finished.includes(game)) {
      game.endedAt = Date.now();
      finished.unshift(game);
    }
  };
  const currentGame = (id: string): MockGame => {
    if (!current) throw refusal('noGame', { code: 'noGame' });
    if (current.id !== id) throw refusal('noGame', { code: 'notCurrentGame' });
    return current;
  };
  const anyGame = (id: string): MockGame => {
    const game = current?.id === id ? current : finished.find((g) => g.id === id);
    if (!game) throw refusal('noGame', { code: 'notFinished' });
    return game;
  };
  const stopSearch = (): void => {
    if (search) clearTimeout(search.timer);
    search = null;
  };
  /** Starts the bot's turn when it is its move and no search runs: the app's Rust side does the same. */
  const startBot = (game: MockGame): void => {
    if (search || game.result || botSide(game) !== game.positions[game.plies.length]!.turn) return;
    send({ kind: 'botThinking', gameId: game.id });
    const timer = setTimeout(() => {
      search = null;
      if (current !== game) return;
      const position = game.positions[game.plies.length]!;
      const recorded = RECORD_PLIES[game.plies.length];
      const move = (recorded && position.moves.find((m) => m.from === recorded.from && m.to === recorded.to)) ?? position.moves[0];
      if (!move) return send({ kind: 'failed', gameId: game.id, error: refusal('badRequest', { code: 'botFailed' }) });
      push(game, move);
      send({ kind: 'changed', game: view(game) });
    }, options.botDelay);
    search = { game, timer };
  };
  const start = (opponent: Opponent): GameView => {
    stopSearch();
    current = { id: `g-new-${++counter}`, revision: 0, opponent, positions: [RECORD[0]!], plies: [], result: null, drawOffer: null, endedAt: null };
    startBot(current);
    return view(current);
  };

  const course = mockCourse(options.course);
  const puzzles = mockPuzzles();

  return (cmd, raw) => {
    const answer = handle(cmd, raw);
    return answer instanceof Promise ? answer.then(copy) : copy(answer);
  };

  function handle(cmd: string, raw: unknown): unknown {
    const args = (raw ?? {}) as Record<string, unknown>;
    const lesson = course.handle(cmd, args);
    if (lesson.handled) return lesson.answer;
    const puzzle = puzzles.handle(cmd, args);
    if (puzzle.handled) return puzzle.answer;
    const id = String(args['gameId'] ?? '');
    switch (cmd) {
      case 'start_up':
        return {
          settings,
          current: current && view(current),
          finished: page(null, 50),
          notices: options.notices,
          readOnly: options.readOnly ?? false,
          course: course.status(),
          puzzles: puzzles.status(),
        } satisfies Startup;
      case 'watch_games':
        channel = args['channel'] as Channel<GameEvent>;
        if (current) startBot(current);
        return null;
      case 'new_game': {
        const request = args['request'] as NewGame;
        if (request.kind === 'friend') return start({ kind: 'friend', turnBoard: request.turnBoard });
        const player: Color = request.playerSide === 'random' ? (counter % 2 ? 'white' : 'black') : request.playerSide;
        return start({ kind: 'bot', level: request.level, botSide: other(player) });
      }
      case 'rematch': {
        const previous = anyGame(id).opponent;
        return start(previous.kind === 'bot' ? { ...previous, botSide: other(previous.botSide) } : previous);
      }
      case 'open_game': {
        const game = currentGame(id);
        startBot(game);
        return view(game);
      }
      case 'play_move': {
        const game = currentGame(id);
        if (game.result) throw refusal('gameOver', { code: 'gameOver' });
        const move = view(game).legalMoves.find((m) => m.from === args['from'] && m.to === args['to']);
        if (!move) {
          // The mock knows no rules: its reason is a guess (mockReason); the app's comes from the rules.
          const position = game.positions[game.plies.length]!;
          throw refusal('illegalMove', mockReason(position, String(args['from']), String(args['to'])));
        }
        push(game, move);
        startBot(game);
        return view(game);
      }
      case 'take_back': {
        const game = currentGame(id);
        if (mayAct(game).takeBack === null) throw refusal('badRequest', { code: 'nothingToTakeBack' });
        stopSearch();
        do {
          game.plies.pop();
          game.positions.pop();
        } while (game.plies.length > 0 && game.positions[game.plies.length]!.turn === botSide(game));
        game.revision++;
        return view(game);
      }
      case 'resign': {
        const game = currentGame(id);
        const loser = mayAct(game).resign;
        if (loser === null) throw refusal('gameOver', { code: 'gameOver' });
        stopSearch();
        game.result = { kind: 'win', winner: other(loser), reason: 'resignation' };
        game.revision++;
        finishIfOver(game);
        return view(game);
      }
      case 'offer_draw': {
        const game = currentGame(id);
        const acts = mayAct(game);
        if (game.opponent.kind === 'bot') throw refusal('badRequest', { code: 'notAgainstBot' });
        if (acts.answerDraw !== null) game.result = { kind: 'draw', reason: 'agreement' };
        else if (acts.offerDraw !== null) game.drawOffer = acts.offerDraw;
        else throw refusal('badRequest', { code: 'drawAlreadyOffered' });
        game.revision++;
        finishIfOver(game);
        return view(game);
      }
      case 'answer_draw': {
        const game = currentGame(id);
        if (game.drawOffer === null) throw refusal('badRequest', { code: 'noDrawOffer' });
        if (args['accept'] === true) game.result = { kind: 'draw', reason: 'agreement' };
        game.drawOffer = null;
        game.revision++;
        finishIfOver(game);
        return view(game);
      }
      case 'leave_game':
        if (search?.game.id === id) stopSearch();
        return null;
      case 'board_at':
        return boardView(anyGame(id), Number(args['ply']));
      case 'finished_game':
        return view(anyGame(id));
      case 'finished_games':
        return page((args['before'] as PageCursor | null) ?? null, Number(args['limit']));
      case 'set_settings':
        settings = args['settings'] as Settings;
        return settings;
      default:
        throw `command ${cmd} not found`;
    }
  }
}
