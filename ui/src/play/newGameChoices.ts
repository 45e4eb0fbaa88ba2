// What the new-game form holds (the opponent, the level, the colour, turning the board, the
// reading of the rules), apart from its controller, so that the app can keep it while the player
// reads a rules page the form links to (back returns to the form as it was left).

import type { Level, Reading, SideChoice } from '../bindings';

export type OpponentChoice = 'bot' | 'friend';

export interface NewGameChoices {
  opponent: OpponentChoice;
  level: Level;
  side: SideChoice;
  turnBoard: boolean;
  reading: Reading;
}
