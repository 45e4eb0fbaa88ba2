// The new-game screen's controller: the choices (opponent, level, colour, turning the board, the
// reading of the rules), kept by the app for a return through the history (from a rules page),
// and the start, which abandons an unfinished game only once the player confirms. Its view is
// newGame.ts.

import { api } from '../api';
import type { App } from '../app/app';
import type { Level, NewGame, Reading, SideChoice } from '../bindings';
import { DEFAULT_READING } from '../common/wording';
import type { NewGameChoices, OpponentChoice } from './newGameChoices';

export type { OpponentChoice } from './newGameChoices';

export class NewGameCtrl {
  opponent: OpponentChoice = 'bot';
  level: Level;
  side: SideChoice = 'white';
  turnBoard = true;
  /** The reading of the rules, for a game against the bot or between friends alike: Abbott's
   *  1963 rules until the player chooses another, each time the screen opens anew. */
  reading: Reading = DEFAULT_READING;
  /** The request is on its way: a second press does nothing. */
  starting = false;

  constructor(
    readonly app: App,
    /** Asks whether to abandon the game in progress; a dialog in the app, an answer in tests. */
    private readonly confirmAbandon: (app: App) => Promise<boolean>,
    /** The screen was come back to through the history (from a rules page it links to): the
     * choices are as the player left them, not the defaults. */
    returning = false,
  ) {
    this.level = app.settings.defaultLevel;
    const kept = returning ? app.newGameChoices : null;
    if (kept) Object.assign(this, kept);
  }

  /** The form as it stands. */
  choices(): NewGameChoices {
    return { opponent: this.opponent, level: this.level, side: this.side, turnBoard: this.turnBoard, reading: this.reading };
  }

  /** The request the choices make. */
  request(): NewGame {
    const reading = this.reading;
    return this.opponent === 'bot' ? { kind: 'bot', level: this.level, playerSide: this.side, reading } : { kind: 'friend', turnBoard: this.turnBoard, reading };
  }

  set<K extends 'opponent' | 'level' | 'side' | 'turnBoard' | 'reading'>(key: K, value: NewGameCtrl[K]): void {
    (this as NewGameCtrl)[key] = value;
    this.app.redraw();
  }

  /** The screen is left: the app keeps the form, for when the history returns to it. */
  leave(): void {
    this.app.newGameChoices = this.choices();
  }

  cancel(): void {
    this.app.back();
  }

  async start(): Promise<void> {
    if (this.starting) return;
    if (this.app.hasGameInProgress() && !(await this.confirmAbandon(this.app))) return;
    this.starting = true;
    try {
      const game = await api.newGame(this.request());
      this.app.current = game;
      this.app.clearError();
      // In place of this screen: back from the game goes home, not here.
      await this.app.go({ screen: 'play', gameId: game.id }, { game }, 'replace');
    } catch (error) {
      this.app.showError(error);
    } finally {
      this.starting = false;
    }
  }
}
