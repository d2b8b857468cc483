// Building the DOM of a wire subtree (an `insert` or `replace` patch's `node`).
//
// A wire subtree is built off the document and checked whole before it goes in; its nodes
// get their ids only once the insertion worked. A malformed node, an id in use or a DOM
// error thus leaves neither DOM nor ids behind. This is the hot path of a big insert
// (1,000 table rows are 10,000 nodes), so it uses indexed loops and few temporary objects.
//
// Rows of a list come as a run of inserts of one shape (same tags, attributes and structure;
// only ids and text differ). Within one patch list, the runtime remembers the last small
// subtree it built (on the Root); when the next one has the same shape, a copy of it becomes a
// template, and each later subtree of that shape is cloned from it (one native call) and
// filled in by a walk (text, ids, listeners, dialogs to open). Subtrees with properties are
// always built (a clone would copy form state). 1,000 rows: ~16% less time in applyPatches.
// A server sends such a run as one `inserts` entry (the first node, then each row's keys and
// texts), whose rows are copies of the first filled in the same way (insertRun).

import { COMMENT_NODE, ELEMENT_NODE, NS, TEXT_NODE } from './dom.js';
import { deferRun, isIdInUse, register } from './root.js';
import { addWireListener, setAttribute, setProperty } from './attributes.js';
import { openModally } from './dialogs.js';

const SHAPE_LIMIT = 64; // nodes; a bigger subtree is rarely repeated and not worth keeping

export function insertSubtree(root, wire, parent, before) {
  adopt(root, buildSubtree(root, wire, parent.ownerDocument), parent, before);
}

/** Builds the DOM for a wire node: {top, nodes, ids (in document order), dialogs}. */
export function buildSubtree(root, wire, doc) {
  const built = { top: null, nodes: [], ids: [], dialogs: [], floor: root.maxId, seen: null };
  const shape = root.shape; // {wire, template} of the subtree built before, in this list
  const same = shape !== null && sameShape(shape.wire, wire);
  if (same && shape.template) {
    built.top = shape.template.cloneNode(true);
    fillNode(root, wire, built.top, built);
    return built;
  }
  built.top = buildNode(root, wire, doc, built);
  // Copied before it is inserted, so the template has no state of its own (ids and
  // listeners are the runtime's, not the DOM's; an open dialog is not yet modal).
  if (same) shape.template = built.top.cloneNode(true);
  else root.shape = built.nodes.length <= SHAPE_LIMIT ? { wire, template: null } : null;
  return built;
}

/**
 * Whether wire node `b` builds the same DOM as `a` (which built without error) but for its
 * text and comment data, ids, keys and listeners. Nodes with properties never match.
 */
function sameShape(a, b) {
  if (!b || typeof b !== 'object' || a.props !== undefined || b.props !== undefined) return false;
  const textA = typeof a.text === 'string', textB = typeof b.text === 'string';
  if (textA || textB) return textA && textB;
  const commentA = typeof a.comment === 'string', commentB = typeof b.comment === 'string';
  if (commentA || commentB) return commentA && commentB;
  if (a.tag !== b.tag || a.ns !== b.ns) return false;
  const attrsA = a.attrs, attrsB = b.attrs;
  if (attrsA !== undefined || attrsB !== undefined) {
    if (!attrsA || !Array.isArray(attrsB) || attrsA.length !== attrsB.length) return false;
    for (let i = 0; i < attrsA.length; i++) {
      const pair = attrsB[i];
      if (!Array.isArray(pair) || pair[0] !== attrsA[i][0] || pair[1] !== attrsA[i][1]) return false;
    }
  }
  const childrenA = a.children, childrenB = b.children;
  if (childrenA !== undefined || childrenB !== undefined) {
    if (!childrenA || !Array.isArray(childrenB) || childrenA.length !== childrenB.length) return false;
    for (let i = 0; i < childrenA.length; i++) {
      if (!sameShape(childrenA[i], childrenB[i])) return false;
    }
  }
  return true;
}

/**
 * Gives a clone of a template what buildNode gives a new node (sameShape checked the rest).
 * For a node of an `inserts` run, `run` holds the id offset and the node's keys and texts
 * (`values`, read from `next` on); otherwise ids and texts are the wire node's own.
 */
