// The page around every screen: the top bar (home, settings), the banners (read-only, the error,
// start-up notices), the screen itself, and the screen-reader announcer.

import { t } from '../i18n';
import { h, testid, type VNode } from '../common/view/snabbdom';
import type { ScreenName } from './router';

/** A start-up notice on screen, in words, until dismissed. */
export interface ShownNotice {
  id: number;
  text: string;
}

/** What the shell shows besides the screen. */
export interface ShellState {
  screen: ScreenName;
  /** Nothing is saved this session. */
  readOnly: boolean;
  error: string | undefined;
  notices: readonly ShownNotice[];
  announcement: string;
}

export interface ShellActions {
  home(): void;
  settings(): void;
  clearError(): void;
  dismissNotice(notice: ShownNotice): void;
}

export function shellView(state: ShellState, actions: ShellActions, page: VNode): VNode {
  const name = state.screen;
  const dismiss = (label: string, onClick: () => void): VNode =>
    h('button.ghost', { attrs: { type: 'button', 'aria-label': label }, on: { click: onClick } }, '×');
  return h('div#app', { dataset: { screen: name } }, [
    h('header.topbar', [
      h('span.brand', t('app.name')),
      h('nav.topbar-nav', { attrs: { 'aria-label': t('app.nav') } }, [
        h(
          'button.ghost',
          { attrs: { type: 'button', ...testid('home-open'), hidden: name === 'home' }, on: { click: () => actions.home() } },
          t('app.home'),
        ),
        h(
          'button.ghost',
          {
            attrs: { type: 'button', ...testid('settings-open'), hidden: name === 'settings' },
            on: { click: () => actions.settings() },
          },
          t('app.settings'),
        ),
      ]),
    ]),
    h('div.banners', [
      state.readOnly ? h('div.banner.banner-notice', { attrs: { role: 'status', ...testid('read-only') } }, [h('span.banner-text', t('app.readOnly'))]) : null,
      h(
        'div.banner.banner-error',
        { attrs: { role: 'alert', ...testid('error'), hidden: state.error === undefined } },
        state.error === undefined ? [] : [h('span.banner-text', state.error), dismiss(t('app.dismissError'), () => actions.clearError())],
      ),
      ...state.notices.map((notice) =>
        h('div.banner.banner-notice', { key: notice.id, attrs: { role: 'status', ...testid('notice') } }, [
          h('span.banner-text', notice.text),
          dismiss(t('app.dismissNotice'), () => actions.dismissNotice(notice)),
        ]),
      ),
    ]),
    h('main#main', { attrs: { tabindex: -1 } }, [page]),
    h('div.visually-hidden', { attrs: { 'aria-live': 'polite', 'aria-atomic': 'true', ...testid('announcer') } }, state.announcement),
  ]);
}
