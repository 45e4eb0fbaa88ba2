// The real Rust side for the unit tests in Node: the browser build's WebAssembly backend
// (crates/ultima-wasm, built into ui/web/pkg by `npm run build:web`), loaded synchronously, with
// the saved data in memory instead of IndexedDB and the bot's searches on a timer instead of a
// Web Worker. The tests' `invoke` (Tauri's `mockIPC`, or the course's and the trainer's backend
// interfaces) goes to it, so every move, capture, refusal, course check and puzzle judgement
// they see is the engine's. What the page does around it is `ui/src/backend/web/engine.ts`.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Backend, initSync, think } from '../web/pkg/ultima_wasm.js';
import type { GameEvent, Opponent, Settings } from '../src/bindings';
import fixture from './fixture-game.json';
import type { PushChannel } from '../src/backend/transport';

// (Not `new URL(…, import.meta.url)`: Vite rewrites that pattern into an asset's address.)
const WASM = join(dirname(fileURLToPath(import.meta.url)), '../web/pkg/ultima_wasm_bg.wasm');

let loaded = false;
function load(): void {
  if (loaded) return;
  if (!existsSync(WASM)) throw new Error(`${WASM} is missing: build it with \`npm run build:web\` first`);
  initSync({ module: readFileSync(WASM) });
  loaded = true;
}

type Answer = { ok: unknown } | { error: unknown } | { failure: string } | { analyse: unknown };
type Write = { store: 'finished' | 'attempt' | 'analysis'; key: string | number; value: unknown };

/** A stored record of the history, as the browser hands it over (`{key, value}`). */
export interface Entry {
  key: string | number;
  value: unknown;
}

/** The saved data: what IndexedDB holds in the browser. */
export interface SavedData {
  /** The small record in use, and the one before it (the text as written; `null`: none). */
  current: string | null;
  previous: string | null;
  games: Entry[];
  attempts: Entry[];
  analyses: Entry[];
}

export interface RealOptions {
  /** What is saved when the backend opens (none: a first start). */
  saved?: Partial<SavedData>;
  /** How long the bot waits before it searches, in milliseconds (default 0). */
  botDelay?: number;
}

/** The settings the DOM tests start with: the defaults, without animations. */
export const TEST_SETTINGS = {
  pieceSet: 'emblems',
  boardTheme: 'wood',
  sound: true,
  showLegalMoves: true,
  showCoordinates: true,
  animation: 'none',
  defaultLevel: 'casual',
  language: 'en',
} satisfies Partial<Settings>;

/** A small saved record with `entries` (the format the Rust side writes: crates/ultima-wasm/src/store.rs). */
export function savedRecord(entries: Record<string, unknown> = {}): string {
  return JSON.stringify({ version: 2, settings: TEST_SETTINGS, ...entries });
}

/** The recorded game (fixture-game.json): its first `plies` moves as a game in progress, as the
 * app saves one (`currentGame`); the Rust side replays it when it opens. */
export function savedGame(id: string, opponent: Opponent, plies: number = fixture.moves.length): Record<string, unknown> {
  const moves = fixture.moves.slice(0, plies);
  return {
    format: 2,
    id,
    opponent,
    record: `start ${fixture.start}\n${moves.length ? `moves ${moves.join(' ')}\n` : ''}`,
    createdAt: Date.now() - 600_000,
    endedAt: null,
    revision: moves.length,
  };
}

/** The recorded game's moves, in coordinates (`e2e4`; a removal `f5f5`). */
export const FIXTURE_MOVES: readonly string[] = fixture.moves;

/**
 * The Rust side, in memory. `invoke` runs a command as the app's IPC would (arguments and
 * answers copied through JSON, an `AppError` thrown as the rejection); a restart (`reopen`)
 * reads back what was saved, as the app does at its next start.
 */
export class RealBackend {
  private backend: Backend;
  private channel: PushChannel<GameEvent> | null = null;
  private botTimer: ReturnType<typeof setTimeout> | null = null;
  private clockTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly botDelay: number;
  readonly saved: SavedData;

  constructor(options: RealOptions = {}) {
    load();
    this.saved = { current: null, previous: null, games: [], attempts: [], analyses: [], ...options.saved };
    this.botDelay = options.botDelay ?? 0;
    this.backend = this.open();
  }

  private open(): Backend {
    const { current, previous, games, attempts, analyses } = this.saved;
    const backend = new Backend(current, previous, JSON.stringify(games), JSON.stringify(attempts), JSON.stringify(analyses));
    // The record used is the one in use from now on (the torn one stays aside, as in the browser).
    if (backend.used() === 'previous') this.saved.current = this.saved.previous;
    return backend;
  }

