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
} from '../bindings';

export const onlineApi = {
  status: (): Promise<OnlineStatus> => unwrap(commands.onlineStatus()),
  /** Registers the one channel the online game's changes come through; call once. A game saved
   * at the last run is resumed then. */
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
  create: (color: ColorChoice, clock: ClockSetting | null, correspondence: Correspondence | null, hosted: boolean): Promise<OnlineView> =>
    unwrap(commands.onlineCreate(color, clock, correspondence, hosted)),
  join: (server: string, invite: string): Promise<OnlineView> => unwrap(commands.onlineJoin(server, invite)),
  game: (): Promise<OnlineView> => unwrap(commands.onlineGame()),
  boardAt: (ply: number): Promise<BoardView> => unwrap(commands.onlineBoardAt(ply)),
  play: (from: string, to: string): Promise<OnlineView> => unwrap(commands.onlinePlay(from, to)),
  act: (action: OnlineAction): Promise<OnlineView> => unwrap(commands.onlineAct(action)),
  leave: async (): Promise<void> => {
    await unwrap(commands.onlineLeave());
  },
};

export type OnlineApi = typeof onlineApi;
