// The bot's searches, off the page's thread: the same WebAssembly module as the page's, its
// `think` on each job the page posts (a `BotJob` of crates/ultima-wasm/src/bot.rs, as JSON),
// answered with the move after at least the job's minimum thinking time (as in the app). A
// search no longer wanted is not told to stop: the page ends this worker.

import init, { think } from '../../../web/pkg/ultima_wasm.js';
import type { WorkerAnswer } from './engine';

const ready = init();

self.onmessage = async (message: MessageEvent<string>) => {
  await ready;
  const started = performance.now();
  const { ticket, minThinkingMs } = JSON.parse(message.data) as { ticket: number; minThinkingMs: number };
  let answer: WorkerAnswer;
  try {
    answer = { ticket, move: think(message.data) };
  } catch (error) {
    answer = { ticket, move: null, problem: String(error) };
  }
  const left = minThinkingMs - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  self.postMessage(answer);
};
