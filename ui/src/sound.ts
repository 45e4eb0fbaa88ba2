// Move sounds. Playing is a nicety: a webview that refuses (autoplay rules, no audio device,
// an unsupported format) must never break a move, so every failure is dropped here on purpose.

import type { BoardView, GameResult, PlyView } from './bindings';

export type SoundName = 'move' | 'capture' | 'check' | 'end';

const NAMES: readonly SoundName[] = ['move', 'capture', 'check', 'end'];

/** The one sound a new move makes: the end of the game, then check, then a capture, then a move. */
export function soundFor(ply: PlyView, board: BoardView, result: GameResult | null): SoundName {
  if (result) return 'end';
  if (board.check) return 'check';
  // A removal takes a piece off the board too.
  if (ply.captures.length > 0 || ply.from === ply.to) return 'capture';
  return 'move';
}

export class Sounds {
  private readonly clips = new Map<SoundName, HTMLAudioElement>();

  constructor(private readonly enabled: () => boolean) {
    if (typeof Audio === 'undefined') return;
    for (const name of NAMES) {
      try {
        const clip = new Audio(`/sounds/${name}.ogg`);
        clip.preload = 'auto';
        this.clips.set(name, clip);
      } catch {
        // No audio in this webview: stay silent.
      }
    }
  }

  play(name: SoundName): void {
    if (!this.enabled()) return;
    const clip = this.clips.get(name);
    if (!clip) return;
    try {
      clip.currentTime = 0;
      void clip.play().catch(() => undefined);
    } catch {
      // Refused synchronously by some engines: silence is the right answer.
    }
  }
}
