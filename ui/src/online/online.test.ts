// @vitest-environment happy-dom
// The online screens' parts in a DOM (happy-dom), as the analysis tests draw theirs: the list of
// online games with the rules of each game that is not by 1963, and the invite, which names the
// rules where the code and the link are given, so that the friend learns them before joining.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnlineView, Reading } from '../bindings';
import { all, byTestId } from '../common/view/domTest';
import { h, patch, type VNode } from '../common/view/snabbdom';
import { botGame, fakePlayHost } from '../play/playFixtures';
import type { OnlineApi } from './api';
import { onlineGameList } from './gameList';
import { OnlineGameCtrl, onlineExtras, type OnlineGameHost } from './onlineGame';

/** Online game `id` by `reading`, this device White to move, the friend `opponent`; an invite
 * (and its link when `link`) while nobody has joined. */
function onlineGame(id: string, reading: Reading, opponent: OnlineView['opponent'], { hosted = false, link = false } = {}): OnlineView {
  const waiting = opponent === 'waiting';
  return {
    game: botGame(0, { id, reading, opponent: { kind: 'online', playerSide: 'white' }, botToMove: false }),
    invite: waiting ? 'HKDW-MPRT-CAXE-FGNJ' : null,
    inviteLink: waiting && link ? 'https://club.example.org/#/join/HKDW-MPRT-CAXE-FGNJ' : null,
    opponent,
    link: { kind: 'connected' },
    claimWinInMs: null,
    rematchOffer: null,
    server: 'wss://club.example.org',
    hosted,
    rematchOf: null,
  };
}

/** Draws `view` into an empty page. */
function draw(view: VNode): void {
  document.body.innerHTML = '<div id="root"></div>';
  patch(document.getElementById('root')!, h('div', [view]));
}

/** The invite as the online game screen shows it (the status card's online part). */
function drawInvite(view: OnlineView): void {
  const host = {
    ...fakePlayHost(null),
    rememberOnline: vi.fn(),
    online: { settings: { server: view.server, hostPort: 7070 }, games: [view], hosting: view.hosted ? { port: 7070, addresses: ['ws://192.168.1.20:7070'] } : null, canHost: true },
  };
  const questions = {
    resign: () => Promise.resolve(true),
    acceptDraw: () => Promise.resolve<boolean | undefined>(true),
    abandonForRematch: () => Promise.resolve(true),
    drawOffered: () => Promise.resolve<boolean | undefined>(undefined),
  };
  const ctrl = new OnlineGameCtrl(host as unknown as OnlineGameHost, view, questions, {} as OnlineApi);
  draw(h('div', onlineExtras(ctrl)));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the online games list', () => {
  it('names the rules of a game not by 1963, and nothing for 1963', () => {
    const cambridge = onlineGame('online-g1', 'cambridge', 'connected');
    const abbott = onlineGame('online-g2', '1963', 'connected');
    draw(onlineGameList([cambridge, abbott], () => {}, 'online-games'));
    const rows = all('online-game');
    expect(rows.map((row) => row.dataset['gameId'])).toEqual(['online-g1', 'online-g2']);
    expect(rows.map((row) => row.querySelector('[data-testid="online-game-rules"]')?.textContent ?? null)).toEqual(['Cambridge rules', null]);
  });
});

describe('the invite', () => {
  it('names the rules where the code and the link are given, when they are not 1963', () => {
    drawInvite(onlineGame('online-g1', 'zillions', 'waiting', { link: true }));
    expect(byTestId('invite-code')?.textContent).toBe('HKDW-MPRT-CAXE-FGNJ');
    expect(byTestId('invite-share')?.textContent).toBe('Give your friend this code, and tell them the game follows other rules (Zillions rules):');
    expect(byTestId('invite-share-link')?.textContent).toBe(
      'Or send this link: it opens the app in a browser, on a phone too, and joins a game by other rules (Zillions rules).',
    );
  });

  it('names them to the friend on this network too', () => {
    drawInvite(onlineGame('online-g1', '1962', 'waiting', { hosted: true }));
    expect(byTestId('invite-share')?.textContent).toBe(
      "Your friend opens Play online, types the address and the code, and joins; tell them the game follows other rules (Abbott's 1962 rules):",
    );
    expect(byTestId('invite-address')?.textContent).toBe('ws://192.168.1.20:7070');
  });

  it('says nothing of the rules for a game by 1963', () => {
    drawInvite(onlineGame('online-g1', '1963', 'waiting', { link: true }));
    expect(byTestId('invite-share')?.textContent).toBe('Give your friend this code:');
    expect(byTestId('invite-share-link')?.textContent).toBe('Or send this link: it opens the app in a browser, on a phone too, and joins.');
  });
});
