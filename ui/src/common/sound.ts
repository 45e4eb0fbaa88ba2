// Move sounds. Playing is a nicety: a webview that refuses (autoplay rules, no audio device,
// an unsupported format) must never break a move, so every failure is dropped here on purpose.

import type { BoardView, Outcome, PlyView } from '../bindings';

export type SoundName = 'move' | 'capture' | 'check' | 'end';

const NAMES: readonly SoundName[] = ['move', 'capture', 'check', 'end'];

/** The one sound a new move makes: the end of the game, then check, then a capture, then a move. */
export function soundFor(ply: PlyView, board: BoardView, result: Outcome | null): SoundName {
  if (result) return 'end';
  if (board.check) return 'check';
  // A removal takes a piece off the board too.
  if (ply.captures.length > 0 || ply.removal) return 'capture';
  return 'move';
}

/** The file of a sound: Ogg Vorbis where the webview plays it (Linux, Windows, Android), MP3
 * elsewhere (Apple's WebKit has no Vorbis). */
export function soundFile(name: SoundName, canPlayOgg: boolean): string {
  return `/sounds/${name}.${canPlayOgg ? 'ogg' : 'mp3'}`;
}

export class Sounds {
  private readonly clips = new Map<SoundName, HTMLAudioElement>();

  constructor(private readonly enabled: () => boolean) {
    if (typeof Audio === 'undefined') return;
    let canPlayOgg = true;
    try {
      canPlayOgg = new Audio().canPlayType('audio/ogg; codecs=vorbis') !== '';
    } catch {
      // Keep Ogg: the webview that cannot even answer will not play either format.
    }
    for (const name of NAMES) {
      try {
        const clip = new Audio(soundFile(name, canPlayOgg));
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
