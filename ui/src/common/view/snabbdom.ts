// The view layer: snabbdom, as lichess uses it. Views are functions from a controller to virtual
// nodes; `patch` brings the page up to date with the newest tree.

import { attributesModule, classModule, datasetModule, eventListenersModule, h, init, propsModule, styleModule, type Hooks, type VNode } from 'snabbdom';

export { h } from 'snabbdom';
export type { Hooks, VNode, VNodeChildElement, VNodeData } from 'snabbdom';

export const patch = init([classModule, propsModule, attributesModule, styleModule, datasetModule, eventListenersModule]);

/** The `data-testid` the end-to-end tests find elements by. */
export function testid(id: string): { 'data-testid': string } {
  return { 'data-testid': id };
}

/** A plain button: its test id, label and click, a class (".primary") and whether it is disabled. */
export const button = (id: string, label: string, onClick: () => void, style = '', disabled = false): VNode =>
  h(`button${style}`, { attrs: { type: 'button', ...testid(id) }, props: { disabled }, on: { click: onClick } }, label);

/**
 * Focuses the element once, when the controller asks for it: while `holder.focus` is `where`, the
 * first draw clears it and moves the focus there (keyboard users go on from that element).
 */
export function focusOnce<W extends string>(holder: { focus: W | undefined }, where: W, preventScroll: boolean): Hooks {
  const focus = (vnode: VNode): void => {
    if (holder.focus !== where) return;
    holder.focus = undefined;
    const element = vnode.elm as HTMLElement;
    element.tabIndex = -1;
    element.focus({ preventScroll });
  };
  return { insert: focus, postpatch: (_old: VNode, vnode: VNode) => focus(vnode) };
}
