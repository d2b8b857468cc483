// Node ids and the per-container state. A `Root` is one hydrated container (node id 0) and
// everything the runtime keeps for it: id -> node, the event types it delegates, the listeners
// of its elements, the dialogs it opened and where their focus returns, the close request in
// progress and the inputs still being typed into. It hangs off the container itself (under a
// private symbol), so two containers on one page, or two pages, never share any of it.

import { BASE_EVENTS } from './dom.js';

// A node's id is a property under this (private) symbol: nodes never move between roots,
// and a property is set and read several times faster than a WeakMap entry (a big insert
// gives 10,000 nodes their ids).
export const ID = Symbol('navdom.id');
// The events an element sends (event name -> its options), under this symbol for the same
// reason: a WeakMap entry per listening element also cost the garbage collector (10,000 rows
// are 20,000 listening links).
export const LISTENERS = Symbol('navdom.listeners');
// A row of an `inserts` run whose nodes have no ids yet (subtrees.js): the row's top element
// -> {run, place}. Its ids are registered when something names one of them (a patch, an
// event, nodeId), so 1,000 new rows cost 1,000 properties rather than 8,000 ids and wrappers.
const DEFERRED_ROW = Symbol('navdom.deferredRow');
const ROOT = Symbol('navdom.root'); // container -> its Root
const LAST_ROOT = Symbol('navdom.lastRoot'); // document -> the Root hydrated last

/** The ids of one hydrated container and the state the runtime keeps for it. */
export class Root {
  constructor(container) {
    this.container = container;
    this.byId = new Map();
    this.maxId = 0; // the largest id given: a new node's id above it cannot be in use
    this.deferredRuns = []; // runs with rows whose ids wait until named (deferRun)
    this.eventTypes = new Set(BASE_EVENTS);
    this.onNewEventType = null; // set by start() to add a delegated listener
    this.shape = null; // the last subtree built by the patch list being applied (buildSubtree)
    this.modalDialogs = new WeakSet(); // dialogs this runtime opened with showModal()
    this.closingByPatch = new WeakSet(); // dialogs whose next `close` event we caused
    this.focusReturns = new WeakMap(); // dialog -> the element focused when it opened (its trigger)
    this.pendingFocusReturn = null; // where focus goes once the current patch list is applied
    this.closedByBrowser = new WeakSet(); // dialogs the browser closed though we prevented it
    this.closeRequestTop = null; // the top dialog of the close request being handled (one task)
    this.typingInto = null; // ids of inputs with input events still queued, while a reply is applied
    this.focusQueued = false; // a focus or blur is queued for the app, while a reply is applied
    this.focusEcho = null; // the element focus.js is focusing or blurring right now
  }
}

/** The Root of `container`, or undefined when it was never hydrated. */
export function rootIfAny(container) {
  return container ? container[ROOT] : undefined;
}

/** The Root of `container`, made (empty) if it has none; it becomes the document's last. */
export function claimRoot(container) {
  let root = container[ROOT];
  if (!root) {
    root = new Root(container);
    container[ROOT] = root;
  }
  const doc = container.ownerDocument;
  if (doc) doc[LAST_ROOT] = root;
  return root;
}

export function rootOf(container) {
  const root = rootIfAny(container);
  if (!root) throw new Error('navdom: the container has not been hydrated (call hydrate(container) first)');
  return root;
}

export function register(root, node, id) {
  root.byId.set(id, node);
  node[ID] = id;
  if (id > root.maxId) root.maxId = id;
}

/** Forgets every id of the root (hydration numbers the container afresh). */
export function forgetAllIds(root) {
  root.byId = new Map();
  root.maxId = 0;
  for (const run of root.deferredRuns) run.forgotten = true; // its rows' marks are stale
  root.deferredRuns = [];
}

/**
 * Records rows whose ids wait until named: `run` is {root, parent, firstIds (a Set of the run's
 * first node's ids), low and high (the smallest and the largest of them), size (ids per row),
 * rows (the rows' top elements, in order; the k-th has the first's ids moved on by
 * (k + 1) * size), register(row, place) (gives the row's nodes their ids and listeners),
 * nodeOf(row, firstId) (the row's node of the first node's `firstId`, or null)}. The rows' ids
 * count as given from now on.
 */
export function deferRun(root, run) {
  run.live = 0;
  for (let place = 0; place < run.rows.length; place++) {
    run.rows[place][DEFERRED_ROW] = { run, place };
    run.live++;
  }
  if (run.live === 0) return;
  root.deferredRuns.push(run);
  const last = run.high + run.rows.length * run.size;
  if (last > root.maxId) root.maxId = last;
}

/**
 * The node with `id` in `root`, or undefined; a deferred row that has it gets its ids now.
 * `inPlace`: the caller changes the node's data or attributes only, never the row's shape, so
 * the node alone gets its id and the row goes on waiting (updating every tenth row names one
 * text node in each).
 */