function fillNode(root, wire, node, built, run = null) {
  const id = run ? wire.id + run.offset : wire.id;
  claimId(root, id, built);
  built.nodes.push(node);
  built.ids.push(id);
  const data = typeof wire.text === 'string' ? wire.text : wire.comment;
  if (typeof data === 'string') {
    node.data = run ? run.values[run.next++] : data;
  } else {
    if (run && wire.key !== undefined) run.next++; // keys are the diff's, not the DOM's
    const on = listOf(wire.on, wire, 'on');
    if (on) for (let i = 0; i < on.length; i++) addWireListener(root, node, on[i]);
    const children = wire.children;
    if (children) {
      let child = node.firstChild;
      for (let i = 0; i < children.length; i++, child = child.nextSibling) fillNode(root, children[i], child, built, run);
    }
    if (wire.ns === undefined && wire.tag === 'dialog') built.dialogs.push(node);
  }
}

/**
 * An `inserts` entry (PROTOCOL.md): `wire`, then for each entry of `more` a node of its shape
 * whose ids are `wire`'s moved on by its size once per place in the run, and whose keys and
 * texts are the entry's strings in document order. Each node is built (copies of the first,
 * filled in) in turn, as the `insert` patches the entry stands for would be, into a fragment
 * that goes into the document once (one insertion instead of one per row); when a node is
 * refused, those before it still go in, with their ids.
 */
export function insertRun(root, wire, more, parent, before) {
  if (!Array.isArray(more)) throw new Error('more must be an array');
  const doc = parent.ownerDocument;
  const given = root.maxId;
  const first = buildSubtree(root, wire, doc);
  const places = wirePlaces(wire);
  const parts = varyingParts(places);
  const template = more.length ? first.top.cloneNode(true) : null;
  adopt(root, first, parent, before);
  const size = first.nodes.length;
  let low = Infinity, high = -Infinity;
  for (const id of first.ids) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  // The usual run: new ids, each row's in a block of its own, no dialog to open. Its rows'
  // ids can then be told from their numbers alone, and wait until something names them.
  if (more.length && low > given && high - low < size && !first.dialogs.length) {
    return insertDeferredRows(
      root, { wire, more, places, parts, template, size, low, high, ids: first.ids }, parent, before);
  }
  const rows = doc.createDocumentFragment();
  const pending = [];
  try {
    for (let k = 0; k < more.length; k++) {
      const values = more[k];
      checkRowValues(values, k, parts);
      // The rows before are not registered yet; ids above the last one's are free. An id of
      // this row that equals an earlier row's equals one of the first node's (rows' ids differ
      // by whole sizes), and the first node is registered: claimId refuses it there, on the
      // earlier of the two rows, as one insert after another would.
      const floor = pending.length ? pending[pending.length - 1].floor : root.maxId;
      const built = { top: template.cloneNode(true), nodes: [], ids: [], dialogs: [], floor, seen: null };
      fillNode(root, wire, built.top, built, { offset: (k + 1) * size, values, next: 0 });
      rows.appendChild(built.top);
      pending.push(built);
    }
  } finally {
    parent.insertBefore(rows, before);
    for (let k = 0; k < pending.length; k++) registerBuilt(root, pending[k]);
  }
}

/**
 * The rows of a run after the first, as insertRun's loop builds them, but for their ids and
 * listeners: each is a copy of the first with its texts set, and the run is recorded
 * (root.js, deferRun) so that a row gets its ids and listeners when a patch, an event or
 * nodeId names one of its nodes. A page of 1,000 new rows thus touches two text nodes per row,
 * as a hand-written page does, rather than giving every node an id and a wrapper.
 */
function insertDeferredRows(root, first, parent, before) {
  const { wire, more, places, parts, template, size } = first;
  const texts = textPlaces(places);
  const rows = parent.ownerDocument.createDocumentFragment();
  let placesById = null; // made when a patch first names a node in place
  const run = {
    root, parent, size, low: first.low, high: first.high, firstIds: new Set(first.ids), rows: [],
    register: (row, place) => registerRowNodes(root, wire, row, (place + 1) * size),
    nodeOf: (row, firstId) => {
      placesById = placesById || new Map(places.map((place) => [place.wire.id, place]));
      const { wire: wanted, path } = placesById.get(firstId);
      const node = nodeAt(row, path);
      return node && builtFrom(wanted, node) ? node : null;
    },
  };
  try {
    for (let k = 0; k < more.length; k++) {
      const values = more[k];
      checkRowValues(values, k, parts);
      const top = template.cloneNode(true);
      for (let i = 0; i < texts.length; i++) nodeAt(top, texts[i].path).data = values[texts[i].value];
      rows.appendChild(top);
      run.rows.push(top);
    }
  } finally {
    parent.insertBefore(rows, before);
    deferRun(root, run);
  }
}

