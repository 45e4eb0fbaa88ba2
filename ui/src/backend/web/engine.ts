// The browser's backend: the app's Rust commands compiled to WebAssembly (crates/ultima-wasm),
// its saved data in IndexedDB (`storage.ts`), the bot's searches in a Web Worker
// (`bot.worker.ts`), and the clock's flag on a timer. A command answers only once what it
// changed is written, as in the app; a write that fails answers with the storage error and
// the backend reopens from what was last written, so that what the player sees is saved.

import init, { Backend } from '../../../web/pkg/ultima_wasm.js';
import type { AnalysisAnswer, AnalysisProgress, AppError, GameEvent, StorageWhat } from '../../bindings';
import type { PushChannel } from '../transport';
import { OnlineLines } from './online';
import { Storage, type HistoryWrite } from './storage';

type Answer = { ok: unknown } | { error: AppError } | { failure: string } | { analyse: AnalysisJob };

/** A game for the analysis worker (`AnalysisJob` of crates/ultima-wasm/src/analysis_state.rs). */
type AnalysisJob = { gameId: string; record: string; nodes: number };

/** What the analysis worker posts (see `analysis.worker.ts`). */
export type AnalysisMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; analysis: string }
  | { kind: 'failed'; problem: string };

/** The analysis under way: its worker, how far it came, and how its `analyse_game` answers. */
interface Analysis {
  gameId: string;
  worker: Worker;
  done: number;
  total: number;
  answer: (answer: AnalysisAnswer) => void;
}

/** What the worker answers (see `bot.worker.ts`). */
export type WorkerAnswer = { ticket: number; move: string | null; problem?: string };

const storageError = (what: StorageWhat): AppError => ({ kind: 'storage', problem: { code: 'storage', what } });

class Engine {
  private channel: PushChannel<GameEvent> | null = null;
  private lastSnapshot: string | null = null;
  private worker: Worker | null = null;
  private workerTicket: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private analysis: Analysis | null = null;
  /** Every change (a command, the bot's move, the clock, an analysis kept) runs and is saved
   * before the next one starts, so that a save that fails reopens on a state no later change
   * has built on. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Online play's sockets and timers (the lines' rules and the game are the backend's). */
  private readonly online = new OnlineLines({
    call: (command, args, request) => this.change(() => this.backend.onlineCall(command, args, request)),
    news: (line, news, text) => this.change(() => this.backend.onlineNews(line, news, text)),
    timedOut: (request) => this.change(() => this.backend.onlineTimedOut(request)),
    lines: () => this.exclusive(async () => Array.from(this.backend.onlineLines())),
  });

  private constructor(
    private backend: Backend,
    private readonly storage: Storage,
  ) {}

  static async open(): Promise<Engine> {
    await init();
    const storage = await Storage.open();
    const engine = new Engine(await Engine.backendFrom(storage), storage);
    return engine;
  }

  private static async backendFrom(storage: Storage): Promise<Backend> {
    const saved = await storage.read();
    const backend = new Backend(saved.current, saved.previous, saved.games, saved.attempts, saved.analyses);
    await storage.settle(saved, backend.used());
    return backend;
  }

  watch(channel: PushChannel<unknown>): void {
    this.channel = channel as PushChannel<GameEvent>;
  }

  watchOnline(channel: PushChannel<unknown>): void {
    this.online.watch(channel);
  }

