// Play (and review): the board, whose move it is, the bot thinking, the move list, stepping
// through the game, take-back, resign, draw offers and the game-over panel. Every change comes
// back from the Rust side as a fresh GameView; this screen only shows it.

import { api, isCancelled } from '../api';
import type { App, Screen } from '../app';
import type { BoardView, GameView, MoveView, PlyView, Side } from '../bindings';
import { Board } from '../board/board';
import { findMove, isRemoval } from '../board/model';
import { ask } from '../dialog';
import { h, replaceChildren } from '../dom';
import { numberedMoves, parseTypedMove, type NumberedMove } from '../notation';
import { soundFor } from '../sound';
import {
  againstText,
  opponentName,
  otherSide,
  playerSide,
  plyInWords,
  reasonText,
  resultHeadline,
  sideName,
  squareList,
} from '../wording';

/** The bot's answer is shown no sooner than this after the player's move: an instant reply feels abrupt. */
const MIN_THINKING_MS = 400;
const MOVE_HINT = 'Two squares, like e2e5. To remove a frozen piece, name its square twice: d4d4.';

export function playScreen(app: App, initial: GameView): Screen {
  let game = initial;
  /** The player plays by typing: the move box keeps the focus across turns. */
  let typing = false;
  /** A rematch request is on its way. */
  let rematching = false;
  /** The ply shown while stepping through the game; `null` is the live position. */
  let viewPly: number | null = null;
  let viewBoard: BoardView | null = null;
  let stepRequest = 0;
  /** Bumped by every new GameView: an answer that arrives after a newer one is stale. */
  let version = 0;
  let botRun = 0;
  let thinking = false;
  let busy = false;
  let flipped = false;
  let gameOverOpen = true;
  let left = false;

  const board = new Board(app.settings, (move) => {
    typing = false;
    void play(move.from, move.to);
  }, { testid: 'board' });

  // --- side panel -------------------------------------------------------------------------
  const opponentLine = h('p', { class: 'opponent', testid: 'opponent' });
  const statusLine = h('p', { class: 'status-line', testid: 'status-line' });
  const thinkingLine = h('p', { class: 'thinking', testid: 'thinking', hidden: true }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Thinking…');

  const gameOverHeading = h('h2', { tabindex: -1 });
  const gameOverReason = h('p', { testid: 'game-over-reason' });
  const gameOver = h(
    'section',
    { class: 'game-over card', testid: 'game-over', 'aria-label': 'Game over', hidden: true },
    gameOverHeading,
    gameOverReason,
    h(
      'div',
      { class: 'game-over-actions' },
      h('button', { type: 'button', class: 'primary', testid: 'rematch', on: { click: () => void rematch() } }, 'Rematch'),
      h('button', { type: 'button', testid: 'review', on: { click: () => void review() } }, 'Review'),
      h('button', { type: 'button', testid: 'game-over-new-game', on: { click: () => app.go({ screen: 'newGame' }) } }, 'New game'),
    ),
  );

  const stepFirst = stepButton('«', 'Go to the start', 'step-first', () => void stepTo(0));
  const stepBack = stepButton('‹', 'One move back (←)', 'step-back', () => void stepTo(shownPly() - 1));
  const stepForward = stepButton('›', 'One move forward (→)', 'step-forward', () => void stepTo(shownPly() + 1));
  const stepLast = stepButton('»', 'Go to the last move', 'step-last', () => void stepTo(game.plies.length));
  const stepLabel = h('span', { class: 'step-label', testid: 'step-label' });
  const backToGame = h('button', { type: 'button', class: 'link', testid: 'back-to-game', hidden: true, on: { click: () => void stepTo(game.plies.length) } }, 'Back to the game');
  const moveList = h('ol', { class: 'move-list', testid: 'move-list', 'aria-label': 'Moves' });

  const takeBackButton = h('button', { type: 'button', testid: 'take-back', on: { click: () => void act(() => api.takeBack(game.id)) } }, 'Take back');
  const drawButton = h('button', { type: 'button', testid: 'offer-draw', on: { click: () => void offerDraw() } }, 'Offer a draw');
  const resignButton = h('button', { type: 'button', class: 'danger', testid: 'resign', on: { click: () => void resign() } }, 'Resign');
  const flipButton = h('button', { type: 'button', testid: 'flip', 'aria-pressed': 'false', on: { click: () => flip() } }, 'Flip board');

  const moveInput = h('input', {
    type: 'text',
    id: 'move-input',
    testid: 'move-input',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    enterkeyhint: 'go',
    placeholder: 'e2e5',
    'aria-describedby': 'move-hint',
    on: { input: () => previewTyped() },
  });
  const moveHint = h('p', { class: 'hint', id: 'move-hint', testid: 'move-hint' }, MOVE_HINT);
  const moveForm = h(
    'form',
    { class: 'move-form', on: { submit: (event) => submitTyped(event) } },
    h('label', { for: 'move-input' }, 'Type a move (e2e5)'),
    h('div', { class: 'move-form-row' }, moveInput, h('button', { type: 'submit', testid: 'move-submit' }, 'Play')),
    moveHint,
  );
  const legalList = h('ul', { class: 'visually-hidden', testid: 'legal-moves', 'aria-label': 'Legal moves' });

  // Grid areas (app.css): the status above the board on a phone, beside it on a laptop; the
  // removal control beside the board, or under it on a phone (above, it would shift the board
  // under the finger). The move box comes before the move list: keyboard users reach it first.
  const element = h(
    'section',
    { class: 'screen play' },
    h('h1', { class: 'visually-hidden' }, 'Game'),
    h('div', { class: 'card status-card play-status' }, opponentLine, statusLine, thinkingLine),
    h('div', { class: 'play-board' }, board.element),
    board.removalControl,
    h('div', { class: 'play-form' }, moveForm, legalList),
    h(
      'aside',
      { class: 'play-panel', 'aria-label': 'Moves and actions' },
      gameOver,
      h(
        'div',
        { class: 'card moves-card' },
        h('div', { class: 'stepper', role: 'group', 'aria-label': 'Step through the game' }, stepFirst, stepBack, stepLabel, stepForward, stepLast),
        backToGame,
        moveList,
      ),
      h('div', { class: 'play-actions' }, takeBackButton, drawButton, resignButton, flipButton),
    ),
  );

  // --- state changes ----------------------------------------------------------------------

  function shownPly(): number {
    return viewPly ?? game.plies.length;
  }

  function orientation(): Side {
    const opponent = game.opponent;
    const base: Side = opponent.kind === 'bot' ? otherSide(opponent.botSide) : opponent.turnBoard ? game.board.turn : 'white';
    return flipped ? otherSide(base) : base;
  }

  /** The moves the player may make on the board now. */
  function playableMoves(): readonly MoveView[] {
    return viewPly === null ? game.legalMoves : [];
  }

  /** Takes a new GameView from the Rust side and shows it. */
  function apply(next: GameView): void {
    const played = next.id === game.id && next.plies.length > game.plies.length;
    const ended = next.result !== null && game.result === null;
    game = next;
    version++;
    if (app.current?.id === next.id) app.current = next;
    viewPly = null;
    viewBoard = null;
    stepRequest++;
    if (ended) gameOverOpen = true;
    moveInput.value = '';
    render();
    previewTyped();
    const last = next.plies[next.plies.length - 1];
    if (played && last) {
      app.sounds.play(soundFor(last, next.board, next.result));
      app.announce(moveAnnouncement(last, next));
    } else if (ended && next.result) {
      app.sounds.play('end');
      app.announce(`${resultHeadline(next.result, next.opponent)}. ${reasonText(next.result)}`);
    }
    if (ended) gameOverHeading.focus();
    if (next.botToMove) void runBot();
  }

  function moveAnnouncement(ply: PlyView, view: GameView): string {
    let text = plyInWords(ply);
    if (view.board.check && !view.result) text += ' Check.';
    if (view.result) text += ` ${resultHeadline(view.result, view.opponent)}. ${reasonText(view.result)}`;
    return text;
  }

  /** An answer that arrives after the player left this screen: the Rust side has saved it, so
   * it becomes the app's game in progress (Continue must show it, not the view before it). */
  function remember(next: GameView): true {
    if (app.current?.id === next.id) app.current = next;
    return true;
  }

  /** Runs one command that answers with the game, one at a time, and shows any failure. */
  async function act(command: () => Promise<GameView>): Promise<boolean> {
    if (busy) {
      render(); // a second move made on the board before the first was answered goes back
      return false;
    }
    busy = true;
    try {
      const next = await command();
      if (left) return remember(next);
      app.clearError();
      apply(next);
      return true;
    } catch (error) {
      if (!left) {
        app.showError(error);
        render(); // puts back a piece the board moved ahead of the refusal
      }
      return false;
    } finally {
      busy = false;
    }
  }

  function play(from: string, to: string): Promise<boolean> {
    return act(() => api.playMove(game.id, from, to));
  }

  async function runBot(): Promise<void> {
    const run = ++botRun;
    const startedAt = version;
    const id = game.id;
    thinking = true;
    render();
    const shownFrom = Date.now();
    try {
      const next = await api.botMove(id);
      const wait = MIN_THINKING_MS - (Date.now() - shownFrom);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (run === botRun) thinking = false;
      if (left) {
        remember(next);
        return;
      }
      // The game changed meanwhile (a take-back): that newer view stands.
      if (version !== startedAt) return render();
      apply(next);
    } catch (error) {
      if (run === botRun) thinking = false;
      if (left) return;
      if (isCancelled(error)) {
        // Nothing changed here, so the stop came from outside: the `leaveGame` of the screen
        // before this one (a rematch) can reach the Rust side after this search began. Ask again.
        if (run === botRun && version === startedAt && game.botToMove) return runBot();
      } else {
        // A search stopped by a take-back, a new game or leaving is not a failure; others are.
        app.showError(error);
      }
      render();
    }
  }

  async function stepTo(ply: number): Promise<void> {
    if (ply < 0 || ply > game.plies.length) return;
    const request = ++stepRequest;
    if (ply === game.plies.length) {
      viewPly = null;
      viewBoard = null;
      render();
      announceStep(ply);
      return;
    }
    try {
      const shown = await api.boardAt(game.id, ply);
      if (left || request !== stepRequest) return;
      viewPly = ply;
      viewBoard = shown;
      render();
      announceStep(ply);
    } catch (error) {
      if (!left) app.showError(error);
    }
  }

  function announceStep(ply: number): void {
    const before = game.plies[ply - 1];
    app.announce(before ? `After move ${ply} of ${game.plies.length}: ${plyInWords(before)}` : 'The start position.');
  }

  async function review(): Promise<void> {
    gameOverOpen = false;
    await stepTo(0);
    stepForward.focus();
  }

  async function rematch(): Promise<void> {
    if (app.hasGameInProgress() && app.current && app.current.id !== game.id) {
      const sure = await ask({
        title: 'Start a rematch?',
        message: `Your game ${againstText(app.current.opponent)} is not finished. A rematch abandons it: it will not be kept.`,
        actions: [
          { label: 'Keep that game', value: false, focus: true },
          { label: 'Start the rematch', value: true, style: 'danger', testid: 'confirm-rematch' },
        ],
      });
      if (!sure) return;
    }
    if (rematching) return;
    rematching = true;
    try {
      const next = await api.rematch(game.id);
      app.current = next;
      if (left) return;
      app.clearError();
      app.go({ screen: 'play', game: next });
    } catch (error) {
      if (!left) app.showError(error);
    } finally {
      rematching = false;
    }
  }

  async function resign(): Promise<void> {
    // Against the bot the player resigns; between friends, the side to move.
    const side = playerSide(game.opponent) ?? game.board.turn;
    const message =
      game.opponent.kind === 'bot'
        ? 'You resign this game and the bot wins.'
        : `${sideName(side)} resigns and ${sideName(otherSide(side))} wins.`;
    const sure = await ask({
      title: 'Resign?',
      message,
      testid: 'confirm-resign-dialog',
      actions: [
        { label: 'Keep playing', value: false, focus: true },
        { label: 'Resign', value: true, style: 'danger', testid: 'confirm-resign' },
      ],
    });
    if (sure) await act(() => api.resign(game.id, side));
  }

  async function offerDraw(): Promise<void> {
    const offerer = game.board.turn;
    const answerer = otherSide(offerer);
    const accepted = await ask({
      title: `${sideName(offerer)} offers a draw`,
      message: `${sideName(answerer)}, do you accept the draw? The game ends at once if you do.`,
      testid: 'draw-dialog',
      actions: [
        { label: 'Decline', value: false, focus: true, testid: 'draw-decline' },
        { label: 'Accept the draw', value: true, style: 'primary', testid: 'draw-accept' },
      ],
    });
    if (accepted) await act(() => api.agreeDraw(game.id));
    else if (accepted === false) app.announce(`${sideName(answerer)} declined the draw.`);
  }

  function flip(): void {
    flipped = !flipped;
    flipButton.setAttribute('aria-pressed', String(flipped));
    render();
  }

  // --- the move box ---------------------------------------------------------------------

  function typedMove(): MoveView | undefined {
    const typed = parseTypedMove(moveInput.value);
    return typed && findMove(playableMoves(), typed.from, typed.to);
  }

  function previewTyped(): void {
    const move = typedMove();
    board.preview(move);
    if (!move) moveHint.textContent = MOVE_HINT;
    else if (isRemoval(move)) moveHint.textContent = `Removes your frozen piece on ${move.from}.`;
    else moveHint.textContent = move.captures.length ? `Takes ${squareList(move.captures)}.` : 'Takes nothing.';
  }

  function submitTyped(event: SubmitEvent): void {
    event.preventDefault();
    const typed = parseTypedMove(moveInput.value);
    if (!typed) {
      moveHint.textContent = `“${moveInput.value.trim()}” is not a move. ${MOVE_HINT}`;
      return;
    }
    typing = true;
    void play(typed.from, typed.to).then((ok) => {
      if (ok && !moveInput.disabled) moveInput.focus();
    });
  }

  // --- drawing ----------------------------------------------------------------------------

  function render(): void {
    const over = game.result !== null;
    const reviewing = viewPly !== null;
    board.show({ board: viewBoard ?? game.board, moves: playableMoves(), orientation: orientation() });

    opponentLine.textContent = opponentLineText(game);
    statusLine.textContent = statusText();
    thinkingLine.hidden = !thinking;

    gameOver.hidden = !over || !gameOverOpen;
    if (game.result) {
      gameOverHeading.textContent = resultHeadline(game.result, game.opponent);
      gameOverReason.textContent = reasonText(game.result);
    }

    const shown = shownPly();
    stepFirst.disabled = stepBack.disabled = shown === 0;
    stepForward.disabled = stepLast.disabled = shown === game.plies.length;
    stepLabel.textContent = shown === 0 ? 'Start' : `Move ${shown} of ${game.plies.length}`;
    backToGame.hidden = !reviewing || over;
    renderMoveList(shown);

    const bot = game.opponent.kind === 'bot';
    takeBackButton.hidden = !bot || !game.canTakeBack || over;
    drawButton.hidden = bot || over;
    resignButton.hidden = over;

    const canType = !over && !reviewing && game.legalMoves.length > 0;
    moveForm.hidden = over;
    moveInput.disabled = !canType;
    // A player who types moves gets the move box back as soon as it is their turn again.
    if (canType && typing && document.activeElement !== moveInput) moveInput.focus();
    replaceChildren(
      legalList,
      playableMoves().map((move) => h('li', { 'data-move': move.from + move.to }, moveInWords(move))),
    );
  }

  function statusText(): string {
    // The game-over panel tells the reason; once it is put away for review, this line does.
    if (game.result) return gameOverOpen ? 'Game over' : `${resultHeadline(game.result, game.opponent)}. ${reasonText(game.result)}`;
    const turn = game.board.turn;
    const player = playerSide(game.opponent);
    let text = player === undefined ? `${sideName(turn)} to move` : turn === player ? `Your move (${sideName(turn)})` : "The bot's move";
    if (game.board.check) text += ' · check!';
    return text;
  }

  function renderMoveList(shown: number): void {
    const hadFocus = moveList.contains(document.activeElement);
    const rows = numberedMoves(game.plies).map((move) =>
      h('li', { class: 'move-row' }, h('span', { class: 'move-number' }, `${move.number}.`), plyCell(move.white, shown), plyCell(move.black, shown)),
    );
    replaceChildren(moveList, rows);
    const current = moveList.querySelector<HTMLElement>('[aria-current]');
    if (current) current.tabIndex = 0;
    if (hadFocus) current?.focus();
    scrollListTo(current);
  }

  /** Keeps the shown move in view inside the list, without scrolling the page. */
  function scrollListTo(item: HTMLElement | null): void {
    if (!item) {
      moveList.scrollTop = 0;
      return;
    }
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < moveList.scrollTop) moveList.scrollTop = top;
    else if (bottom > moveList.scrollTop + moveList.clientHeight) moveList.scrollTop = bottom - moveList.clientHeight;
  }

  function plyCell(entry: NumberedMove['white'], shown: number): HTMLElement {
    if (!entry) return h('span', { class: 'ply ply-empty' });
    const after = entry.index + 1;
    return h(
      'button',
      {
        type: 'button',
        class: entry.ply.captures.length ? 'ply ply-capture' : 'ply',
        'aria-current': after === shown ? 'step' : undefined,
        'data-ply': String(after),
        'aria-label': plyInWords(entry.ply),
        // One tab stop for the whole list (the shown move, see renderMoveList); ← and → move on.
        tabindex: -1,
        on: { click: () => void stepTo(after) },
      },
      notationWithCaptures(entry.ply.notation),
    );
  }

  // --- keyboard: ← and → step through the game -------------------------------------------

  const onKey = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, select, textarea, dialog')) return;
    const steps: Record<string, () => number> = {
      ArrowLeft: () => shownPly() - 1,
      ArrowRight: () => shownPly() + 1,
      Home: () => 0,
      End: () => game.plies.length,
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    void stepTo(step());
  };
  document.addEventListener('keydown', onKey);

  return {
    element,
    mounted(): void {
      // Only once in the page: the board measures itself when it first draws.
      render();
      if (game.botToMove && game.result === null) void runBot();
    },
    leave(): void {
      left = true;
      document.removeEventListener('keydown', onKey);
      board.destroy();
      // Stops the bot's search; the game itself stays saved on the Rust side.
      api.leaveGame(game.id).catch((error: unknown) => app.showError(error));
    },
  };
}

function stepButton(symbol: string, label: string, testid: string, onClick: () => void): HTMLButtonElement {
  return h('button', { type: 'button', class: 'step', testid, 'aria-label': label, title: label, on: { click: onClick } }, symbol);
}

function opponentLineText(game: GameView): string {
  const opponent = game.opponent;
  if (opponent.kind === 'friend') return `${opponentName(opponent)}${opponent.turnBoard ? ' · the board turns to the side to move' : ''}`;
  return `${opponentName(opponent)} · you play ${sideName(otherSide(opponent.botSide))}`;
}

function moveInWords(move: MoveView): string {
  if (isRemoval(move)) return `Remove the frozen piece on ${move.from} (${move.from}${move.to})`;
  const takes = move.captures.length ? `, takes ${squareList(move.captures)}` : '';
  return `${move.from} to ${move.to}${takes} (${move.from}${move.to})`;
}

/** The notation with each "x square" marked, so the captures stand out in the list. */
function notationWithCaptures(notation: string): (string | HTMLElement)[] {
  return notation
    .split(/(x[a-h][1-8])/)
    .filter((part) => part !== '')
    .map((part) => (/^x[a-h][1-8]$/.test(part) ? h('span', { class: 'taken' }, part) : part));
}
