// A QR code of a link, drawn as one SVG path (qrcode-generator makes the matrix), so that a
// friend at the table joins by pointing a phone at the screen.

import qrcode from 'qrcode-generator';
import { h, type VNode } from '../common/view/snabbdom';

/** The dark modules of `text`'s QR code as an SVG path, and its size in modules. */
export function qrPath(text: string): { size: number; path: string } {
  // Error correction M: a screen seen at an angle reads; type 0 picks the smallest that fits.
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (code.isDark(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { size, path: parts.join('') };
}

/** The QR code of `text`, with `label` for screen readers (a quiet zone of 4 modules around it). */
export function qrView(text: string, label: string, testid: string): VNode {
  const { size, path } = qrPath(text);
  const full = size + 8;
  return h('svg.qr', { attrs: { viewBox: `-4 -4 ${full} ${full}`, role: 'img', 'aria-label': label, 'data-testid': testid, 'shape-rendering': 'crispEdges' } }, [
    h('rect', { attrs: { x: -4, y: -4, width: full, height: full, fill: '#fff' } }),
    h('path', { attrs: { d: path, fill: '#000' } }),
  ]);
}