  /** Runs `command` and answers as Tauri's `invoke` does; the handler for `mockIPC`. */
  invoke = (command: string, args: unknown = {}): Promise<unknown> => {
    const record = (args ?? {}) as Record<string, unknown>;
    if (command === 'watch_games' && record['channel'] && typeof record['channel'] === 'object') {
      this.channel = record['channel'] as PushChannel<GameEvent>;
    }
    const answer = JSON.parse(this.backend.call(command, JSON.stringify(record))) as Answer;
    this.afterChange();
    if ('ok' in answer) return Promise.resolve(answer.ok ?? null);
    if ('error' in answer) return Promise.reject(answer.error);
    if ('failure' in answer) return Promise.reject(`command ${command}: ${answer.failure}`);
    return Promise.reject(`command ${command}: an analysis, which the unit tests do not run`);
  };

  /** The app quits and starts again on what it saved. */
  reopen(): void {
    this.stop();
    this.backend.free();
    this.channel = null;
    this.backend = this.open();
  }

  /** No more timers (the test is over). */
  stop(): void {
    if (this.botTimer !== null) clearTimeout(this.botTimer);
    if (this.clockTimer !== null) clearTimeout(this.clockTimer);
    this.botTimer = null;
    this.clockTimer = null;
  }

  /** After any change: saved (in memory), the events pushed, the bot and the clock followed. */
  private afterChange(): void {
    for (const write of JSON.parse(this.backend.takeWrites()) as Write[]) {
      const list = write.store === 'finished' ? this.saved.games : write.store === 'attempt' ? this.saved.attempts : this.saved.analyses;
      const at = list.findIndex((entry) => entry.key === write.key);
      if (at >= 0) list.splice(at, 1);
      list.push({ key: write.key, value: write.value });
    }
    const snapshot = this.backend.snapshot();
    if (snapshot !== undefined && snapshot !== this.saved.current) {
      this.saved.previous = this.saved.current;
      this.saved.current = snapshot;
    }
    const events = JSON.parse(this.backend.takeEvents()) as GameEvent[];
    const channel = this.channel;
    if (events.length > 0 && channel) setTimeout(() => events.forEach((event) => channel.onmessage(event)), 0);
    this.driveBot();
    this.armClock();
  }

  private driveBot(): void {
    const job = this.backend.takeJob();
    if (job === undefined) return;
    if (this.botTimer !== null) clearTimeout(this.botTimer);
    const { ticket } = JSON.parse(job) as { ticket: number };
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      // A search no longer wanted (a take-back, a resignation, another game) is dropped.
      if (this.backend.searching() !== ticket) return;
      let move: string | null = null;
      try {
        move = think(job);
      } catch (error) {
        console.error('ultima: the bot found no move:', error);
      }
      this.backend.botPlayed(ticket, move);
      this.afterChange();
    }, this.botDelay);
  }

  private armClock(): void {
    if (this.clockTimer !== null) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    const deadline = this.backend.nextDeadline();
    if (deadline === undefined) return;
    const wait = Math.min(Math.max(0, deadline - Date.now()) + 5, 2 ** 31 - 1);
    this.clockTimer = setTimeout(() => {
      this.clockTimer = null;
      this.backend.clockDue();
      this.afterChange();
    }, wait);
  }
}

/** A puzzle of the shipped collection, as its file has it (crates/ultima-puzzles/data/puzzles.txt:
 * `id;ufen;moves;rating;rd;themes`): the line is the opponent's mistake, then the solver's moves
 * and the replies, in coordinates. Data the tests play from, read as the screenshots read it. */
export interface ShippedPuzzle {
  id: string;
  line: string[];
  rating: number;
  themes: string[];
}

const COLLECTION = join(dirname(fileURLToPath(import.meta.url)), '../../crates/ultima-puzzles/data/puzzles.txt');

export const PUZZLES: readonly ShippedPuzzle[] = readFileSync(COLLECTION, 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [id = '', , moves = '', rating = '0', , themes = ''] = line.split(';');
    return { id, line: moves.split(' '), rating: Number(rating), themes: themes.split(',') };
  });

/** The shipped puzzle `id`. */
export function shippedPuzzle(id: string): ShippedPuzzle {
  const puzzle = PUZZLES.find((p) => p.id === id);
  if (!puzzle) throw new Error(`no puzzle ${id} in the collection`);
  return puzzle;
}

/** The first shipped puzzle whose line has `length` moves (2: one move to find; 4: two). */
export function puzzleOfLength(length: number): ShippedPuzzle {
  const puzzle = PUZZLES.find((p) => p.line.length === length);
  if (!puzzle) throw new Error(`no puzzle of ${length} moves in the collection`);
  return puzzle;
}
