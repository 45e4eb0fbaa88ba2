// Entry point: asks the Rust side for the saved state, then shows the home screen.

import './styles/app.css';
import { api, errorMessage } from './api';
import { App } from './app';
import { h, replaceChildren } from './dom';

async function start(root: HTMLElement): Promise<void> {
  try {
    const startup = await api.startUp();
    const app = new App(root, startup);
    // After a quit or a crash, the app reopens on the game where it was.
    const inProgress = startup.current && startup.current.result === null ? startup.current : null;
    app.go(inProgress ? { screen: 'play', game: inProgress } : { screen: 'home' });
  } catch (error) {
    replaceChildren(
      root,
      h(
        'div',
        { class: 'start-failure', role: 'alert', testid: 'start-failure' },
        h('h1', {}, 'Ultima could not start'),
        h('p', {}, errorMessage(error)),
        h('button', { type: 'button', class: 'primary', on: { click: () => void start(root) } }, 'Try again'),
      ),
    );
  }
}

const root = document.getElementById('app');
if (root) void start(root);
