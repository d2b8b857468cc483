// Patch application: the ops of PROTOCOL.md's "Patches", applied in order to a hydrated
// container, with the ids of the nodes they name looked up on the container's Root.

import { COMMENT_NODE, ELEMENT_NODE, TEXT_NODE, isDialog, readSelection } from './dom.js';
import { ID, forgetChildren, nodeWithId, rootOf, unregisterSubtree } from './root.js';
import { addListener, removeAttribute, removeListener, resetProperty, setAttribute, setProperty } from './attributes.js';
import { adopt, buildSubtree, insertRun, insertSubtree } from './subtrees.js';
import {
  closeDialog, focusNewDialogPage, noteDialogsBelowLeaving, noteDialogsLeaving, openModally, returnFocus, shownDialogPage,
} from './dialogs.js';

/** A patch that cannot be applied: names the op, the id and the patch's index. */
function patchError(index, patch, message) {
  const op = patch && typeof patch === 'object' ? patch.op : undefined;
  const id = patch && typeof patch === 'object' ? patch.id ?? patch.parent : undefined;
  const error = new Error(`navdom: patch ${index} (op ${JSON.stringify(op)}, id ${id}): ${message}`);
  error.op = op;
  error.id = id;
  error.patchIndex = index;
  return error;
}

/**
 * Applies `patches` (PROTOCOL.md, "Patches") to a hydrated container, in order. Property
 * writes wait until every other patch of the list is applied, since a select's value needs
 * its options. Throws on an unknown op, an unknown (stale) id or a malformed patch; the
 * patches before it stay applied.
 *
 *   applyPatches(container, [{op: 'text', id: 3, text: 'Saved'}])
 */
export function applyPatches(container, patches) {
  const root = rootOf(container);
  if (!Array.isArray(patches)) throw new Error('navdom: applyPatches expects an array of patches');
  const propertyWrites = [];
  root.pendingFocusReturn = null;
  root.shape = null; // a caller may change its patch objects between calls
  const dialogPage = shownDialogPage(container);
  try {
    patches.forEach((patch, index) => {
      const apply = patch && typeof patch === 'object' ? OPS[patch.op] : undefined;
      if (!apply) throw patchError(index, patch, 'unknown op');
      try {
        apply(root, patch, propertyWrites);
      } catch (error) {
        throw error.patchIndex === undefined ? patchError(index, patch, error.message) : error;
      }
    });
    propertyWrites.forEach((write) => write());
  } finally {
    root.shape = null;
    returnFocus(root);
    focusNewDialogPage(container, dialogPage);
  }
}

const OPS = Object.freeze({
  insert(root, patch) {
    const parent = parentById(root, patch.parent);
    const before = beforeById(root, patch.before, parent);
    insertSubtree(root, patch.node, parent, before);
  },

  inserts(root, patch) {
    const parent = parentById(root, patch.parent);
    const before = beforeById(root, patch.before, parent);
    insertRun(root, patch.node, patch.more, parent, before);
  },

  move(root, patch) {
    const node = nodeFor(root, patch.id, 'id');
    if (node === root.container) throw new Error('the container cannot move');
    const parent = parentById(root, patch.parent);
    const before = beforeById(root, patch.before, parent);
    if (before === node) throw new Error('a node cannot move before itself');
    keepingFocus(node.ownerDocument, () => moveNode(parent, node, before));
  },

  remove(root, patch) {
    const node = nodeFor(root, patch.id, 'id');
    if (node === root.container) throw new Error('the container cannot be removed');
    noteDialogsLeaving(root, node);
    unregisterSubtree(root, node);
    // An open dialog just goes: leaving the document takes it out of the top layer.
    node.parentNode.removeChild(node);
  },

  clear(root, patch) {
    const parent = parentById(root, patch.id);
    noteDialogsBelowLeaving(root, parent);
    forgetChildren(root, parent);
    parent.textContent = '';
  },

  replace(root, patch) {
    const old = nodeFor(root, patch.id, 'id');
    if (old === root.container) throw new Error('the container cannot be replaced');
    const parent = old.parentNode;
    const next = old.nextSibling;
    const built = buildSubtree(root, patch.node, parent.ownerDocument);
    noteDialogsLeaving(root, old);
    unregisterSubtree(root, old);
    parent.removeChild(old);
    adopt(root, built, parent, next);
  },

  text(root, patch) {
    const node = nodeFor(root, patch.id, 'id', true);
    if (node.nodeType !== TEXT_NODE && node.nodeType !== COMMENT_NODE) {
      throw new Error('the node is not a text or comment node');
    }
    node.data = requireString(patch.text, 'text');
  },

  setAttr(root, patch) {
    const element = elementFor(root, patch.id, true);
    const name = requireString(patch.name, 'name');
    const value = requireString(patch.value, 'value');
    // A dialog's `open` means "presented": open it modally, as hydration does.
    if (isDialog(element) && name === 'open') return openModally(root, element);
    setAttribute(element, name, value);
  },

  removeAttr(root, patch) {
    const element = elementFor(root, patch.id, true);
    const name = requireString(patch.name, 'name');
    // close(), not attribute removal alone: a modal dialog would stay in the top layer.
    if (isDialog(element) && name === 'open') return closeDialog(root, element);
    removeAttribute(element, name);
  },

  setProp(root, patch, propertyWrites) {
    const element = elementFor(root, patch.id);
    const name = requireString(patch.name, 'name');
    const value = patch.value;
    if (typeof value !== 'string' && typeof value !== 'boolean') {
      throw new Error('a property value must be a string or a boolean');
    }
    // The user is still typing here: this reply answers an earlier keystroke, and writing its
    // value back would eat what was typed since. The queued input events bring the app up to
    // date, and their replies (or the last one) set the value.
    const typing = root.typingInto;
    if (name === 'value' && typing && typing.has(patch.id) && element === element.ownerDocument.activeElement) return;
    propertyWrites.push(() => setProperty(element, name, value, root));
  },

  removeProp(root, patch, propertyWrites) {
    const element = elementFor(root, patch.id);
    const name = requireString(patch.name, 'name');
    propertyWrites.push(() => resetProperty(element, name, root));
  },

  listen(root, patch) {
    addListener(root, elementFor(root, patch.id), requireString(patch.event, 'event'), patch);
  },

  unlisten(root, patch) {
    removeListener(elementFor(root, patch.id), requireString(patch.event, 'event'));
  },

  invoke(root, patch) {
    const element = elementFor(root, patch.id);
    const method = INVOKE[patch.method];
    if (!method) throw new Error(`unknown method ${JSON.stringify(patch.method)}`);
    method(root, element);
  },
});

