// Online play's commands, unwrapped as every other (`../api.ts`): a value or a thrown ApiError.
// The connection lives on the Rust side; the UI only asks and listens to one channel.

import { Channel } from '@tauri-apps/api/core';
import { unwrap } from '../api';
import {
  commands,
  type BoardView,
  type ClockSetting,
  type ColorChoice,
  type Correspondence,
  type HostView,
  type OnlineAction,
  type OnlineEvent,
  type OnlineSettings,
  type OnlineStatus,
  type OnlineView,
  type Reading,
} from '../bindings';

export const onlineApi = {
  status: (): Promise<OnlineStatus> => unwrap(commands.onlineStatus()),
  /** Registers the one channel the online games' changes come through; call once. The games
   * saved at the last run are resumed then. */
  watch: async (onEvent: (event: OnlineEvent) => void): Promise<void> => {
    const channel = new Channel<OnlineEvent>();
    channel.onmessage = onEvent;
    await unwrap(commands.watchOnline(channel));
  },
  setSettings: (settings: OnlineSettings): Promise<OnlineSettings> => unwrap(commands.setOnlineSettings(settings)),
  host: (port: number): Promise<HostView> => unwrap(commands.onlineHost(port)),
  stopHosting: async (): Promise<void> => {
    await unwrap(commands.onlineStopHosting());
  },
  create: (color: ColorChoice, clock: ClockSetting | null, correspondence: Correspondence | null, reading: Reading, hosted: boolean): Promise<OnlineView> =>
    unwrap(commands.onlineCreate(color, clock, correspondence, reading, hosted)),
  join: (server: string, invite: string): Promise<OnlineView> => unwrap(commands.onlineJoin(server, invite)),
  // Each names its game by its id (`online-…`, the game view's): several go on at once.
  game: (gameId: string): Promise<OnlineView> => unwrap(commands.onlineGame(gameId)),
  boardAt: (gameId: string, ply: number): Promise<BoardView> => unwrap(commands.onlineBoardAt(gameId, ply)),
  play: (gameId: string, from: string, to: string): Promise<OnlineView> => unwrap(commands.onlinePlay(gameId, from, to)),
  act: (gameId: string, action: OnlineAction): Promise<OnlineView> => unwrap(commands.onlineAct(gameId, action)),
  leave: async (gameId: string): Promise<void> => {
    await unwrap(commands.onlineLeave(gameId));
  },
};

export type OnlineApi = typeof onlineApi;
