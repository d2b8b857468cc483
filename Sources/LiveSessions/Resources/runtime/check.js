// Hydration that checks itself: the shape of a hydrated DOM against the one the server
// rendered (`data-navdom-check`), and, when they differ, where.

import { ELEMENT_NODE, TEXT_NODE } from './dom.js';
import { ID } from './root.js';

/**
 * `"N:H"` for the hydrated DOM of `container`: the number of nodes and an FNV-1a hash (32
 * bits, hex) of their kinds, tags and text in document order, as the server computes it for
 * `data-navdom-check` (Sources/LiveSessions/HydrationCheck.swift): `<tag>` … `/` for an
 * element, `#text` for a text node (CR and CR LF as LF), `!data` for a comment.
 */
export function shapeCheck(container) {
  let hash = 0x811c9dc5;
  let count = 0;
  // Code units one by one, with no strings built: this walks every node of the page.
  const unit = (code) => {
    hash = Math.imul(hash ^ code, 0x01000193);
  };
  const add = (text) => {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  };
  const visit = (parent) => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      count++;
      if (node.nodeType === ELEMENT_NODE) {
        unit(0x3c); // <
        add(node.localName);
        unit(0x3e); // >
        visit(node);
        unit(0x2f); // /
      } else if (node.nodeType === TEXT_NODE) {
        unit(0x23); // #
        const data = node.data;
        add(data.indexOf('\r') < 0 ? data : data.replace(/\r\n?/g, '\n'));
      } else {
        unit(0x21); // !
        add(node.data);
      }
    }
  };
  visit(container);
  return `${count}:${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * After hydrate(): null when the DOM is the one the server rendered (or the page says
 * nothing), else `{expected, found}`. Something changed it before the runtime ran: an
 * extension's icon in a row, a translator's <font> wrappers, text added to a heading.
 *
 *   verifyHydration(container) // null, or {expected: '12:0a1b2c3d', found: '13:…'}
 */
export function verifyHydration(container) {
  const expected = container.getAttribute('data-navdom-check');
  if (!expected) return null;
  const found = shapeCheck(container);
  return found === expected ? null : { expected, found };
}

export function mismatchMessage(mismatch) {
  return `the page's DOM is not the one the server rendered (${mismatch.found}, expected ${mismatch.expected}: changed before the runtime ran)`;
}

/** The first node where `actual` (the page) and `expected` (a fresh render) differ, in words. */
export function firstDifference(actual, expected) {
  const walk = (a, b, path) => {
    let x = a.firstChild, y = b.firstChild, index = 1;
    for (; x || y; x = x && x.nextSibling, y = y && y.nextSibling, index++) {
      const where = `${path} > ${x && x.nodeType === ELEMENT_NODE ? x.localName : 'node'}:nth-child(${index})`;
      if (!x || !y || !sameNode(x, y)) {
        const id = x && x[ID] !== undefined ? ` (node ${x[ID]})` : '';
        return `${where}${id} is ${describe(x)} where the server has ${describe(y)}`;
      }
      const inner = x.nodeType === ELEMENT_NODE ? walk(x, y, where) : null;
      if (inner) return inner;
    }
    return null;
  };
  return walk(actual, expected, actual.localName || 'container') || 'no difference in tags or text';
}

function sameNode(a, b) {
  return a.nodeType === b.nodeType && (a.nodeType === ELEMENT_NODE ? a.localName === b.localName : a.data === b.data);
}

function describe(node) {
  if (!node) return 'nothing';
  if (node.nodeType === ELEMENT_NODE) return `<${node.localName}>`;
  const data = JSON.stringify(node.data.length > 40 ? node.data.slice(0, 40) + '…' : node.data);
  return node.nodeType === TEXT_NODE ? `text ${data}` : `comment ${data}`;
}
