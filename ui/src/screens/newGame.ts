// New game: against a bot (level, colour) or a friend on this device.

import { api } from '../api';
import type { App, Screen } from '../app';
import type { BotLevel, NewGame, SideChoice } from '../bindings';
import { choiceGroup } from '../choice';
import { ask } from '../dialog';
import { h } from '../dom';
import { BOT_LEVELS, againstText, levelDescription, levelName } from '../wording';

type OpponentChoice = 'bot' | 'friend';

export function newGameScreen(app: App): Screen {
  let opponent: OpponentChoice = 'bot';
  let level: BotLevel = app.settings.defaultLevel;
  let side: SideChoice = 'white';
  let turnBoard = true;
  let starting = false;

  const levelHint = h('p', { class: 'hint', id: 'level-hint', testid: 'level-hint' }, levelDescription(level));
  const levelSelect = h(
    'select',
    {
      id: 'level',
      testid: 'level-select',
      'aria-describedby': 'level-hint',
      on: {
        change: () => {
          level = levelSelect.value as BotLevel;
          levelHint.textContent = levelDescription(level);
        },
      },
    },
    BOT_LEVELS.map((value) => h('option', { value, selected: value === level }, levelName(value))),
  );
  const botOptions = h(
    'div',
    { class: 'options' },
    h('div', { class: 'field' }, h('label', { class: 'field-label', for: 'level' }, 'Level'), levelSelect, levelHint),
    choiceGroup<SideChoice>(
      'You play',
      [
        { value: 'white', label: 'White', testid: 'side-white' },
        { value: 'black', label: 'Black', testid: 'side-black' },
        { value: 'random', label: 'Random', testid: 'side-random' },
      ],
      side,
      (value) => (side = value),
    ),
  );
  const turnBoardBox = h('input', {
    type: 'checkbox',
    id: 'turn-board',
    testid: 'turn-board',
    checked: turnBoard,
    on: { change: () => (turnBoard = turnBoardBox.checked) },
  });
  const friendOptions = h(
    'div',
    { class: 'options', hidden: true },
    h('label', { class: 'check' }, turnBoardBox, 'Turn the board after each move'),
    h('p', { class: 'hint' }, 'Both players share this screen; whoever is to move plays.'),
  );

  const start = async (): Promise<void> => {
    if (starting) return;
    if (app.hasGameInProgress() && app.current) {
      const sure = await ask({
        title: 'Start a new game?',
        message: `Your game ${againstText(app.current.opponent)} is not finished. Starting a new game abandons it: it will not be kept.`,
        testid: 'confirm-new-game',
        actions: [
          { label: 'Keep playing it', value: false, focus: true },
          { label: 'Start a new game', value: true, style: 'danger', testid: 'confirm-new-game-yes' },
        ],
      });
      if (!sure) return;
    }
    const request: NewGame = opponent === 'bot' ? { kind: 'bot', level, playerSide: side } : { kind: 'friend', turnBoard };
    starting = true;
    try {
      const game = await api.newGame(request);
      app.current = game;
      app.clearError();
      app.go({ screen: 'play', game });
    } catch (error) {
      app.showError(error);
    } finally {
      starting = false;
    }
  };

  const element = h(
    'section',
    { class: 'screen new-game' },
    h('h1', {}, 'New game'),
    h(
      'div',
      { class: 'card' },
      choiceGroup<OpponentChoice>(
        'Play against',
        [
          { value: 'bot', label: 'The bot', testid: 'new-game-bot' },
          { value: 'friend', label: 'A friend on this device', testid: 'new-game-friend' },
        ],
        opponent,
        (value) => {
          opponent = value;
          botOptions.hidden = value !== 'bot';
          friendOptions.hidden = value !== 'friend';
        },
      ),
      botOptions,
      friendOptions,
    ),
    h(
      'div',
      { class: 'form-actions' },
      h('button', { type: 'button', class: 'ghost', on: { click: () => app.go({ screen: 'home' }) } }, 'Cancel'),
      h('button', { type: 'button', class: 'primary big', testid: 'start-game', on: { click: () => void start() } }, 'Start'),
    ),
  );
  return { element };
}
