// A tiny element builder: enough to write screens as plain functions without a framework.

type Handlers = { [E in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[E]) => void };
type AttrValue = string | number | boolean | null | undefined;

export interface Props {
  class?: string | undefined;
  /** Becomes `data-testid`: the stable handle the end-to-end tests use. */
  testid?: string | undefined;
  on?: Handlers;
  /** Any other attribute; `true` sets it empty, `false`/`null`/`undefined` leave it out. */
  [attribute: string]: AttrValue | Handlers;
}

export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === 'on') {
      for (const [event, handler] of Object.entries(value as Handlers)) {
        element.addEventListener(event, handler as EventListener);
      }
    } else if (name === 'class') {
      if (value) element.className = String(value);
    } else {
      const attribute = name === 'testid' ? 'data-testid' : name;
      if (value === true) element.setAttribute(attribute, '');
      else if (value !== false && value !== null && value !== undefined) element.setAttribute(attribute, String(value));
    }
  }
  append(element, children.flat());
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces everything inside `parent`. */
export function replaceChildren(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  append(parent, children.flat());
}
