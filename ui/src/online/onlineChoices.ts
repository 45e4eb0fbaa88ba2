// What the "Play online" form holds (create or join, the colour, the clock, the reading of the
// rules, hosting, the code typed), apart from its controller, so that the app can keep it while
// the player reads a rules page the form links to (back returns to the form as it was left). The
// server address is not here: it is a saved setting, saved as it changes. The port is a setting
// too, but saved only when a game is hosted on it, so the port as typed is kept here.

import type { ColorChoice, Reading } from '../bindings';

export type OnlineMode = 'create' | 'join';

/** The clocks offered: none, minutes + seconds added per move, or days per move (correspondence:
 * the time comes back whole after each move). */
export const CLOCKS = ['none', '5+3', '10+5', '15+10', '30+20', '1d', '2d', '3d', '7d', '14d'] as const;
export type ClockChoice = (typeof CLOCKS)[number];

export interface OnlineChoices {
  mode: OnlineMode;
  color: ColorChoice;
  clock: ClockChoice;
  reading: Reading;
  hosted: boolean;
  /** The invite code, as typed. */
  invite: string;
  /** The port to host on, as typed (not yet saved). */
  port: string;
}