/**
 * Gives the nodes of a deferred row (a copy of `wire` at `node`) their ids and listeners. A
 * node the page added since (an extension's icon) is passed over; one it took away keeps its
 * ids unknown, so a patch naming them is refused (and the page rebuilt) as for any other.
 */
function registerRowNodes(root, wire, node, offset) {
  register(root, node, wire.id + offset);
  const on = wire.on;
  if (on) for (let i = 0; i < on.length; i++) addWireListener(root, node, on[i]);
  const children = wire.children;
  if (!children) return;
  let child = node.firstChild;
  for (let i = 0; i < children.length; i++) {
    while (child && !builtFrom(children[i], child)) child = child.nextSibling;
    if (!child) return;
    registerRowNodes(root, children[i], child, offset);
    child = child.nextSibling;
  }
}

/** Whether `node` is of the kind wire node `wire` builds (text, comment, or its element). */
function builtFrom(wire, node) {
  if (typeof wire.text === 'string') return node.nodeType === TEXT_NODE;
  if (typeof wire.comment === 'string') return node.nodeType === COMMENT_NODE;
  return node.nodeType === ELEMENT_NODE && node.localName === wire.tag;
}

/** Each node of a run's first node, in document order: {wire, path (child indices from the top)}. */
function wirePlaces(top) {
  const places = [];
  const visit = (wire, path) => {
    places.push({ wire, path });
    const children = wire.children;
    if (children) for (let i = 0; i < children.length; i++) visit(children[i], [...path, i]);
  };
  visit(top, []);
  return places;
}

/**
 * The texts among `places` (wirePlaces): for each, its index among the node's keys and texts,
 * which a run's `more` entry lists in document order, and its path.
 */
function textPlaces(places) {
  const texts = [];
  let value = 0;
  for (const { wire, path } of places) {
    if (!isVaryingPart(wire)) continue;
    if (wire.key === undefined) texts.push({ value, path }); // a part with no key is a text
    value++;
  }
  return texts;
}

/** Whether a run's `more` entry gives this node of its first node a string: a key or a text. */
function isVaryingPart(wire) {
  return wire.key !== undefined || typeof wire.text === 'string' || typeof wire.comment === 'string';
}

/** The node at `path` (child indices) below `top`, or null when the page took nodes away. */
function nodeAt(top, path) {
  let node = top;
  for (let i = 0; i < path.length && node; i++) {
    node = node.firstChild;
    for (let j = path[i]; j > 0 && node; j--) node = node.nextSibling;
  }
  return node;
}

/** Throws unless `values`, the run's `more[k]`, is an array of `parts` strings. */
function checkRowValues(values, k, parts) {
  let valid = Array.isArray(values) && values.length === parts;
  for (let i = 0; valid && i < parts; i++) valid = typeof values[i] === 'string';
  if (!valid) throw new Error(`more[${k}] must be an array of ${parts} strings (the node's keys and texts)`);
}

/**
 * How many keys and texts a run's node has, from its places (wirePlaces); an error for
 * properties (a copy would share form state).
 */
function varyingParts(places) {
  let count = 0;
  for (const { wire } of places) {
    if (wire.props !== undefined) throw new Error(`node ${wire.id} of an inserts entry has properties`);
    if (isVaryingPart(wire)) count++;
  }
  return count;
}

/** Puts a built subtree into the document, then gives its nodes their ids. */
export function adopt(root, built, parent, before) {
  parent.insertBefore(built.top, before);
  registerBuilt(root, built);
}

/** Gives a built subtree's nodes, now in the document, their ids, and opens its open dialogs. */
function registerBuilt(root, built) {
  const { nodes, ids, dialogs } = built;
  for (let i = 0; i < nodes.length; i++) register(root, nodes[i], ids[i]);
  for (let i = 0; i < dialogs.length; i++) {
    if (dialogs[i].hasAttribute('open')) openModally(root, dialogs[i]);
  }
}

/** Checks that `id` is a positive integer in use neither in the root nor in the subtree. */
function claimId(root, id, built) {
  if (!Number.isInteger(id) || id <= 0) throw new Error(`node id ${JSON.stringify(id)} is not a positive integer`);
  // New nodes take ids above every id given (PROTOCOL.md), so the usual check is one
  // comparison; an id below that is looked up among the ids in use and those built so far.
  if (id > built.floor) {
    built.floor = id;
    if (built.seen) built.seen.add(id);
  } else {
    if (!built.seen) built.seen = new Set(built.ids);
    if (isIdInUse(root, id) || built.seen.has(id)) throw new Error(`node id ${id} is already in use`);
    built.seen.add(id);
  }
}

