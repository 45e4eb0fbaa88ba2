// Online play in the browser: the page holds the sockets (`WebSocket`) and the timers, the
// WebAssembly backend the rules of each line (`Line` of crates/ultima-online, driven in
// crates/ultima-wasm/src/online.rs) and the game. Every command and every socket's news goes in;
// what comes out (a `Drive`) says which sockets to open, what to send, what to close, which
// timers to set, what to push to the online channel, and which waiting requests are answered.

import type { AppError, OnlineEvent } from '../../bindings';
import type { PushChannel } from '../transport';

type Answer = { ok: unknown } | { error: AppError } | { failure: string };

/** What the backend asks of the page (`Drive` in crates/ultima-wasm/src/online.rs). */
export interface Drive {
  close: number[];
  open: { line: number; url: string }[];
  send: { line: number; text: string }[];
  retry: { line: number; ms: number }[];
  push: OnlineEvent[];
  answers: { request: number; answer: Answer }[];
}

/** A command's answer now, or later in a drive's answers (`Called`). */
interface Called {
  answer: Answer | null;
  drive: Drive;
}

export type News = 'open' | 'message' | 'close' | 'retry' | 'tick';

/** The backend's online part, each call made while nothing else changes it, its changes saved. */
export interface OnlineBackend {
  call(command: string, args: string, request: number): Promise<string>;
  news(line: number, news: News, text: string): Promise<string>;
  timedOut(request: number): Promise<string>;
  lines(): Promise<number[]>;
}

/** How long a request waits for the server before it is given up (as the app's). */
const ANSWER_TIMEOUT_MS = 15_000;
/** The lines' tick: pings, silences and slow connections are looked at this often. */
const TICK_MS = 1_000;

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class OnlineLines {
  private readonly sockets = new Map<number, WebSocket>();
  private readonly waiting = new Map<number, Waiting>();
  private channel: PushChannel<OnlineEvent> | null = null;
  private nextRequest = 1;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly backend: OnlineBackend) {
    // The network is back, or the phone woke up: lines waiting to come back try at once.
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => void this.retryAll());
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void this.retryAll();
      });
    }
  }

  watch(channel: PushChannel<unknown>): void {
    this.channel = channel as PushChannel<OnlineEvent>;
  }

  /** Runs an online command: its answer, now or once the server has answered. */
  async call(command: string, args: Record<string, unknown>): Promise<unknown> {
    const request = this.nextRequest++;
    const answered = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => void this.timeOut(request), ANSWER_TIMEOUT_MS);
      this.waiting.set(request, { resolve, reject, timer });
    });
    let called: Called;
    try {
      called = JSON.parse(await this.backend.call(command, JSON.stringify(args), request)) as Called;
    } catch (error) {
      this.settle(request, { failure: String(error) });
      return answered;
    }
    if (called.answer !== null) this.settle(request, called.answer);
    this.drive(called.drive);
    return answered;
  }

  private async timeOut(request: number): Promise<void> {
    if (!this.waiting.has(request)) return;
    this.drive(JSON.parse(await this.backend.timedOut(request)) as Drive);
    // A request the backend no longer knew of is given up here all the same.
    this.settle(request, { error: { kind: 'network', problem: { code: 'offline' } } as AppError });
  }

  private settle(request: number, answer: Answer): void {
    const waiting = this.waiting.get(request);
    if (!waiting) return;
    this.waiting.delete(request);
    clearTimeout(waiting.timer);
    if ('ok' in answer) waiting.resolve(answer.ok ?? null);
    else if ('error' in answer) waiting.reject(answer.error);
    else {
      // Arguments of the wrong shape: said in the console, worded from the catalogue for the player.
      console.warn(`ultima: ${answer.failure}`);
      waiting.reject('');
    }
  }

  private drive(drive: Drive): void {
    for (const line of drive.close) this.closeSocket(line);
    for (const { line, url } of drive.open) this.openSocket(line, url);
    for (const { line, text } of drive.send) {
      const socket = this.sockets.get(line);
      if (socket?.readyState === WebSocket.OPEN) socket.send(text);
    }
    for (const { line, ms } of drive.retry) setTimeout(() => void this.tell(line, 'retry', ''), ms);
    const channel = this.channel;
    if (channel && drive.push.length > 0) setTimeout(() => drive.push.forEach((event) => channel.onmessage(event)), 0);
    for (const { request, answer } of drive.answers) this.settle(request, answer);
    this.keepTicking();
  }

  private async tell(line: number, news: News, text: string): Promise<void> {
    let drive: Drive;
    try {
      drive = JSON.parse(await this.backend.news(line, news, text)) as Drive;
    } catch (error) {
      console.error('ultima: an online line failed', error);
      return;
    }
    this.drive(drive);
  }

  private openSocket(line: number, url: string): void {
    this.closeSocket(line);
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      // An address the browser refuses (a `ws://` one from an `https://` page, say).
      void this.tell(line, 'close', String(error));
      return;
    }
    this.sockets.set(line, socket);
    socket.onopen = () => void this.tell(line, 'open', '');
    socket.onmessage = (message: MessageEvent) => {
      if (typeof message.data === 'string') void this.tell(line, 'message', message.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.sockets.get(line) !== socket) return;
      this.sockets.delete(line);
      void this.tell(line, 'close', event.reason || `the connection closed (${event.code})`);
    };
  }

  private closeSocket(line: number): void {
    const socket = this.sockets.get(line);
    if (!socket) return;
    this.sockets.delete(line);
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.close();
  }

  private keepTicking(): void {
    if (this.ticker !== null) return;
    this.ticker = setInterval(() => void this.tick(), TICK_MS);
  }

  private async tick(): Promise<void> {
    const lines = await this.backend.lines();
    if (lines.length === 0 && this.ticker !== null) {
      clearInterval(this.ticker);
      this.ticker = null;
      return;
    }
    for (const line of lines) await this.tell(line, 'tick', '');
  }

  private async retryAll(): Promise<void> {
    for (const line of await this.backend.lines()) await this.tell(line, 'retry', '');
  }
}
