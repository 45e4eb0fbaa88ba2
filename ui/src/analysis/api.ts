// The analysis' door to the Rust side: the same unwrapping as `api` (answers as values, refusals
// as `ApiError`s with a problem code). The progress of an analysis comes through a channel of its
// own, one per run.

import { Channel } from '@tauri-apps/api/core';
import { api, unwrap } from '../api';
import { commands, type AnalysisAnswer, type AnalysisProgress, type AnalysisView, type BoardView, type EvalBarView, type GameView, type HintView } from '../bindings';

/** What the analysis screen asks of the Rust side (a fake in the tests). */
export interface AnalysisBackend {
  /** The finished game (the one just ended, or one from the history). */
  game(gameId: string): Promise<GameView>;
  /** The board after `ply` moves of the game. */
  boardAt(gameId: string, ply: number): Promise<BoardView>;
  /** The analysis kept with the game, or `null`. */
  stored(gameId: string): Promise<AnalysisView | null>;
  /** Analyses the game (or answers at once with the kept analysis); `progress` hears after each position. */
  analyse(gameId: string, progress: (step: AnalysisProgress) => void): Promise<AnalysisAnswer>;
  /** Stops the analysis under way: its `analyse` answers `stopped`. */
  stop(gameId: string): Promise<void>;
  /** The boards after each move of `moves` (coordinates) played from the position after `ply` moves. */
  lineBoards(gameId: string, ply: number, moves: readonly string[]): Promise<BoardView[]>;
}

/** Against the bot, on the player's move: the piece the engine would move (counted in the record). */
export const gameHint = (gameId: string): Promise<HintView> => unwrap(commands.gameHint(gameId));

/** The evaluation bar in play: the engine's score of the position after `ply` moves (the record of
 * a game in progress notes the bar). A newer request makes an older one answer `cancelled`. */
export const gameEvalBar = (gameId: string, ply: number): Promise<EvalBarView> => unwrap(commands.gameEvalBar(gameId, ply));

export const analysisApi: AnalysisBackend = {
  game: (gameId) => api.finishedGame(gameId),
  boardAt: (gameId, ply) => api.boardAt(gameId, ply),
  stored: (gameId) => unwrap(commands.storedAnalysis(gameId)),
  analyse: (gameId, progress) => {
    const channel = new Channel<AnalysisProgress>();
    channel.onmessage = progress;
    return unwrap(commands.analyseGame(gameId, channel));
  },
  stop: async (gameId) => {
    await unwrap(commands.stopAnalysis(gameId));
  },
  lineBoards: (gameId, ply, moves) => unwrap(commands.analysisLineBoards(gameId, ply, [...moves])),
};