const INVOKE = Object.freeze({
  showModal: openModally,
  close: closeDialog,
  show(root, dialog) {
    if (dialog.open) return; // show() on a modal dialog throws; an open one stays as it is
    if (typeof dialog.show === 'function') dialog.show();
    else dialog.setAttribute('open', '');
  },
  focus(root, element) {
    element.focus();
  },
});

// --- Looking nodes up ----------------------------------------------------------------------

/** `inPlace`: the patch changes the node's data or attributes only (nodeWithId). */
function nodeFor(root, id, field, inPlace = false) {
  const node = Number.isInteger(id) ? nodeWithId(root, id, inPlace) : undefined;
  if (!node) throw new Error(`no node with id ${JSON.stringify(id)} (${field}); it was removed or never existed`);
  return node;
}

function elementFor(root, id, inPlace = false) {
  const node = nodeFor(root, id, 'id', inPlace);
  if (node.nodeType !== ELEMENT_NODE) throw new Error(`node ${id} is not an element`);
  return node;
}

function parentById(root, id) {
  const node = nodeFor(root, id, 'parent');
  if (node.nodeType !== ELEMENT_NODE) throw new Error(`parent ${id} is not an element`);
  return node;
}

/** The node to insert before: null at the end; otherwise it must be a child of `parent`. */
function beforeById(root, id, parent) {
  if (id === null || id === undefined) return null;
  const node = nodeFor(root, id, 'before');
  if (node.parentNode !== parent) throw new Error(`before ${id} is not a child of parent ${parent[ID]}`);
  return node;
}

function requireString(value, field) {
  if (typeof value !== 'string') throw new Error(`${field} must be a string`);
  return value;
}

// --- Moving with focus ---------------------------------------------------------------------

function moveNode(parent, node, before) {
  // moveBefore() (newer browsers) moves without blurring or resetting state.
  if (typeof parent.moveBefore === 'function') {
    try {
      return parent.moveBefore(node, before);
    } catch (_) {
      // not movable atomically (e.g. across documents): fall through
    }
  }
  parent.insertBefore(node, before);
}

/** Runs `action`, then gives focus and the caret back if moving nodes took them away. */
function keepingFocus(doc, action) {
  const active = doc.activeElement;
  if (!active || active === doc.body || active === doc.documentElement) return action();
  const selection = readSelection(active);
  action();
  if (doc.activeElement === active || !active.isConnected) return;
  active.focus({ preventScroll: true });
  if (selection) {
    try {
      active.setSelectionRange(selection.start, selection.end, selection.direction);
    } catch (_) {
      // input types without a caret (number, email in some browsers)
    }
  }
}
