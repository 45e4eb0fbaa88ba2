// Modal questions ("Resign?", "Accept the draw?"). A native <dialog> opened with showModal()
// makes the page behind it inert; Tab is also kept inside it, Escape answers "no answer", and
// focus goes back where it was. It lives outside the page's tree, from opening to answer.

import { h, patch, testid } from './snabbdom';
import './dialog.css';

export interface DialogAction<T> {
  label: string;
  value: T;
  style?: 'primary' | 'danger';
  testid?: string;
  /** Gets the focus when the dialog opens (default: the first action). */
  focus?: boolean;
}

export interface DialogOptions<T> {
  title: string;
  message: string;
  actions: DialogAction<T>[];
  testid?: string;
}

let dialogs = 0;

/** Resolves with the chosen action's value, or `undefined` when dismissed with Escape. */
export function ask<T>(options: DialogOptions<T>): Promise<T | undefined> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    let answer: T | undefined;
    const titleId = `dialog-title-${++dialogs}`;
    const placeholder = document.createElement('div');
    document.body.append(placeholder);
    const vnode = patch(
      placeholder,
      h(
        'dialog.dialog',
        { attrs: { ...(options.testid ? testid(options.testid) : {}), 'aria-labelledby': titleId } },
        [
          h('h2', { attrs: { id: titleId } }, options.title),
          h('p', options.message),
          h(
            'div.dialog-actions',
            options.actions.map((action) =>
              h(
                'button',
                {
                  class: action.style ? { [action.style]: true } : {},
                  attrs: { type: 'button', ...(action.testid ? testid(action.testid) : {}) },
                  on: {
                    click: () => {
                      answer = action.value;
                      dialog.close();
                    },
                  },
                },
                action.label,
              ),
            ),
          ),
        ],
      ),
    );
    const dialog = vnode.elm as HTMLDialogElement;
    const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('.dialog-actions button')];
    dialog.addEventListener('keydown', (event) => trapTab(event, buttons));
    // Escape fires `cancel` and then `close`; `answer` stays undefined.
    dialog.addEventListener('close', () => {
      dialog.remove();
      opener?.focus();
      resolve(answer);
    });
    dialog.showModal();
    const first = options.actions.findIndex((action) => action.focus);
    buttons[first >= 0 ? first : 0]?.focus();
  });
}

function trapTab(event: KeyboardEvent, focusable: HTMLElement[]): void {
  if (event.key !== 'Tab' || focusable.length === 0) return;
  const index = focusable.indexOf(document.activeElement as HTMLElement);
  const next = event.shiftKey ? index - 1 : index + 1;
  const wrapped = (next + focusable.length) % focusable.length;
  focusable[wrapped]?.focus();
  event.preventDefault();
}
