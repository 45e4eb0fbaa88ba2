// The view layer: snabbdom, as lichess uses it. Views are functions from a controller to virtual
// nodes; `patch` brings the page up to date with the newest tree.

import { attributesModule, classModule, datasetModule, eventListenersModule, init, propsModule, styleModule } from 'snabbdom';

export { h } from 'snabbdom';
export type { Hooks, VNode, VNodeChildElement, VNodeData } from 'snabbdom';

export const patch = init([classModule, propsModule, attributesModule, styleModule, datasetModule, eventListenersModule]);

/** The `data-testid` the end-to-end tests find elements by. */
export function testid(id: string): { 'data-testid': string } {
  return { 'data-testid': id };
}
