// A game's analysis, off the page's thread: the same WebAssembly module as the page's, its
// `analyse` on the job the page posts (an `AnalysisJob` of
// crates/ultima-wasm/src/analysis_state.rs, as JSON), the progress posted after each position,
// then the analysis. Stopping it ends this worker.

import init, { analyse } from '../../../web/pkg/ultima_wasm.js';
import type { AnalysisMessage } from './engine';

const ready = init();
const post = (message: AnalysisMessage) => self.postMessage(message);

self.onmessage = async (message: MessageEvent<string>) => {
  await ready;
  try {
    const analysis = analyse(message.data, (done: number, total: number) => post({ kind: 'progress', done, total }));
    post({ kind: 'done', analysis });
  } catch (error) {
    post({ kind: 'failed', problem: String(error) });
  }
};
