// Entry point: asks the Rust side for the saved state, then opens the first screen.

import './common/base.css';
import './app/app.css';
import { api, errorMessage } from './api';
import { App } from './app/app';
import { openScreen } from './app/screens';
import { t } from './i18n';
import { h, patch, testid, type VNode } from './common/view/snabbdom';

async function start(root: Element | VNode): Promise<void> {
  const element = root instanceof Element ? root : (root.elm as Element);
  try {
    const startup = await api.startUp();
    // A failure shown before (and retried) goes: the app draws the element afresh.
    element.replaceChildren();
    await new App(element, startup, openScreen).start();
  } catch (error) {
    const failure = patch(
      root,
      h('div#app', [
        h('div.start-failure', { attrs: { role: 'alert', ...testid('start-failure') } }, [
          h('h1', t('app.startFailed')),
          h('p', errorMessage(error)),
          h('button.primary', { attrs: { type: 'button' }, on: { click: () => void start(failure) } }, t('app.tryAgain')),
        ]),
      ]),
    );
  }
}

const root = document.getElementById('app');
if (root) void start(root);