  /** Runs `work` once the changes before it are done and saved. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const done = this.queue.then(work);
    this.queue = done.catch(() => {});
    return done;
  }

  /** Runs `command`: resolves with its answer, rejects with its `AppError` (or, as Tauri's
   * IPC does, a string, here empty, for a failure without a code). An analysis answers when it
   * is done, outside the queue (the app goes on meanwhile). */
  async run(command: string, args: Record<string, unknown>): Promise<unknown> {
    if (command === 'stop_analysis') {
      this.stopAnalysis(typeof args['gameId'] === 'string' ? args['gameId'] : null);
      return null;
    }
    if (Backend.isOnlineCommand(command)) return this.online.call(command, args);
    const answer = await this.exclusive(() => this.runNow(command, args));
    if ('ok' in answer) return answer.ok ?? null;
    if ('error' in answer) throw answer.error;
    if ('analyse' in answer) return this.analyse(answer.analyse, args['progress'] as PushChannel<AnalysisProgress> | undefined);
    // A command this build does not have, or arguments of the wrong shape: said in the console,
    // worded from the catalogue for the player.
    console.warn(`ultima: ${answer.failure}`);
    throw '';
  }

  private async runNow(command: string, args: Record<string, unknown>): Promise<Answer> {
    let answer: Answer;
    try {
      answer = JSON.parse(this.backend.call(command, JSON.stringify(args))) as Answer;
    } catch (error) {
      // A panic inside the WebAssembly: its state cannot be trusted, so it reopens. The player
      // gets the catalogue's words for a failure without a reason (an empty IPC failure); the
      // console keeps the detail.
      console.error(`ultima: the backend failed in ${command}:`, error);
      await this.reopen();
      throw '';
    }
    await this.persist();
    this.afterChange();
    return answer;
  }

  /** Runs `work` on the backend once the changes before it are done; what it changed is saved
   * before its value is handed back. */
  private change<T>(work: () => T): Promise<T> {
    return this.exclusive(async () => {
      const value = work();
      await this.persist();
      this.afterChange();
      return value;
    });
  }

  /** Runs `job` in an analysis worker (one at a time: a new one stops the one before), its
   * progress pushed through `progress`; the result is kept (as the app keeps it) and answered. */
  private analyse(job: AnalysisJob, progress: PushChannel<AnalysisProgress> | undefined): Promise<AnalysisAnswer> {
    this.stopAnalysis(null);
    return new Promise<AnalysisAnswer>((resolve, reject) => {
      const worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
      const running: Analysis = { gameId: job.gameId, worker, done: 0, total: 0, answer: resolve };
      this.analysis = running;
      const finish = () => {
        worker.terminate();
        if (this.analysis === running) this.analysis = null;
      };
      worker.onmessage = async (message: MessageEvent<AnalysisMessage>) => {
        const data = message.data;
        if (data.kind === 'progress') {
          running.done = data.done;
          running.total = data.total;
          progress?.onmessage({ done: data.done, total: data.total });
          return;
        }
        finish();
        if (data.kind === 'failed') {
          console.error('ultima: the analysis failed:', data.problem);
          reject({ kind: 'badRequest', problem: { code: 'botFailed' } } satisfies AppError);
          return;
        }
        let answer: Answer;
        try {
          answer = await this.exclusive(async () => {
            const kept = JSON.parse(this.backend.analysisDone(job.gameId, data.analysis)) as Answer;
            await this.persist();
            return kept;
          });
        } catch (error) {
          reject(error);
          return;
        }
        if ('ok' in answer) resolve(answer.ok as AnalysisAnswer);
        else reject('error' in answer ? answer.error : String(answer));
      };
      worker.onerror = (error) => {
        console.error('ultima: the analysis worker failed', error);
        finish();
        reject({ kind: 'badRequest', problem: { code: 'botFailed' } } satisfies AppError);
      };
      worker.postMessage(JSON.stringify(job));
    });
  }

  /** Stops the analysis under way (of `gameId`, or any): its `analyse_game` answers `stopped`. */
  private stopAnalysis(gameId: string | null): void {
    const running = this.analysis;
    if (!running || (gameId !== null && running.gameId !== gameId)) return;
    running.worker.terminate();
    this.analysis = null;
    running.answer({ kind: 'stopped', done: running.done, total: running.total });
  }