function buildNode(root, wire, doc, built) {
  if (!wire || typeof wire !== 'object') throw new Error('a node must be an object');
  const id = wire.id;
  claimId(root, id, built);
  const node = leafOf(wire, doc);
  if (!node) return buildElement(root, wire, doc, built);
  built.nodes.push(node);
  built.ids.push(id);
  return node;
}

function buildElement(root, wire, doc, built) {
  const tag = wire.tag;
  const ns = namespaceOf(wire);
  const html = ns === NS.html;
  // (createElement is no faster in Chromium, and it would lowercase the tag.)
  const element = doc.createElementNS(ns, tag);
  built.nodes.push(element);
  built.ids.push(wire.id);
  const attrs = listOf(wire.attrs, wire, 'attrs');
  const on = listOf(wire.on, wire, 'on');
  const children = listOf(wire.children, wire, 'children');
  const props = listOf(wire.props, wire, 'props');
  if (attrs) {
    for (let i = 0; i < attrs.length; i++) {
      // HTML elements take every attribute as it is; only SVG and MathML have namespaced ones.
      if (html) element.setAttribute(attrs[i][0], attrs[i][1]);
      else setAttribute(element, attrs[i][0], attrs[i][1]);
    }
  }
  if (on) for (let i = 0; i < on.length; i++) addWireListener(root, element, on[i]);
  if (children) {
    for (let i = 0; i < children.length; i++) element.appendChild(buildNode(root, children[i], doc, built));
  }
  if (html && tag === 'dialog') built.dialogs.push(element); // opened once inserted
  // After the children: a select's value needs its options.
  if (props) for (let i = 0; i < props.length; i++) setProperty(element, props[i][0], props[i][1], root);
  return element;
}

/**
 * A page's content from wire nodes (a module's `app_start` and `app_snapshot`, which send nodes,
 * not HTML): plain DOM nodes with their attributes and text, appended to `parent`, and their
 * ids in document order. No ids are registered and no listener or property is set: the page's
 * hydration patches do that, as for server-rendered HTML.
 */
export function appendUnregisteredNodes(parent, wires) {
  const ids = [];
  const doc = parent.ownerDocument;
  const add = (into, wire) => {
    if (!wire || typeof wire !== 'object') throw new Error('a node must be an object');
    ids.push(wire.id);
    const leaf = leafOf(wire, doc);
    if (leaf) return void into.appendChild(leaf);
    const element = doc.createElementNS(namespaceOf(wire), wire.tag);
    const attrs = listOf(wire.attrs, wire, 'attrs');
    if (attrs) for (const [name, value] of attrs) setAttribute(element, name, value);
    const children = listOf(wire.children, wire, 'children');
    if (children) for (const child of children) add(element, child);
    into.appendChild(element);
  };
  for (const wire of wires) add(parent, wire);
  return ids;
}

/** A wire text or comment node as DOM; null for an element; an error for anything else. */
function leafOf(wire, doc) {
  if (typeof wire.text === 'string') return doc.createTextNode(wire.text);
  if (typeof wire.comment === 'string') return doc.createComment(wire.comment);
  if (typeof wire.tag !== 'string') throw new Error(`node ${wire.id} is neither text, comment nor element`);
  return null;
}

/** A wire node's list field: absent (undefined) or an array. (Read by name: faster.) */
function listOf(list, wire, field) {
  if (list === undefined || Array.isArray(list)) return list;
  throw new Error(`node ${wire.id}: ${field} must be an array`);
}

/**
 * The namespace for a new element: exactly its `ns` (PROTOCOL.md: absent means HTML). No
 * inheritance from the parent: the wire writes `ns` on every SVG and MathML element, and the
 * Swift side (MemoryDOM) reads an absent `ns` as HTML, so guessing would make the two differ.
 */
function namespaceOf(wire) {
  if (wire.ns === undefined) return NS.html;
  const ns = wire.ns === 'svg' || wire.ns === 'math' ? NS[wire.ns] : undefined;
  if (!ns) throw new Error(`unknown namespace ${JSON.stringify(wire.ns)}`);
  return ns;
}
