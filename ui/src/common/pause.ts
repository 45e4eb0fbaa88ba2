// The pause a trainer's board makes between one move and the next (the course's learner's move
// and the reply, the puzzle's mistake and the player's turn), cut short when the screen is left.

export class Pause {
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Resolves after `ms` milliseconds; a pause cancelled never resolves. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.timer = setTimeout(resolve, ms);
    });
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}
