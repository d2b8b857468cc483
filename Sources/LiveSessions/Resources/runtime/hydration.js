// Hydration: numbers the server-rendered DOM of a container as the server did (PROTOCOL.md,
// "Hydration"), so patches and events can name its nodes by id.

import { COMMENT_NODE, ELEMENT_NODE, TEXT_NODE, isDialog } from './dom.js';
import { claimRoot, forgetAllIds, register } from './root.js';
import { openModally } from './dialogs.js';

/**
 * Numbers the server-rendered DOM of `container`: document order from 1; `<!---->` markers
 * are removed, and one not followed by a text node becomes an empty text node. Dialogs
 * rendered `open` are re-opened modally. Returns the largest id given (the number of nodes).
 *
 *   hydrate(document.querySelector('[data-navdom-root]')) // 42
 *
 * `ids` (optional): the ids to give, in document order, for a tree that has lived through
 * patches (a resync's snapshot); default 1, 2, 3… Hydrating a container again (a resync)
 * keeps its delegated listeners and forgets its old ids.
 */
export function hydrate(container, ids) {
  const root = claimRoot(container);
  forgetAllIds(root);
  root.shape = null;
  register(root, container, 0);
  const openDialogs = [];
  let nextId = 1;
  let position = 0;
  const visit = (parent) => {
    let child = parent.firstChild;
    while (child) {
      const node = isMarker(child) ? resolveMarker(child) : child;
      if (ids) {
        if (position >= ids.length) throw new Error(`navdom: the page has more nodes than the ${ids.length} ids given`);
        register(root, node, ids[position++]);
      } else {
        register(root, node, nextId++);
      }
      if (node.nodeType === ELEMENT_NODE) {
        if (isDialog(node) && node.hasAttribute('open')) openDialogs.push(node);
        visit(node);
      }
      child = node.nextSibling;
    }
  };
  visit(container);
  if (ids && position !== ids.length) throw new Error(`navdom: the page has ${position} nodes for ${ids.length} ids`);
  // After numbering, so a showModal() failure cannot leave the ids half done.
  openDialogs.forEach((dialog) => openModally(root, dialog));
  return ids ? root.maxId : nextId - 1;
}

function isMarker(node) {
  return node.nodeType === COMMENT_NODE && node.data === '';
}

/** Replaces a text-boundary marker with the text node it stands for. */
function resolveMarker(marker) {
  const parent = marker.parentNode;
  const next = marker.nextSibling;
  if (next && next.nodeType === TEXT_NODE) {
    parent.removeChild(marker);
    return next;
  }
  const empty = marker.ownerDocument.createTextNode('');
  parent.replaceChild(empty, marker);
  return empty;
}