export function nodeWithId(root, id, inPlace = false) {
  const node = root.byId.get(id);
  if (node !== undefined || root.deferredRuns.length === 0) return node;
  const found = deferredPlace(root, id);
  if (!found) return undefined;
  const { run, place } = found;
  const alone = inPlace ? run.nodeOf(run.rows[place], id - (place + 1) * run.size) : null;
  if (alone) {
    register(root, alone, id);
    return alone;
  }
  registerRow(root, run, place);
  return root.byId.get(id);
}

/** Whether `id` is given in `root`: registered, or in a deferred row still in the document. */
export function isIdInUse(root, id) {
  return root.byId.has(id) || deferredPlace(root, id) !== null;
}

/** The deferred run and row that have `id`, or null. */
function deferredPlace(root, id) {
  for (const run of root.deferredRuns) {
    const step = Math.floor((id - run.low) / run.size);
    if (step < 1 || step > run.rows.length || !run.firstIds.has(id - step * run.size)) continue;
    if (run.rows[step - 1] !== null) return { run, place: step - 1 };
  }
  return null;
}

/** Gives the deferred row around `node` (if any) its ids: an event or a caller names its nodes. */
export function registerRowAround(root, node) {
  if (root.deferredRuns.length !== 0) registerRowsAbove(node, root.container);
}

/** Gives every deferred row that `node` is in or is the top of, up to `stop`, its ids. */
function registerRowsAbove(node, stop) {
  for (let at = node; at && at !== stop; at = at.parentNode) {
    const deferred = deferredRowAt(at);
    if (deferred) registerRow(deferred.run.root, deferred.run, deferred.place);
  }
}

/** The mark of the deferred row whose top is `node`, or undefined (none, or from before a hydration). */
function deferredRowAt(node) {
  const deferred = node[DEFERRED_ROW];
  return deferred && !deferred.run.forgotten ? deferred : undefined;
}

function registerRow(root, run, place) {
  const row = run.rows[place];
  dropRow(root, row[DEFERRED_ROW]);
  run.register(row, place);
}

/** Takes a deferred row out of its run (its ids are registered, or it left the document). */
function dropRow(root, deferred) {
  const { run, place } = deferred;
  delete run.rows[place][DEFERRED_ROW];
  run.rows[place] = null;
  if (--run.live === 0) root.deferredRuns.splice(root.deferredRuns.indexOf(run), 1);
}

/** Forgets a node and its subtree, so a later patch or event aimed at them is stale. */
export function unregisterSubtree(root, top) {
  forget(root, top);
  forgetDescendants(root, top);
}

/** Forgets every node below `top` (a loop, not a recursion: trees can be deep and wide). */
function forgetDescendants(root, top) {
  let node = top.firstChild;
  while (node) {
    forget(root, node);
    if (node.firstChild) {
      node = node.firstChild;
      continue;
    }
    while (!node.nextSibling) {
      node = node.parentNode;
      if (node === top) return;
    }
    node = node.nextSibling;
  }
}

/**
 * Forgets every node below `parent`, which is about to be cleared. When the nodes that stay
 * are fewer than the children that go (a cleared 1,000-row table), the ids of the nodes that
 * stay are kept instead: a walk over a few nodes rather than 10,000 deletions.
 */
export function forgetChildren(root, parent) {
  const staying = nodesOutside(root.container, parent, parent.childNodes.length);
  if (!staying) return forgetDescendants(root, parent);
  const byId = new Map();
  for (const node of staying) {
    const id = node[ID];
    if (id !== undefined && root.byId.get(id) === node) byId.set(id, node);
  }
  root.byId = byId;
  // A deferred row stays a child of the parent it went into (moving it names it).
  root.deferredRuns = root.deferredRuns.filter((run) => !parent.contains(run.parent));
}

/**
 * The nodes of `container` (itself included) that are not below `parent`, in document
 * order; null as soon as there are more than `limit`.
 */
function nodesOutside(container, parent, limit) {
  const nodes = [container];
  if (parent === container) return nodes;
  let node = container.firstChild;
  while (node) {
    if (nodes.push(node) > limit) return null;
    if (node !== parent && node.firstChild) {
      node = node.firstChild;
      continue;
    }
    while (!node.nextSibling) {
      node = node.parentNode;
      if (node === container) return nodes;
    }
    node = node.nextSibling;
  }
  return nodes;
}

function forget(root, node) {
  const id = node[ID];
  if (id !== undefined && root.byId.get(id) === node) root.byId.delete(id);
  // A waiting row's top (which may have its own id already: a patch named it in place).
  if (root.deferredRuns.length !== 0 && deferredRowAt(node)) dropRow(root, node[DEFERRED_ROW]);
}

/** The id of a node the runtime knows, or undefined: `nodeId(button) // 4`. */
export function nodeId(node) {
  if (node === null || node === undefined) return undefined;
  if (node[ID] === undefined) registerRowsAbove(node, null);
  return node[ID];
}

/**
 * The node with `id` in `container`, or undefined: `nodeById(4, container)`. Without a
 * container: in the container hydrated last in `doc` (default: the page's document).
 */
export function nodeById(id, container, doc = globalThis.document) {
  const root = container ? rootIfAny(container) : doc && doc[LAST_ROOT];
  return root ? nodeWithId(root, id) : undefined;
}
