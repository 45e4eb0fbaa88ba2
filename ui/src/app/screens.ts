// The screen each route opens: the one file that knows every feature. The app is given it
// (`ScreenOpener`) rather than importing it, so that no feature's import of the app leads back.

import { analysisScreen } from '../analysis/analysis';
import { api } from '../api';
import { learnScreen } from '../course/learn';
import { lessonScreen } from '../course/lesson';
import { homeScreen } from '../home/home';
import { onlineScreen } from '../online/online';
import { onlineGameScreen } from '../online/onlineGame';
import { newGameScreen } from '../play/newGame';
import { playScreen } from '../play/play';
import { puzzlesScreen } from '../puzzles/puzzles';
import { readingRulesScreen } from '../play/readingRules';
import { settingsScreen } from '../settings/settings';
import type { App, Opening, Screen } from './app';
import type { Route } from './router';

export async function openScreen(app: App, route: Route, opening: Opening): Promise<Screen> {
  switch (route.screen) {
    case 'home':
      return homeScreen(app);
    case 'newGame':
      return newGameScreen(app, opening.returning === true);
    case 'online':
      return onlineScreen(app, null, opening.returning === true);
    case 'join':
      return onlineScreen(app, route.invite, opening.returning === true);
    case 'play': {
      const online = app.onlineGame(route.gameId);
      if (online) return onlineGameScreen(app, online);
      const game = opening.game ?? (app.current?.id === route.gameId ? app.current : await api.finishedGame(route.gameId));
      return playScreen(app, game);
    }
    case 'settings':
      return settingsScreen(app);
    case 'learn':
      return learnScreen(app);
    case 'lesson':
      return lessonScreen(app, route.id);
    case 'puzzles':
      return puzzlesScreen(app);
    case 'analysis':
      return analysisScreen(app, route.gameId);
    case 'rules':
      return readingRulesScreen(app, route.reading);
  }
}