  /** Writes what changed; on a failure reopens from what was written, and throws. */
  private async persist(): Promise<void> {
    const writes = JSON.parse(this.backend.takeWrites()) as HistoryWrite[];
    const snapshot = this.backend.snapshot() ?? null;
    const changed = snapshot !== null && snapshot !== this.lastSnapshot;
    if (writes.length === 0 && !changed) return;
    try {
      await this.storage.save(writes, changed ? snapshot : null);
      if (changed) this.lastSnapshot = snapshot;
    } catch (error) {
      console.error('ultima: saving in IndexedDB failed', error);
      await this.reopen().catch((reopening: unknown) => console.error('ultima: reopening the saved data failed', reopening));
      throw storageError('save');
    }
  }

  private async reopen(): Promise<void> {
    this.stopWorker();
    // The old one stays until the new one is open (if reading fails, the page keeps a backend).
    const reopened = await Engine.backendFrom(this.storage);
    this.backend.free();
    this.backend = reopened;
    this.lastSnapshot = this.backend.snapshot() ?? null;
    if (this.channel) this.backend.call('watch_games', '{}');
    // The bot, the clock and the events follow the reopened state.
    this.afterChange();
  }

  /** After any change: the events go out (after the answer), the bot's search and the
   * clock's timer follow the state. */
  private afterChange(): void {
    const events = JSON.parse(this.backend.takeEvents()) as GameEvent[];
    if (events.length > 0 && this.channel) {
      const channel = this.channel;
      setTimeout(() => events.forEach((event) => channel.onmessage(event)), 0);
    }
    this.driveBot();
    this.armClock();
  }

  private driveBot(): void {
    const wanted = this.backend.searching() ?? null;
    if (this.workerTicket !== null && this.workerTicket !== wanted) this.stopWorker();
    const job = this.backend.takeJob();
    if (job === undefined) return;
    const { ticket } = JSON.parse(job) as { ticket: number };
    const worker = this.worker ?? this.startWorker();
    this.workerTicket = ticket;
    worker.postMessage(job);
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (message: MessageEvent<WorkerAnswer>) => void this.exclusive(() => this.botAnswered(message.data));
    worker.onerror = (error) => {
      console.error('ultima: the bot worker failed', error);
      // Its search ends without a move (the state is told, so the bot does not stay "thinking").
      const ticket = this.workerTicket;
      worker.terminate();
      this.worker = null;
      if (ticket !== null) void this.exclusive(() => this.botAnswered({ ticket, move: null }));
    };
    this.worker = worker;
    return worker;
  }

  /** A search no longer wanted is stopped by ending its worker (the next one starts fresh). */
  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.workerTicket = null;
  }

  private async botAnswered(answer: WorkerAnswer): Promise<void> {
    if (answer.ticket !== this.workerTicket) return;
    this.workerTicket = null;
    if (answer.problem) console.error('ultima: the bot found no move:', answer.problem);
    this.backend.botPlayed(answer.ticket, answer.move);
    try {
      await this.persist();
    } catch {
      // The move is not kept (the backend reopened on what was saved); the page is told.
      this.backend.takeEvents();
      return;
    }
    this.afterChange();
  }

  private armClock(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const deadline = this.backend.nextDeadline();
    if (deadline === undefined) return;
    // Timers hold at most 2^31 ms; a later deadline is looked at again then.
    const wait = Math.min(Math.max(0, deadline - Date.now()) + 5, 2 ** 31 - 1);
    this.timer = setTimeout(() => void this.exclusive(() => this.clockRang()), wait);
  }

  private async clockRang(): Promise<void> {
    this.timer = null;
    this.backend.clockDue();
    try {
      await this.persist();
    } catch {
      this.backend.takeEvents();
    }
    this.afterChange();
  }
}

let opening: Promise<Engine> | null = null;

/** The one backend of the page, opened at the first command. */
export function engine(): Promise<Engine> {
  opening ??= Engine.open().catch((error: unknown) => {
    opening = null;
    console.error('ultima: the browser backend could not open', error);
    throw storageError('saveFile');
  });
  return opening;
}
