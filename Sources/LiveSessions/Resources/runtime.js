/*
 * navdom runtime: hydrates server-rendered HTML, applies the patches of docs/PROTOCOL.md, and
 * wires browser events back to the app. One file, no build step, no dependencies.
 *
 * Load it as a classic <script> (it defines `window.navdom` and starts every
 * `[data-navdom-root]` once the DOM is parsed) or `require` it under node + jsdom
 * (it exports the same API and starts nothing by itself).
 *
 * Data attributes on the container (the element holding the app, node id 0):
 *
 *   data-navdom-root              marks a container for autoStart().
 *   data-navdom-session="S"       the live session id. Without it the container is only
 *                                 hydrated (a static page): no events are sent.
 *   data-navdom-endpoint="/url"   where events are POSTed (default "/_navdom/event").
 *   data-navdom-stream[="/url"]   present: subscribe to server-pushed updates with
 *                                 Server-Sent Events at URL?session=S (empty value:
 *                                 "/_navdom/stream").
 *   data-navdom-patches='[...]'   a JSON patch list applied right after hydration, for what
 *                                 HTML cannot say: `listen` ops for the elements that listen,
 *                                 `setProp` ops for properties.
 *   data-navdom-check="N:H"       the node count and hash of what the server rendered: a DOM
 *                                 changed before the runtime ran (an extension, a translator)
 *                                 is rebuilt from the app's current state (resyncSession).
 *   data-navdom-resync="/url"     where the live page fetches that state (default
 *                                 "/_navdom/resync").
 *   data-navdom-wasm[="/url"]     present: the app runs client-side in the WebAssembly module
 *                                 at URL (empty value: "/navdom.wasm"; `navdom serve --wasm`),
 *                                 through wasmTransport; no session.
 *   data-navdom-wasm-app="name"   the module's app to run (default: the first it registers).
 *   data-navdom-watch[="/url"]    present (`serve --watch`): reload when the server is
 *                                 rebuilt and show build errors (watchForRebuilds; empty
 *                                 value: "/_navdom/watch").
 *
 * On the <script> element itself, `data-navdom-manual` turns the automatic start off.
 *
 * API: hydrate, verifyHydration, applyPatches, start, httpTransport, wasmTransport, autoStart, idle, nodeId, nodeById.
 * docs/RUNTIME.md describes the event and reply JSON and what the runtime guarantees.
 */
(function (factory) {
  'use strict';
  const api = factory();
  if (typeof module === 'object' && module && module.exports) {
    module.exports = api;
    return; // under node the caller decides when and what to start
  }
  if (typeof window !== 'undefined') {
    window.navdom = api;
    const script = document.currentScript;
    if (!(script && script.hasAttribute('data-navdom-manual'))) api.autoStart(document);
  }
})(function () {
  'use strict';

  const TEXT_NODE = 3;
  const ELEMENT_NODE = 1;
  const COMMENT_NODE = 8;

  const NS = {
    html: 'http://www.w3.org/1999/xhtml',
    svg: 'http://www.w3.org/2000/svg',
    math: 'http://www.w3.org/1998/Math/MathML',
  };
  // Prefixed attributes the HTML parser puts in a namespace on SVG and MathML elements;
  // creating them the same way keeps a patched tree identical to a parsed one.
  const ATTRIBUTE_NS = {
    xlink: 'http://www.w3.org/1999/xlink',
    xml: 'http://www.w3.org/XML/1998/namespace',
    xmlns: 'http://www.w3.org/2000/xmlns/',
  };

  const DEFAULT_ENDPOINT = '/_navdom/event';
  const DEFAULT_STREAM = '/_navdom/stream';
  const DEFAULT_RESYNC = '/_navdom/resync';
  const DEFAULT_WATCH = '/_navdom/watch';
  const DEFAULT_WASM = '/navdom.wasm';
  // Always delegated; any other event named by `on`/`listen` is added when first seen.
  const BASE_EVENTS = ['click', 'input', 'change', 'submit', 'keydown', 'cancel', 'close'];

  // ---------------------------------------------------------------------------------------
  // Node ids

  /** The ids of one hydrated container: id -> node, plus the event types its nodes use. */
  class Root {
    constructor(container) {
      this.container = container;
      this.byId = new Map();
      this.maxId = 0; // the largest id registered: a new node's id above it cannot be in use
      this.eventTypes = new Set(BASE_EVENTS);
      this.onNewEventType = null; // set by start() to add a delegated listener
      this.shape = null; // the last subtree built by the patch list being applied (buildSubtree)
    }
  }

  const roots = new WeakMap(); // container -> Root
  // A node's id is a property under this (private) symbol: nodes never move between roots,
  // and a property is set and read several times faster than a WeakMap entry (a big insert
  // gives 10,000 nodes their ids).
  const ID = Symbol('navdom.id');
  const listeners = new WeakMap(); // element -> Set of event names it sends
  const modalDialogs = new WeakSet(); // dialogs this runtime opened with showModal()
  const closingByPatch = new WeakSet(); // dialogs whose next `close` event we caused
  const focusReturns = new WeakMap(); // dialog -> the element focused when it opened (its trigger)
  let pendingFocusReturn = null; // where focus goes once the current patch list is applied
  let lastRoot = null; // what nodeById() looks in when no container is given

  function register(root, node, id) {
    root.byId.set(id, node);
    node[ID] = id;
    if (id > root.maxId) root.maxId = id;
  }

  /** Forgets a node and its subtree, so a later patch or event aimed at them is stale. */
  function unregisterSubtree(root, top) {
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
  function forgetChildren(root, parent) {
    const staying = nodesOutside(root.container, parent, parent.childNodes.length);
    if (!staying) return forgetDescendants(root, parent);
    const byId = new Map();
    for (const node of staying) {
      const id = node[ID];
      if (id !== undefined && root.byId.get(id) === node) byId.set(id, node);
    }
    root.byId = byId;
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
  }

  /** The id of a node the runtime knows, or undefined. */
  function nodeId(node) {
    return node === null || node === undefined ? undefined : node[ID];
  }

  /** The node with `id` in `container` (default: the container hydrated last), or undefined. */
  function nodeById(id, container) {
    const root = container ? roots.get(container) : lastRoot;
    return root ? root.byId.get(id) : undefined;
  }

  function rootOf(container) {
    const root = roots.get(container);
    if (!root) throw new Error('navdom: the container has not been hydrated (call hydrate(container) first)');
    return root;
  }

  // ---------------------------------------------------------------------------------------
  // Hydration

  /**
   * Numbers the server-rendered DOM of `container` as the server did (PROTOCOL.md,
   * "Hydration"): document order from 1; `<!---->` markers are removed, and one not followed
   * by a text node becomes an empty text node. Dialogs rendered `open` are re-opened modally.
   * Returns the largest id given (the number of nodes).
   *
   * `ids` (optional): the ids to give, in document order, for a tree that has lived through
   * patches (a resync's snapshot); default 1, 2, 3… Hydrating a container again (a resync)
   * keeps its delegated listeners and forgets its old ids.
   */
  function hydrate(container, ids) {
    let root = roots.get(container);
    if (root) {
      root.byId = new Map();
      root.maxId = 0;
      root.shape = null;
    } else {
      root = new Root(container);
      roots.set(container, root);
    }
    lastRoot = root;
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
    openDialogs.forEach(openModally);
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

  // ---------------------------------------------------------------------------------------
  // Hydration that checks itself, and resynchronising

  /**
   * `"N:H"` for the hydrated DOM of `container`: the number of nodes and an FNV-1a hash (32
   * bits, hex) of their kinds, tags and text in document order, as the server computes it for
   * `data-navdom-check` (Sources/LiveSessions/HydrationCheck.swift): `<tag>` … `/` for an
   * element, `#text` for a text node (CR and CR LF as LF), `!data` for a comment.
   */
  function shapeCheck(container) {
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
   */
  function verifyHydration(container) {
    const expected = container.getAttribute('data-navdom-check');
    if (!expected) return null;
    const found = shapeCheck(container);
    return found === expected ? null : { expected, found };
  }

  function mismatchMessage(mismatch) {
    return `the page's DOM is not the one the server rendered (${mismatch.found}, expected ${mismatch.expected}: changed before the runtime ran)`;
  }

  /** The first node where `actual` (the page) and `expected` (a fresh render) differ, in words. */
  function firstDifference(actual, expected) {
    const describe = (node) => {
      if (!node) return 'nothing';
      if (node.nodeType === ELEMENT_NODE) return `<${node.localName}>`;
      const data = JSON.stringify(node.data.length > 40 ? node.data.slice(0, 40) + '…' : node.data);
      return node.nodeType === TEXT_NODE ? `text ${data}` : `comment ${data}`;
    };
    const same = (a, b) => a.nodeType === b.nodeType && (a.nodeType === ELEMENT_NODE ? a.localName === b.localName : a.data === b.data);
    const walk = (a, b, path) => {
      let x = a.firstChild, y = b.firstChild, index = 1;
      for (; x || y; x = x && x.nextSibling, y = y && y.nextSibling, index++) {
        const where = `${path} > ${x && x.nodeType === ELEMENT_NODE ? x.localName : 'node'}:nth-child(${index})`;
        if (!x || !y || !same(x, y)) {
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

  /**
   * Rebuilds a container from a snapshot of the app's current page ({html, ids?, patches, url?}:
   * the live session's /_navdom/resync, or the module's start), keeping what it can: the URL,
   * focus and caret, scroll, and what the visitor typed into named fields (sent to the app as
   * input events). Returns a description of the first node that differed.
   */
  function rebuildRoot(session, snapshot) {
    const { container } = session;
    if (!snapshot || typeof snapshot.html !== 'string') throw new Error('navdom: a resync snapshot needs "html"');
    const doc = container.ownerDocument;
    const fresh = doc.createElement(container.localName);
    fresh.innerHTML = snapshot.html;
    const difference = firstDifference(container, fresh);
    const view = keepView(container);
    const fields = captureFields(container);
    noteDialogsBelowLeaving(container);
    container.textContent = '';
    while (fresh.firstChild) container.appendChild(fresh.firstChild);
    hydrate(container, Array.isArray(snapshot.ids) ? snapshot.ids : undefined);
    applyPatches(container, Array.isArray(snapshot.patches) ? snapshot.patches : []);
    if (session.history && typeof snapshot.url === 'string') session.history.follow({ url: snapshot.url, history: 'replace' });
    restoreFields(container, fields); // before the caret: writing a value moves it to the end
    restoreView(container, view);
    return difference;
  }

  /** Focus, caret and scroll before a rebuild. */
  function keepView(container) {
    const doc = container.ownerDocument;
    const win = doc.defaultView;
    const active = doc.activeElement;
    const view = { x: win ? win.scrollX : 0, y: win ? win.scrollY : 0, focus: null };
    if (active && active !== container && container.contains(active)) {
      view.focus = { node: active[ID], id: active.id, name: active.getAttribute('name'), tag: active.localName, selection: readSelection(active) };
    }
    return view;
  }

  function restoreView(container, view) {
    const win = container.ownerDocument.defaultView;
    const focus = view.focus;
    if (focus) {
      const byName = focus.name ? container.querySelector(`${focus.tag}[name="${cssString(focus.name)}"]`) : null;
      const byNode = focus.node !== undefined ? nodeById(focus.node, container) : null;
      const target = (focus.id && container.ownerDocument.getElementById(focus.id)) || byName || (byNode && byNode.localName === focus.tag ? byNode : null);
      if (target && container.contains(target)) {
        try {
          target.focus({ preventScroll: true });
          if (focus.selection) target.setSelectionRange(focus.selection.start, focus.selection.end, focus.selection.direction);
        } catch (_) {
          // an element without a caret: focus is enough
        }
      }
    }
    if (win && typeof win.scrollTo === 'function' && (win.scrollX !== view.x || win.scrollY !== view.y)) {
      try {
        win.scrollTo(view.x, view.y);
      } catch (_) {
        // jsdom has no layout
      }
    }
  }

  function cssString(text) {
    return String(text).replace(/["\\]/g, '\\$&');
  }

  /**
   * Brings the session's page back in step with the app: fetches a snapshot of its current
   * page (`source`, default the transport's `snapshot`) and rebuilds the container from it.
   * Events wait until it is done. `cause`: what went wrong, for the one warning it logs.
   * Resolves to true once rebuilt; a failure is reported and leaves the page as it was.
   */
  function resyncSession(session, cause, source) {
    if (session.resyncing) return session.resyncing;
    const fetchSnapshot = source || session.snapshot;
    if (typeof fetchSnapshot !== 'function') {
      session.report(cause instanceof Error ? cause : new Error(`navdom: ${cause}`));
      return Promise.resolve(false);
    }
    const started = Date.now();
    session.resyncing = Promise.resolve()
      .then(() => fetchSnapshot())
      .then((snapshot) => {
        const difference = rebuildRoot(session, snapshot);
        session.resyncs = (session.resyncs || 0) + 1;
        const why = cause instanceof Error ? cause.message : cause;
        console.warn(`navdom: ${why}; rebuilt the page from the app's current state in ${Date.now() - started} ms (first difference: ${difference})`);
        return true;
      })
      .catch((error) => {
        if (error && error.sessionGone && session.win) {
          keepFormForReload(session.container);
          renewSession(session.win, RENEWED_AFTER_END);
        } else {
          session.report(error);
        }
        return false;
      })
      .finally(() => {
        session.resyncing = null;
        if (!session.busy && !session.queue.length) session.waiters.splice(0).forEach((resolve) => resolve());
      });
    return session.resyncing;
  }

  // ---------------------------------------------------------------------------------------
  // Patches

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
   */
  function applyPatches(container, patches) {
    const root = rootOf(container);
    if (!Array.isArray(patches)) throw new Error('navdom: applyPatches expects an array of patches');
    const propertyWrites = [];
    pendingFocusReturn = null;
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
      returnFocus(container.ownerDocument);
      focusNewDialogPage(container, dialogPage);
    }
  }

  const OPS = {
    insert(root, patch) {
      const parent = parentById(root, patch.parent);
      const before = beforeById(root, patch.before, parent);
      insertSubtree(root, patch.node, parent, before);
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
      noteDialogsLeaving(node);
      unregisterSubtree(root, node);
      // An open dialog just goes: leaving the document takes it out of the top layer.
      node.parentNode.removeChild(node);
    },

    clear(root, patch) {
      const parent = parentById(root, patch.id);
      noteDialogsBelowLeaving(parent);
      forgetChildren(root, parent);
      parent.textContent = '';
    },

    replace(root, patch) {
      const old = nodeFor(root, patch.id, 'id');
      if (old === root.container) throw new Error('the container cannot be replaced');
      const parent = old.parentNode;
      const next = old.nextSibling;
      const built = buildSubtree(root, patch.node, parent.ownerDocument);
      noteDialogsLeaving(old);
      unregisterSubtree(root, old);
      parent.removeChild(old);
      adopt(root, built, parent, next);
    },

    text(root, patch) {
      const node = nodeFor(root, patch.id, 'id');
      if (node.nodeType !== TEXT_NODE && node.nodeType !== COMMENT_NODE) {
        throw new Error('the node is not a text or comment node');
      }
      node.data = requireString(patch.text, 'text');
    },

    setAttr(root, patch) {
      const element = elementFor(root, patch.id);
      const name = requireString(patch.name, 'name');
      const value = requireString(patch.value, 'value');
      // A dialog's `open` means "presented": open it modally, as hydration does.
      if (isDialog(element) && name === 'open') return openModally(element);
      setAttribute(element, name, value);
    },

    removeAttr(root, patch) {
      const element = elementFor(root, patch.id);
      const name = requireString(patch.name, 'name');
      // close(), not attribute removal alone: a modal dialog would stay in the top layer.
      if (isDialog(element) && name === 'open') return closeDialog(element);
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
      if (name === 'value' && typingInto && typingInto.has(patch.id) && element === element.ownerDocument.activeElement) return;
      propertyWrites.push(() => setProperty(element, name, value));
    },

    removeProp(root, patch, propertyWrites) {
      const element = elementFor(root, patch.id);
      const name = requireString(patch.name, 'name');
      propertyWrites.push(() => resetProperty(element, name));
    },

    listen(root, patch) {
      addListener(root, elementFor(root, patch.id), requireString(patch.event, 'event'));
    },

    unlisten(root, patch) {
      const events = listeners.get(elementFor(root, patch.id));
      if (events) events.delete(requireString(patch.event, 'event'));
    },

    invoke(root, patch) {
      const element = elementFor(root, patch.id);
      const method = INVOKE[patch.method];
      if (!method) throw new Error(`unknown method ${JSON.stringify(patch.method)}`);
      method(element);
    },
  };

  const INVOKE = {
    showModal: openModally,
    close: closeDialog,
    show(dialog) {
      if (dialog.open) return; // show() on a modal dialog throws; an open one stays as it is
      if (typeof dialog.show === 'function') dialog.show();
      else dialog.setAttribute('open', '');
    },
    focus(element) {
      element.focus();
    },
  };

  // --- Looking nodes up ------------------------------------------------------------------

  function nodeFor(root, id, field) {
    const node = Number.isInteger(id) ? root.byId.get(id) : undefined;
    if (!node) throw new Error(`no node with id ${JSON.stringify(id)} (${field}); it was removed or never existed`);
    return node;
  }

  function elementFor(root, id) {
    const node = nodeFor(root, id, 'id');
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

  // --- Building subtrees -----------------------------------------------------------------
  //
  // A wire subtree is built off the document and checked whole before it goes in; its nodes
  // get their ids only once the insertion worked. A malformed node, an id in use or a DOM
  // error thus leaves neither DOM nor ids behind. This is the hot path of a big insert
  // (1,000 table rows are 10,000 nodes), so it uses indexed loops and few temporary objects.
  //
  // Rows of a list come as a run of inserts of one shape (same tags, attributes and structure;
  // only ids and text differ). Within one patch list, the runtime remembers the last small
  // subtree it built; when the next one has the same shape, a copy of it becomes a template,
  // and each later subtree of that shape is cloned from it (one native call) and filled in by
  // a walk (text, ids, listeners, dialogs to open). Subtrees with properties are always built
  // (a clone would copy form state). 1,000 rows: ~16% less time in applyPatches.

  const SHAPE_LIMIT = 64; // nodes; a bigger subtree is rarely repeated and not worth keeping

  function insertSubtree(root, wire, parent, before) {
    adopt(root, buildSubtree(root, wire, parent.ownerDocument), parent, before);
  }

  /** Builds the DOM for a wire node: {top, nodes, ids (in document order), dialogs}. */
  function buildSubtree(root, wire, doc) {
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

  /** Gives a clone of a template what buildNode gives a new node (sameShape checked the rest). */
  function fillNode(root, wire, node, built) {
    claimId(root, wire.id, built);
    built.nodes.push(node);
    built.ids.push(wire.id);
    if (typeof wire.text === 'string') {
      node.data = wire.text;
    } else if (typeof wire.comment === 'string') {
      node.data = wire.comment;
    } else {
      const on = listOf(wire.on, wire, 'on');
      if (on) for (let i = 0; i < on.length; i++) addListener(root, node, on[i]);
      const children = wire.children;
      if (children) {
        let child = node.firstChild;
        for (let i = 0; i < children.length; i++, child = child.nextSibling) fillNode(root, children[i], child, built);
      }
      if (wire.ns === undefined && wire.tag === 'dialog') built.dialogs.push(node);
    }
  }

  /** Puts a built subtree into the document, then gives its nodes their ids. */
  function adopt(root, built, parent, before) {
    parent.insertBefore(built.top, before);
    const { nodes, ids, dialogs } = built;
    for (let i = 0; i < nodes.length; i++) register(root, nodes[i], ids[i]);
    for (let i = 0; i < dialogs.length; i++) {
      if (dialogs[i].hasAttribute('open')) openModally(dialogs[i]);
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
      if (root.byId.has(id) || built.seen.has(id)) throw new Error(`node id ${id} is already in use`);
      built.seen.add(id);
    }
  }

  function buildNode(root, wire, doc, built) {
    if (!wire || typeof wire !== 'object') throw new Error('a node must be an object');
    const id = wire.id;
    claimId(root, id, built);
    let node;
    if (typeof wire.text === 'string') node = doc.createTextNode(wire.text);
    else if (typeof wire.comment === 'string') node = doc.createComment(wire.comment);
    else if (typeof wire.tag !== 'string') throw new Error(`node ${id} is neither text, comment nor element`);
    else return buildElement(root, wire, doc, built);
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
    if (on) for (let i = 0; i < on.length; i++) addListener(root, element, on[i]);
    if (children) {
      for (let i = 0; i < children.length; i++) element.appendChild(buildNode(root, children[i], doc, built));
    }
    if (html && tag === 'dialog') built.dialogs.push(element); // opened once inserted
    // After the children: a select's value needs its options.
    if (props) for (let i = 0; i < props.length; i++) setProperty(element, props[i][0], props[i][1]);
    return element;
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

  // --- Attributes, properties, listeners -------------------------------------------------

  function setAttribute(element, name, value) {
    const ns = foreignAttributeNamespace(element, name);
    if (ns) element.setAttributeNS(ns, name, value);
    else element.setAttribute(name, value);
  }

  function removeAttribute(element, name) {
    const ns = foreignAttributeNamespace(element, name);
    if (ns) element.removeAttributeNS(ns, name.slice(name.indexOf(':') + 1));
    else element.removeAttribute(name);
  }

  function foreignAttributeNamespace(element, name) {
    if (element.namespaceURI === NS.html) return null;
    if (name === 'xmlns') return ATTRIBUTE_NS.xmlns;
    const colon = name.indexOf(':');
    return colon > 0 ? ATTRIBUTE_NS[name.slice(0, colon)] || null : null;
  }

  /** Sets a DOM property, never the attribute; an unchanged value is left alone (no caret jump). */
  function setProperty(element, name, value) {
    if (element[name] !== value) element[name] = value;
  }

  /** removeProp: "" for strings, false for booleans. */
  function resetProperty(element, name) {
    // A checkbox's or radio's value property *is* its attribute; its reset is the default "on".
    if (name === 'value' && element.localName === 'input' && /^(checkbox|radio)$/i.test(element.type)) {
      return element.removeAttribute('value');
    }
    setProperty(element, name, typeof element[name] === 'boolean' ? false : '');
  }

  function addListener(root, element, event) {
    let events = listeners.get(element);
    if (!events) listeners.set(element, (events = new Set()));
    events.add(event);
    if (!root.eventTypes.has(event)) {
      root.eventTypes.add(event);
      if (root.onNewEventType) root.onNewEventType(event);
    }
  }

  function listensTo(element, event) {
    const events = listeners.get(element);
    return events !== undefined && events.has(event);
  }

  // --- Moving with focus -----------------------------------------------------------------

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

  function readSelection(element) {
    try {
      if (typeof element.selectionStart !== 'number') return null;
      return { start: element.selectionStart, end: element.selectionEnd, direction: element.selectionDirection || 'none' };
    } catch (_) {
      return null; // selectionStart throws on input types without a caret
    }
  }

  // --- Dialogs ---------------------------------------------------------------------------

  function isDialog(node) {
    return node.nodeType === ELEMENT_NODE && node.localName === 'dialog' && node.namespaceURI === NS.html;
  }

  function isModal(dialog) {
    if (!dialog.open) return false;
    try {
      return dialog.matches(':modal');
    } catch (_) {
      return modalDialogs.has(dialog); // no :modal selector: trust our own record
    }
  }

  /**
   * Opens a dialog modally. showModal() throws on an open dialog, so a non-modal `open` is
   * removed first (attribute removal, not close(): that would send the app a `close` event).
   * Without showModal (old browsers, jsdom) the dialog gets `open`.
   */
  function openModally(dialog) {
    if (isModal(dialog)) return;
    closingByPatch.delete(dialog);
    rememberTrigger(dialog);
    if (dialog.isConnected && typeof dialog.showModal === 'function') {
      dialog.removeAttribute('open');
      dialog.showModal();
      modalDialogs.add(dialog);
    } else if (!dialog.hasAttribute('open')) {
      dialog.setAttribute('open', '');
    }
  }

  /** Closes a dialog because the app said so; its `close` event is not sent back to the app. */
  function closeDialog(dialog) {
    modalDialogs.delete(dialog);
    if (!dialog.open) return dialog.removeAttribute('open');
    noteDialogLeaving(dialog);
    if (typeof dialog.close === 'function') {
      closingByPatch.add(dialog);
      dialog.close();
    } else {
      dialog.removeAttribute('open');
    }
  }

  // --- Focus returns to a dialog's trigger -----------------------------------------------
  //
  // A dialog the app closes usually leaves by a `remove` or `replace` patch, and removing an
  // element that holds focus drops focus to <body>. So the runtime remembers what was focused
  // when each dialog opened (its trigger) and, once the patch list that closed the dialog is
  // applied, focuses it again if focus was lost. When one dialog replaces another ("Import
  // instead"), the new one inherits the old one's trigger.

  function isFocusLost(doc) {
    const active = doc.activeElement;
    return !active || active === doc.body || active === doc.documentElement;
  }

  function rememberTrigger(dialog) {
    if (focusReturns.has(dialog)) return;
    const doc = dialog.ownerDocument;
    const trigger = isFocusLost(doc) ? pendingFocusReturn : doc.activeElement;
    if (trigger && trigger !== dialog) {
      focusReturns.set(dialog, trigger);
      if (trigger === pendingFocusReturn) pendingFocusReturn = null; // the new dialog takes it over
    }
  }

  /** The trigger to return to from `dialog`, following triggers that were inside dialogs now gone. */
  function triggerOf(dialog) {
    let target = focusReturns.get(dialog);
    for (let hops = 0; target && hops < 32; hops++) {
      const inside = target.parentNode ? target.parentNode.closest('dialog') : null;
      const gone = !target.isConnected || (inside && !inside.open);
      if (!gone) return target;
      if (!inside || !focusReturns.has(inside)) return null;
      target = focusReturns.get(inside);
    }
    return null;
  }

  /** Called for every node about to leave the document: notes the open dialogs in it. */
  function noteDialogsLeaving(node) {
    if (node.nodeType !== ELEMENT_NODE) return;
    if (isDialog(node)) noteDialogLeaving(node);
    noteDialogsBelowLeaving(node);
  }

  /** The same for the descendants of `element` (one query for a whole `clear`). */
  function noteDialogsBelowLeaving(element) {
    if (element.firstElementChild) element.querySelectorAll('dialog').forEach(noteDialogLeaving);
  }

  function noteDialogLeaving(dialog) {
    if (!dialog.open) return;
    const doc = dialog.ownerDocument;
    if (!isFocusLost(doc) && !dialog.contains(doc.activeElement)) return; // focus is elsewhere; leave it
    const trigger = triggerOf(dialog);
    if (trigger && !dialog.contains(trigger)) pendingFocusReturn = trigger;
  }

  /** After a patch list: focus the closed dialog's trigger if focus was lost on the way. */
  function returnFocus(doc) {
    const target = pendingFocusReturn;
    pendingFocusReturn = null;
    if (!target || !doc || !target.isConnected || !isFocusLost(doc)) return;
    try {
      target.focus({ preventScroll: true });
    } catch (_) {
      // an element that cannot take focus: leave focus where it is
    }
  }

  // --- Dismissing dialogs: Escape closes exactly the top one -----------------------------
  //
  // A dialog's `cancel` (Escape, a close request) is the app's to decide: the runtime prevents
  // the browser's own close and sends `cancel` for the top dialog only. Some browsers will not
  // let it be prevented: Chromium, before the page's first user activation, closes every
  // dialog opened without one on a single Escape, firing an uncancelable `cancel` at each, top
  // first, then `close` events. The runtime then tells the app about the top one only, and once
  // the app's reply is applied reopens, in their order, the dialogs the app still shows: the
  // page shows what the app's state says, and the app decides (it may refuse the dismissal).

  const closedByBrowser = new WeakSet(); // dialogs the browser closed though we prevented it
  let closeRequestTop = null; // the top dialog of the close request being handled (one task)

  /** Handles a dialog's `cancel` or `close`; true when it is not to be sent to the app as is. */
  function handleDialogDismissal(root, session, event) {
    const dialog = event.target;
    if (event.type === 'cancel') {
      event.preventDefault();
      const closes = !event.defaultPrevented; // an uncancelable cancel: the browser closes it
      if (closes) closedByBrowser.add(dialog);
      // The browser asks the top dialog first; the others of the same request follow in this
      // task, and are not the app's news.
      if (closeRequestTop === null) {
        closeRequestTop = dialog;
        const sent = listensTo(dialog, 'cancel') && root.byId.get(dialog[ID]) === dialog;
        if (sent) dispatch(session, { id: dialog[ID], event: 'cancel' });
        setTimeout(() => {
          closeRequestTop = null;
          if (closes) afterReply(session, () => restoreDialogs(root));
        }, 0);
      } else if (closes) {
        setTimeout(() => afterReply(session, () => restoreDialogs(root)), 0);
      }
      return true;
    }
    if (closedByBrowser.has(dialog)) {
      closedByBrowser.delete(dialog); // its cancel already went to the app (or was not news)
      return true;
    }
    // A `method="dialog"` form closed it: the app hears `close`, and the dialog opens again if
    // the app keeps it (it refused the dismissal).
    setTimeout(() => afterReply(session, () => restoreDialogs(root)), 0);
    return false;
  }

  /** Runs `body` once the session has no event in flight (its replies are applied). */
  function afterReply(session, body) {
    if (session.busy || session.queue.length) session.waiters.push(body);
    else body();
  }

  /**
   * Reopens the dialogs the app still shows that the browser closed, keeping their order:
   * showModal() puts a dialog on top, so the open ones above the first closed one are closed
   * (silently) and reopened after it.
   */
  function restoreDialogs(root) {
    const dialogs = Array.from(root.container.querySelectorAll('dialog')).filter(
      (dialog) => modalDialogs.has(dialog) && root.byId.get(dialog[ID]) === dialog,
    );
    const first = dialogs.findIndex((dialog) => !dialog.open);
    if (first < 0) return;
    for (let index = dialogs.length - 1; index > first; index--) {
      if (!dialogs[index].open) continue;
      closingByPatch.add(dialogs[index]);
      dialogs[index].close();
    }
    for (let index = first; index < dialogs.length; index++) {
      modalDialogs.delete(dialogs[index]);
      openModally(dialogs[index]);
    }
  }

  // --- Focus in a dialog's stack -----------------------------------------------------------
  //
  // A push or pop inside a presentation's stack hides or removes the page that had focus; the
  // browser would leave focus on <body>, outside the modal dialog. The new page's heading
  // (made focusable with tabindex="-1") takes it instead, as a screen reader user expects.

  /** The top open dialog of the container and the innermost page shown in it, if any. */
  function shownDialogPage(container) {
    // A runtime puts presented dialogs in the container itself (its top layer), so only its
    // children are looked at: no walk of a big page for every patch list.
    let dialog = container.lastElementChild;
    while (dialog && !(isDialog(dialog) && dialog.open)) dialog = dialog.previousElementSibling;
    if (!dialog) return null;
    const pages = Array.from(dialog.querySelectorAll('section.navigation-page')).filter((page) => {
      const hidden = page.closest('[hidden]');
      return !hidden || !dialog.contains(hidden);
    });
    return { dialog, page: pages[pages.length - 1] || null };
  }

  /** After a patch list: focus the heading of the page a dialog's stack now shows, if it changed. */
  function focusNewDialogPage(container, before) {
    if (!before || !before.page) return;
    const now = shownDialogPage(container);
    if (!now || now.dialog !== before.dialog || !now.page || now.page === before.page) return;
    const doc = container.ownerDocument;
    const labelledBy = now.page.getAttribute('aria-labelledby');
    const labelling = labelledBy ? doc.getElementById(labelledBy) : null;
    const heading = (labelling && now.page.contains(labelling) && labelling) || now.page.querySelector('h1, h2, h3, h4, h5, h6') || now.page;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    try {
      heading.focus();
    } catch (_) {
      // an element that cannot take focus: leave focus where it is
    }
  }

  // ---------------------------------------------------------------------------------------
  // Live sessions

  /**
   * Starts sending the container's events to the app and applying its replies.
   *
   *   start(container, { send: (event) => Promise<reply> })          // or send(event, callback)
   *   start(container, httpTransport({ session: 'S' }))
   *
   * options.send(event) gets {id, event, value?, key?} and answers {patches, url?, history?}.
   * options.subscribe(onReply), if given, delivers server-pushed replies; it may return an
   * unsubscribe function. options.onError(error) reports failures (default console.error).
   * Hydrates the container first unless it already is. Returns {dispatch, idle, stop}.
   */
  function start(container, options) {
    if (!options || typeof options.send !== 'function') throw new Error('navdom: start needs options.send');
    const root = roots.get(container) || (hydrate(container), roots.get(container));
    const doc = container.ownerDocument;
    const win = doc.defaultView;
    const report = options.onError || ((error) => console.error(error));
    const session = { container, send: options.send, report, queue: [], busy: false, waiters: [], win };
    session.snapshot = typeof options.snapshot === 'function' ? options.snapshot : null; // for resyncSession
    const cleanups = [];

    const onEvent = (event) => handleDomEvent(root, session, event);
    const delegate = (type) => {
      // Capture, so events that do not bubble (cancel, close, focus) reach us too.
      container.addEventListener(type, onEvent, true);
      cleanups.push(() => container.removeEventListener(type, onEvent, true));
    };
    root.eventTypes.forEach(delegate);
    root.onNewEventType = delegate;
    cleanups.push(() => (root.onNewEventType = null));

    if (win) {
      announceRenewal(container, win);
      session.announcer = pageAnnouncer(container);
      recoverFormAfterReload(container);
      session.history = startHistory(win);
      const onPopState = (event) => {
        // A traversal the runtime started itself (the app popped its stack) is not news to
        // the app; only the user's back and forward go to it.
        if (session.history.absorbPopState(event.state)) return;
        dispatch(session, { id: 0, event: 'popstate', value: win.location.pathname + win.location.search });
      };
      win.addEventListener('popstate', onPopState);
      cleanups.push(() => win.removeEventListener('popstate', onPopState));
    }

    if (typeof options.subscribe === 'function') {
      // Pushed replies are applied on arrival, not queued behind an event in flight: the
      // server computed them before any reply still on its way.
      // One that arrives while the page is being rebuilt waits for it: the snapshot may be older.
      const onPush = (reply) => (session.resyncing ? session.resyncing.then(() => handleReply(session, reply)) : handleReply(session, reply));
      const unsubscribe = options.subscribe(onPush);
      if (typeof unsubscribe === 'function') cleanups.push(unsubscribe);
    }

    return {
      /** Sends an event as if the DOM had fired it: {id, event, value?, key?}. */
      dispatch: (event) => dispatch(session, event),
      /** Resolves once every queued event has been sent and its reply applied. */
      idle: () => (session.busy || session.queue.length || session.resyncing ? new Promise((resolve) => session.waiters.push(resolve)) : Promise.resolve()),
      /** Rebuilds the page from the app's current state (options.snapshot); resolves to true once done. */
      resync: (cause, source) => resyncSession(session, cause || 'asked to resync', source),
      /** Stops listening; replies still in flight are applied. */
      stop: () => cleanups.splice(0).forEach((cleanup) => cleanup()),
    };
  }

  function handleDomEvent(root, session, event) {
    if (event.type === 'close' && closingByPatch.has(event.target)) {
      closingByPatch.delete(event.target); // the app closed it; telling it so would be an echo
      return;
    }
    if ((event.type === 'cancel' || event.type === 'close') && isDialog(event.target)) {
      if (handleDialogDismissal(root, session, event)) return;
    }
    const element = listeningElement(root, event);
    if (!element) return;
    // A modified click on a link opens it elsewhere (a new tab, a window): the browser's job,
    // not the app's, so this page stays where it is.
    if (event.type === 'click' && isLink(element) && !isPlainClick(event)) return;
    preventDefaultAction(event, element);
    if (event.type === 'click') session.lastClicked = element; // what a push returns focus to
    dispatch(session, eventMessage(event, element[ID]));
  }

  /**
   * The element that sends this event: the target or, for bubbling events, its nearest
   * ancestor (inside the container) that listens. Only that one element sends it.
   */
  function listeningElement(root, event) {
    let node = event.target;
    while (node && node !== root.container) {
      if (node.nodeType === ELEMENT_NODE && listensTo(node, event.type) && root.byId.get(node[ID]) === node) {
        return node;
      }
      if (!event.bubbles) return null;
      node = node.parentNode;
    }
    return null;
  }

  /** The DOM changes only through patches, so defaults that would change it are stopped. */
  function preventDefaultAction(event, element) {
    const tag = element.localName;
    if (event.type === 'submit' && tag === 'form') return event.preventDefault();
    // The app decides whether Escape closes the dialog, by sending patches (see
    // handleDialogDismissal, which handles a dialog's own cancel before this).
    if (event.type === 'cancel' && isDialog(element)) return event.preventDefault();
    if (event.type !== 'click') return;
    if (submitsWithoutScript(element)) return event.preventDefault();
    if (submitsToDialog(element)) return event.preventDefault();
    // A link that listens is handled by the app; modified clicks still open new tabs.
    if (isLink(element) && isPlainClick(event)) event.preventDefault();
  }

  function isLink(element) {
    return element.localName === 'a' && element.hasAttribute('href');
  }

  function isPlainClick(event) {
    return !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && !event.button;
  }

  /**
   * Whether clicking `element` would post the page's own form, which is there for visitors
   * without script (docs/NO-SCRIPT.md): with script the click goes to the app instead.
   */
  function submitsWithoutScript(element) {
    return element.getAttribute('form') === 'navdom-noscript';
  }

  /** Whether clicking `element` would submit a `<form method="dialog">` (closing its dialog). */
  function submitsToDialog(element) {
    const tag = element.localName;
    const type = (element.getAttribute('type') || '').toLowerCase();
    const submits = (tag === 'button' && type !== 'button' && type !== 'reset') || (tag === 'input' && (type === 'submit' || type === 'image'));
    if (!submits) return false;
    const form = element.form || element.closest('form');
    const method = element.getAttribute('formmethod') || (form && form.getAttribute('method')) || '';
    return method.toLowerCase() === 'dialog';
  }

  /** {id, event, value?, key?}: the payload PROTOCOL.md's "Events" describes. */
  function eventMessage(event, id) {
    const message = { id, event: event.type };
    if (event.type === 'input' || event.type === 'change') {
      const value = valueOf(event.target);
      if (value !== undefined) message.value = value;
    }
    if (typeof event.key === 'string' && event.type.startsWith('key')) message.key = event.key;
    return message;
  }

  function valueOf(target) {
    if (target.localName === 'input' && (target.type || '').toLowerCase() === 'checkbox') return String(target.checked);
    return typeof target.value === 'string' ? target.value : undefined;
  }

  /** Queues an event; events go one at a time, each after the previous reply is applied. */
  function dispatch(session, message) {
    markPending(session, message);
    session.queue.push(message);
    if (!session.busy) pump(session);
  }

  const PENDING = 'data-navdom-pending';

  /**
   * The element an event came from carries `data-navdom-pending` (its value: the event's name)
   * from the moment the event is queued until its reply is applied, so apps can style a click
   * being handled (`[data-navdom-pending] { opacity: .6 }`). Counted, for several events in a row.
   */
  function markPending(session, message) {
    const root = roots.get(session.container);
    const element = message.id > 0 && root ? root.byId.get(message.id) : null;
    if (!element || element.nodeType !== ELEMENT_NODE) return;
    session.pending = session.pending || new Map();
    session.pending.set(message, element);
    element.setAttribute(PENDING, message.event);
    element[PENDING] = (element[PENDING] || 0) + 1;
  }

  /** The reply to `message` was applied (or failed): its element is no longer pending. */
  function clearPending(session, message) {
    const element = session.pending && session.pending.get(message);
    if (!element) return;
    session.pending.delete(message);
    element[PENDING] -= 1;
    if (element[PENDING] <= 0) {
      delete element[PENDING];
      element.removeAttribute(PENDING);
    }
  }

  /**
   * A simulated network delay before each event is sent, in milliseconds, to see pending
   * states as a slow connection shows them: `navdom.enableLatencySim(300)` in the console
   * (kept in sessionStorage for this tab, as Phoenix LiveView's liveSocket.enableLatencySim),
   * `navdom.disableLatencySim()` to stop.
   */
  const LATENCY = 'navdom:latency';
  function enableLatencySim(milliseconds, win = globalThis) {
    win.sessionStorage.setItem(LATENCY, String(Math.max(0, Number(milliseconds) || 0)));
  }
  function disableLatencySim(win = globalThis) {
    win.sessionStorage.removeItem(LATENCY);
  }
  function simulatedLatency(win) {
    try {
      return Number(win && win.sessionStorage && win.sessionStorage.getItem(LATENCY)) || 0;
    } catch (_) {
      return 0; // no sessionStorage (privacy settings): no delay
    }
  }

  async function pump(session) {
    session.busy = true;
    while (session.queue.length || session.resyncing) {
      if (session.resyncing) await session.resyncing; // events wait for the page to be rebuilt
      if (!session.queue.length) continue;
      const message = session.queue.shift();
      try {
        const latency = simulatedLatency(session.win);
        if (latency) await new Promise((resolve) => setTimeout(resolve, latency));
        handleReply(session, await callSend(session.send, message));
        clearPending(session, message);
      } catch (error) {
        clearPending(session, message);
        if (error && error.sessionGone && session.win) {
          // A module that trapped is a bug worth seeing; a session the server let go is not.
          if (error.moduleTrapped) session.report(error);
          session.queue.length = 0; // the page is about to load again
          keepFormForReload(session.container);
          renewSession(session.win, error.moduleTrapped ? RENEWED_AFTER_TRAP : RENEWED_AFTER_END);
          break;
        }
        session.report(error);
      }
    }
    session.busy = false;
    session.waiters.splice(0).forEach((resolve) => resolve());
  }

  const RENEWED = 'navdom:renewed';
  const RENEWED_AFTER_END = '1'; // the server no longer had the session
  const RENEWED_AFTER_TRAP = 'trap'; // the WebAssembly module trapped
  const RENEWED_AFTER_REBUILD = 'rebuilt'; // serve --watch restarted the server on a new build

  /**
   * The page's session is gone (the server no longer has it, or the module trapped and its
   * state is lost): load the current URL again, which renders the same navigation state (it
   * lives in the URL) in a new session, and say why on arrival.
   */
  function renewSession(win, reason) {
    try {
      win.sessionStorage.setItem(RENEWED, reason);
    } catch (_) {
      // no sessionStorage (privacy settings): the page reloads without the notice
    }
    win.location.reload();
  }

  const RENEWAL_NOTICES = {
    [RENEWED_AFTER_END]: 'Your session had ended, so this page was reloaded at the same address in a new session.',
    [RENEWED_AFTER_TRAP]: 'The app stopped on an internal error, so this page was reloaded at the same address in a new session.',
    [RENEWED_AFTER_REBUILD]: 'The app was rebuilt, so this page was reloaded at the same address.',
  };

  /** After a renewal, a polite notice before the container (outside what patches touch). */
  function announceRenewal(container, win) {
    let reason = null;
    try {
      reason = win.sessionStorage.getItem(RENEWED);
      win.sessionStorage.removeItem(RENEWED);
    } catch (_) {
      return;
    }
    const text = RENEWAL_NOTICES[reason];
    if (!text || !container.parentNode) return;
    const notice = container.ownerDocument.createElement('p');
    notice.className = 'navdom-notice';
    notice.setAttribute('role', 'status');
    notice.textContent = text;
    container.parentNode.insertBefore(notice, container);
  }

  // ---------------------------------------------------------------------------------------
  // serve --watch

  /**
   * Under `serve --watch` (the container has `data-navdom-watch`): listens to the watch stream.
   * Its `hello` names the server's instance; once the stream reconnects to another instance
   * (a rebuilt server), the page reloads at its URL, keeping typed text as a renewal does.
   * Each `build` event ({"state": "building" | "failed", "log"?}) shows in a box before the
   * container; a reload clears it. Returns a function that stops listening.
   */
  function watchForRebuilds(container, url, EventSourceImpl = globalThis.EventSource) {
    const win = container.ownerDocument.defaultView;
    if (typeof EventSourceImpl !== 'function' || !win) return () => {};
    let instance = null;
    let source = null;
    let retry = null;
    const connect = () => {
      source = new EventSourceImpl(url);
      source.addEventListener('hello', (message) => {
        if (instance !== null && message.data !== instance) {
          source.close();
          keepFormForReload(container);
          return renewSession(win, RENEWED_AFTER_REBUILD);
        }
        instance = message.data;
      });
      source.addEventListener('build', (message) => {
        try {
          showBuildState(container, JSON.parse(message.data));
        } catch (_) {
          console.error(`navdom: a build state is not JSON: ${String(message.data).slice(0, 200)}`);
        }
      });
      // A stream the browser gave up on (an answer other than a stream, mid-restart): again soon.
      source.addEventListener('error', () => {
        if (source.readyState === 2 && retry === null) retry = setTimeout(() => ((retry = null), connect()), 500);
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }

  /** The build's state in a box before the container: "Rebuilding…", or the compiler's errors. */
  function showBuildState(container, build) {
    const doc = container.ownerDocument;
    let box = doc.querySelector('.navdom-build');
    if (!box && container.parentNode) {
      box = doc.createElement('pre');
      box.className = 'navdom-build';
      box.setAttribute('role', 'status');
      container.parentNode.insertBefore(box, container);
    }
    if (!box) return;
    box.dataset.state = build.state;
    box.textContent = build.state === 'failed' ? 'The build failed; the page runs the last build.\n\n' + (build.log || '') : 'Rebuilding…';
  }

  // ---------------------------------------------------------------------------------------
  // Form recovery

  const FORM_KEY = 'navdom:form:'; // + path and query: the fields kept across a renewal

  /** Whether a field's value is kept: a named (or id'd) field a visitor types or picks in. */
  function isRecoverable(field) {
    const tag = field.localName;
    if (tag === 'textarea' || tag === 'select') return !!(field.name || field.id);
    if (tag !== 'input') return false;
    const type = (field.getAttribute('type') || 'text').toLowerCase();
    if (['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image'].includes(type)) return false;
    return !!(field.name || field.id);
  }

  /** The values of the recoverable fields in `container`: [{key, index, value?, checked?}]. */
  function captureFields(container) {
    const fields = [];
    const seen = new Map();
    container.querySelectorAll('input, textarea, select').forEach((field) => {
      if (!isRecoverable(field)) return;
      const key = field.id ? '#' + field.id : 'name:' + field.name;
      const index = seen.get(key) || 0;
      seen.set(key, index + 1);
      const type = (field.getAttribute('type') || '').toLowerCase();
      if (type === 'checkbox' || type === 'radio') fields.push({ key, index, checked: field.checked });
      else fields.push({ key, index, value: field.value });
    });
    return fields;
  }

  /**
   * Writes captured values back into the fields of `container` that have the same id or name
   * (the nth of a name), and fires `input` and `change` on each one it changed, so the app
   * hears them as if typed. Returns how many it changed.
   */
  function restoreFields(container, fields) {
    if (!Array.isArray(fields) || !fields.length) return 0;
    const current = new Map();
    container.querySelectorAll('input, textarea, select').forEach((field) => {
      if (!isRecoverable(field)) return;
      const key = field.id ? '#' + field.id : 'name:' + field.name;
      if (!current.has(key)) current.set(key, []);
      current.get(key).push(field);
    });
    const win = container.ownerDocument.defaultView;
    let changed = 0;
    for (const kept of fields) {
      const field = kept && current.has(kept.key) ? current.get(kept.key)[kept.index] : undefined;
      if (!field) continue;
      if (typeof kept.checked === 'boolean') {
        if (field.checked === kept.checked) continue;
        field.checked = kept.checked;
      } else if (typeof kept.value === 'string') {
        if (field.value === kept.value) continue;
        field.value = kept.value;
      } else {
        continue;
      }
      changed++;
      field.dispatchEvent(new win.Event('input', { bubbles: true }));
      field.dispatchEvent(new win.Event('change', { bubbles: true }));
    }
    return changed;
  }

  /** Before a renewal reload: keeps the page's field values for its URL (sessionStorage). */
  function keepFormForReload(container) {
    const win = container.ownerDocument.defaultView;
    try {
      const fields = captureFields(container);
      if (fields.length) win.sessionStorage.setItem(FORM_KEY + win.location.pathname + win.location.search, JSON.stringify(fields));
    } catch (_) {
      // no sessionStorage (privacy settings): the reload starts from the app's state
    }
  }

  /** After a renewal reload: writes the kept values back (once) and sends them to the app. */
  function recoverFormAfterReload(container) {
    const win = container.ownerDocument.defaultView;
    let fields = null;
    try {
      const key = FORM_KEY + win.location.pathname + win.location.search;
      fields = JSON.parse(win.sessionStorage.getItem(key) || 'null');
      win.sessionStorage.removeItem(key);
    } catch (_) {
      return 0;
    }
    return restoreFields(container, fields);
  }

  /** Calls a promise-returning send, or a callback-style send(event, (error, reply) => ...). */
  function callSend(send, message) {
    if (send.length >= 2) {
      return new Promise((resolve, reject) => send(message, (error, reply) => (error ? reject(error) : resolve(reply))));
    }
    return Promise.resolve().then(() => send(message));
  }

  /** Ids of the inputs with input events still queued, while a reply is applied (see setProp). */
  let typingInto = null;

  /** Applies a reply {patches, url?, history?}; failures are reported, never thrown. */
  function handleReply(session, reply) {
    if (reply === null || reply === undefined) return; // nothing to change
    try {
      if (typeof reply !== 'object') throw new Error(`navdom: a reply must be an object, got ${JSON.stringify(reply)}`);
      if (reply.error) throw new Error(`navdom: the app answered with an error: ${reply.error}`);
      const queuedInputs = session.queue.filter((message) => message.event === 'input').map((message) => message.id);
      typingInto = queuedInputs.length ? new Set(queuedInputs) : null;
      const pageBefore = topPage(session.container);
      try {
        applyPatches(session.container, reply.patches || []);
      } catch (error) {
        // A node the patches name was removed or moved behind the runtime's back (an
        // extension): rebuild the page from the app's state rather than leave it dead.
        if (error.patchIndex === undefined || !session.snapshot) throw error;
        resyncSession(session, error);
        return;
      } finally {
        typingInto = null;
      }
      if (session.history) session.history.follow(reply);
      followTitle(session.container, reply);
      followPageChange(session, pageBefore);
    } catch (error) {
      session.report(error);
    }
  }

  /**
   * The browser's history, kept in step with the app's URL. Every entry the runtime makes
   * carries the trail of URLs this page has walked (`history.state.navdom`), so when the app
   * goes back to a URL it came from (picking a color pops to the editor), the runtime moves back
   * through history instead of pushing a copy, and the browser's back button then leaves the
   * page the user expects.
   */
  function startHistory(win) {
    const here = () => win.location.href;
    const saved = win.history.state && win.history.state.navdom;
    let trail = saved && Array.isArray(saved.trail) ? saved.trail.slice() : [here()];
    let index = saved && Number.isInteger(saved.index) ? saved.index : 0;
    if (!saved) win.history.replaceState({ navdom: { trail, index } }, '', here());
    let expectedIndex = null;

    return {
      /** Applies a reply's {url, history}. */
      follow(reply) {
        if (typeof reply.url !== 'string') return;
        const target = new win.URL(reply.url, here()).href;
        // The reply to a popstate names the page the browser is already on.
        if (target === here()) return;
        const replace = () => {
          trail[index] = target;
          win.history.replaceState({ navdom: { trail: trail.slice(), index } }, '', target);
        };
        if (reply.history === 'replace') return replace();
        const earlier = trail.lastIndexOf(target, index - 1);
        if (index > 0 && earlier >= 0) {
          expectedIndex = earlier;
          win.history.go(earlier - index);
          index = earlier;
          return;
        }
        // A popped page whose parent this page never showed (a deep link): the popped entry is
        // replaced, never pushed over, so Back never shows a page the app popped.
        if (reply.history === 'pop') return replace();
        trail = trail.slice(0, index + 1).concat(target);
        index += 1;
        win.history.pushState({ navdom: { trail: trail.slice(), index } }, '', target);
      },
      /** Notes where a popstate landed; true when the runtime itself asked to go there. */
      absorbPopState(state) {
        const entry = state && state.navdom;
        if (entry && Array.isArray(entry.trail) && Number.isInteger(entry.index)) {
          trail = entry.trail.slice();
          index = entry.index;
        }
        const expected = expectedIndex;
        expectedIndex = null;
        return expected !== null && !!entry && entry.index === expected;
      },
    };
  }

  // ---------------------------------------------------------------------------------------
  // Page changes: title, focus and announcements
  //
  // A reply may push or pop a page of a stack. Keyboard and screen-reader users are told as
  // a route announcer does: after a push, focus moves to the new page's heading (or the page);
  // after a pop it returns to the link or button that pushed the page, when it is still there;
  // a polite live region says the new page's title. The first load announces nothing.

  /** The visible top page of the container's stacks: {element, depth}, or null. */
  function topPage(container) {
    let top = null;
    for (const section of container.querySelectorAll('section.navigation-page')) {
      if (section.closest('[hidden]') || section.closest('dialog')) continue;
      top = section; // the top page comes last in document order
    }
    return top ? { element: top, depth: Number(top.getAttribute('data-depth')) || 0 } : null;
  }

  /** A reply's `title` ("" for the app's own, kept on the container) becomes document.title. */
  function followTitle(container, reply) {
    if (typeof reply.title !== 'string') return;
    const doc = container.ownerDocument;
    doc.title = reply.title || container.getAttribute('data-navdom-title') || doc.title;
  }

  const pushedBy = new WeakMap(); // page section -> the element whose click pushed it

  function followPageChange(session, before) {
    const after = topPage(session.container);
    if (!after || (before && before.element === after.element)) return;
    const doc = session.container.ownerDocument;
    const popped = before && after.depth < before.depth;
    if (popped) {
      const trigger = pushedBy.get(before.element);
      if (!modalIsOpen(doc)) focusOrHeading(trigger, after.element);
    } else {
      if (session.lastClicked) pushedBy.set(after.element, session.lastClicked);
      if (!modalIsOpen(doc)) focusOrHeading(null, after.element);
    }
    announce(session.announcer, pageName(after.element, doc));
  }

  function modalIsOpen(doc) {
    return Array.from(doc.querySelectorAll('dialog[open]')).some(isModal);
  }

  /** Focuses `target` when it is still on screen, else the page's heading, else the page. */
  function focusOrHeading(target, page) {
    if (target && target.isConnected && !target.closest('[hidden]')) {
      target.focus({ preventScroll: true });
      if (target.ownerDocument.activeElement === target) return;
    }
    const heading = pageHeading(page) || page;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }

  function pageHeading(page) {
    const id = page.getAttribute('aria-labelledby');
    const labelled = id && page.ownerDocument.getElementById(id);
    return labelled || page.querySelector('h1, h2, h3, h4, h5, h6');
  }

  /** What the announcer says: the page's title if it has its own, else its heading. */
  function pageName(page, doc) {
    const container = page.closest('[data-navdom-root]');
    const appTitle = container && container.getAttribute('data-navdom-title');
    if (doc.title && doc.title !== appTitle) return doc.title;
    const heading = pageHeading(page);
    return (heading && heading.textContent.trim()) || doc.title;
  }

  /**
   * The polite live region, made empty at start (a region must exist before it speaks), after
   * the container, outside what patches touch; visually hidden, readable.
   */
  function pageAnnouncer(container) {
    if (!container.parentNode) return null;
    const region = container.ownerDocument.createElement('div');
    region.className = 'navdom-announcer';
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    const style = region.style; // CSSOM, which the page's CSP allows (a style attribute it would not)
    style.position = 'absolute';
    style.width = '1px';
    style.height = '1px';
    style.overflow = 'hidden';
    style.clip = 'rect(0 0 0 0)';
    style.whiteSpace = 'nowrap';
    container.parentNode.insertBefore(region, container.nextSibling);
    return region;
  }

  function announce(region, text) {
    if (!region || !text) return;
    region.textContent = text;
  }

  // ---------------------------------------------------------------------------------------
  // Transport

  /**
   * The default transport: POSTs each event as JSON {"session", "id", "event", "value"?,
   * "key"?} to `endpoint` and reads the reply JSON. With `stream`, `subscribe` listens to
   * Server-Sent Events at `stream?session=S`, each `message` a reply.
   * `fetch` and `EventSource` can be passed in (tests, other environments).
   */
  function httpTransport(options) {
    const { session, endpoint = DEFAULT_ENDPOINT, stream = null, resync = DEFAULT_RESYNC } = options || {};
    if (typeof session !== 'string' || session === '') throw new Error('navdom: httpTransport needs a session id');
    const fetchImpl = (options && options.fetch) || globalThis.fetch;
    const EventSourceImpl = (options && options.EventSource) || globalThis.EventSource;

    const send = async (event) => {
      if (typeof fetchImpl !== 'function') throw new Error('navdom: no fetch() to send events with');
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ session, ...event }),
      });
      const text = await response.text();
      if (!response.ok) {
        const error = new Error(`navdom: ${endpoint} answered ${response.status} ${response.statusText || ''} to ${JSON.stringify(event)}: ${text.slice(0, 200)}`);
        // 410: the server no longer has this session (it restarted, or the session expired).
        error.sessionGone = response.status === 410;
        throw error;
      }
      return text ? JSON.parse(text) : null;
    };

    /** The session's current page, for resyncSession: GET resync?session=S. */
    const snapshot = async () => {
      if (typeof fetchImpl !== 'function') throw new Error('navdom: no fetch() to resync with');
      const url = resync + (resync.includes('?') ? '&' : '?') + 'session=' + encodeURIComponent(session);
      const response = await fetchImpl(url, { credentials: 'same-origin' });
      const text = await response.text();
      if (!response.ok) {
        const error = new Error(`navdom: ${resync} answered ${response.status}: ${text.slice(0, 200)}`);
        error.sessionGone = response.status === 410;
        throw error;
      }
      return JSON.parse(text);
    };

    if (!stream) return { send, snapshot };
    const subscribe = (onReply) => {
      if (typeof EventSourceImpl !== 'function') {
        console.error('navdom: no EventSource; server-pushed updates are off');
        return undefined;
      }
      const url = stream + (stream.includes('?') ? '&' : '?') + 'session=' + encodeURIComponent(session);
      const source = new EventSourceImpl(url);
      source.addEventListener('message', (message) => {
        let reply;
        try {
          reply = JSON.parse(message.data);
        } catch (error) {
          return console.error(`navdom: a pushed update is not JSON: ${String(message.data).slice(0, 200)}`);
        }
        onReply(reply);
      });
      return () => source.close();
    };
    return { send, subscribe, snapshot };
  }

  // ---------------------------------------------------------------------------------------
  // WebAssembly transport

  /**
   * A transport that runs the app client-side, in the WebAssembly module of
   * an app's module (Sources/NavigationWasm; the demo's is Sources/NavDOMWasm): each event goes to the module's exports, which render, diff and
   * return the same reply a live server sends; `start` hands its patches to applyPatches.
   *
   *   start(container, wasmTransport({ url: '/navdom.wasm' }))
   *
   * options.url: where to fetch the module (default "/navdom.wasm"), or options.module: its
   * bytes or a compiled WebAssembly.Module. options.app: the name the module registered the
   * app under (WasmApp.register); default the first it registered. options.location: the URL
   * (path and query) to start the app at; default the window's. options.fetch: a fetch() to
   * load with (tests, other environments).
   *
   * The module starts the app at that URL at once and renders the same tree as the server's
   * first paint, with the same node ids, so it takes over the hydrated page without a
   * re-render. `ready` resolves to what the module started with: {html, patches, url}.
   * A trap in the module rejects that call with an error whose `cause` is the trap and whose
   * `sessionGone` makes a started page reload at its URL; nothing more is sent to the module.
   * Returns {send, ready}.
   */
  function wasmTransport(options) {
    const { url = DEFAULT_WASM, app = '' } = options || {};
    const fetchImpl = (options && options.fetch) || globalThis.fetch;
    const win = typeof window !== 'undefined' ? window : null;
    const location = (options && options.location) || (win ? win.location.pathname + win.location.search : '/');
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    let wasm = null; // { exports, memory }

    const imports = {
      env: {
        // A line from the module: fatal errors and print(); see Sources/NavDOMWasmLibc.
        navdom_write(pointer, length) {
          console.error('navdom wasm: ' + decoder.decode(new Uint8Array(wasm.memory.buffer, pointer, length)));
        },
      },
    };

    /** Copies `text` into the module's memory; returns [pointer, length] (free with navdom_free). */
    const put = (text) => {
      const bytes = encoder.encode(text);
      const pointer = wasm.exports.navdom_alloc(bytes.length);
      if (!pointer) throw new Error('navdom: the module is out of memory');
      new Uint8Array(wasm.memory.buffer, pointer, bytes.length).set(bytes);
      return [pointer, bytes.length];
    };

    /** Reads and frees a packed result (pointer | length << 32, bit 63 = error). */
    const take = (result, what) => {
      const bits = BigInt.asUintN(64, result);
      const pointer = Number(bits & 0xFFFFFFFFn);
      const length = Number((bits >> 32n) & 0x7FFFFFFFn);
      const text = pointer ? decoder.decode(new Uint8Array(wasm.memory.buffer, pointer, length)) : '';
      if (pointer) wasm.exports.navdom_free(pointer);
      if (bits >> 63n) throw new Error(`navdom: the module refused ${what}: ${text || 'out of memory'}`);
      return text;
    };

    /**
     * The trap that stopped the module, once one has. A trap (a Swift precondition, an
     * overflow, an out-of-bounds index) ends the call halfway, so the app's state in the
     * module can no longer be trusted: nothing more goes to it.
     */
    let trap = null;

    /**
     * The error for `what` once the module has trapped: the trap's message and its wasm
     * stack, and `sessionGone`, so a started page reloads at its URL in a new instance (the
     * navigation state lives in the URL). A trap while the app starts is only reported:
     * reloading would start it the same way again.
     */
    const trapError = (name, what, now) => {
      const said = `the module trapped during ${trap.during} (${trap.error.message}), so the app's state in it is lost`;
      const error = new Error(now ? `navdom: ${said}` : `navdom: ${what} was not sent: earlier, ${said}`);
      error.moduleTrapped = true;
      error.sessionGone = name !== 'app_start';
      error.cause = trap.error;
      if (trap.error.stack) error.stack = `${error.stack}\nCaused by: ${trap.error.stack}`;
      return error;
    };

    /** Calls an export with string arguments (null: absent, passed as length -1). */
    const call = (name, what, ...args) => {
      if (trap) throw trapError(name, what, false);
      const allocated = [];
      const flat = [];
      // The copies are made inside the try: when one fails (out of memory), those made before
      // it are freed too.
      try {
        for (const arg of args) {
          if (typeof arg === 'number') { flat.push(arg); continue; }
          if (arg === null || arg === undefined) { flat.push(0, -1); continue; }
          const [pointer, length] = put(String(arg));
          allocated.push(pointer);
          flat.push(pointer, length);
        }
        return take(wasm.exports[name](...flat), what);
      } catch (error) {
        if (!(error instanceof WebAssembly.RuntimeError)) throw error;
        trap = { error, during: what };
        throw trapError(name, what, true);
      } finally {
        // A trapped module's allocator may be mid-change: it is not called again.
        if (!trap) allocated.forEach((pointer) => wasm.exports.navdom_free(pointer));
      }
    };

    const load = async () => {
      let source = options && options.module;
      if (!source) {
        if (typeof fetchImpl !== 'function') throw new Error('navdom: no fetch() to load the module with');
        const response = await fetchImpl(url);
        if (!response.ok) throw new Error(`navdom: ${url} answered ${response.status}; build the module (swift package build-wasm, docs/WASM.md)`);
        source = await response.arrayBuffer();
      }
      const instance = source instanceof WebAssembly.Module
        ? await WebAssembly.instantiate(source, imports)
        : (await WebAssembly.instantiate(source, imports)).instance;
      wasm = { exports: instance.exports, memory: instance.exports.memory };
      return JSON.parse(call('app_start', `to start ${app || 'the app'} at ${location}`, app, location));
    };
    const ready = load();

    const send = async (event) => {
      await ready;
      if (event.id === 0 && event.event === 'popstate') {
        return JSON.parse(call('app_popstate', `popstate to ${event.value}`, event.value));
      }
      const what = `${event.event} on #${event.id}`;
      return JSON.parse(call('app_dispatch', what, event.id, event.event, event.value, event.key));
    };
    /** The app's current page, for resyncSession (a module without app_snapshot has none). */
    const snapshot = async () => {
      await ready;
      if (typeof wasm.exports.app_snapshot !== 'function') throw new Error('navdom: the module has no app_snapshot export to resync from; rebuild it');
      return JSON.parse(call('app_snapshot', 'a snapshot of the page'));
    };
    return { send, ready, snapshot };
  }

  // ---------------------------------------------------------------------------------------
  // Auto start

  /**
   * Hydrates every `[data-navdom-root]` of `doc` once it is parsed and starts those with a
   * session or a module (see the data attributes at the top). Resolves to the sessions started.
   * options.fetch: the fetch() wasmTransport loads modules with (tests).
   */
  function autoStart(doc, options) {
    return new Promise((resolve) => {
      const run = () => {
        const sessions = Array.from(doc.querySelectorAll('[data-navdom-root]'), (container) => startFromAttributes(container, options)).filter(Boolean);
        autoStarted.push(...sessions);
        resolve(sessions);
      };
      if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run, { once: true });
      else run();
    });
  }

  const autoStarted = []; // the sessions autoStart started, for idle()

  /**
   * Resolves once every session autoStart started has sent its queued events and applied
   * their replies (for tests and tools that drive a page from outside).
   */
  function idle() {
    return Promise.all(autoStarted.map((session) => session.idle())).then(() => undefined);
  }

  function startFromAttributes(container, options) {
    if (roots.has(container)) return null; // started already
    const data = container.dataset;
    try {
      if (data.navdomWatch !== undefined) watchForRebuilds(container, data.navdomWatch || DEFAULT_WATCH);
      hydrate(container);
      const patches = data.navdomPatches ? JSON.parse(data.navdomPatches) : null;
      // A DOM changed before the runtime ran gets no patches: its ids do not line up.
      const mismatch = verifyHydration(container);
      if (data.navdomPatches && !mismatch) applyPatches(container, patches);
      if (data.navdomWasm !== undefined) return startWasm(container, patches, options, mismatch);
      if (!data.navdomSession) {
        if (mismatch) console.warn(`navdom: the page is not the one the server rendered (${mismatch.found}, expected ${mismatch.expected})`);
        return null;
      }
      const stream = data.navdomStream === undefined ? null : data.navdomStream || DEFAULT_STREAM;
      const resync = data.navdomResync || DEFAULT_RESYNC;
      const session = start(container, httpTransport({ session: data.navdomSession, endpoint: data.navdomEndpoint || DEFAULT_ENDPOINT, stream, resync }));
      if (mismatch) session.resync(mismatchMessage(mismatch));
      return session;
    } catch (error) {
      console.error(error);
      return null;
    }
  }

  /**
   * Starts a server-rendered, hydrated container on the WebAssembly module. The module renders
   * the same page for the URL; if its hydration patches differ from the server's, ids or
   * listeners would not line up, so that is reported. `patches`: the server's, as parsed.
   */
  function startWasm(container, patches, options, mismatch) {
    const data = container.dataset;
    const win = container.ownerDocument.defaultView;
    const transport = wasmTransport({
      url: data.navdomWasm || DEFAULT_WASM,
      app: data.navdomWasmApp || '',
      location: win ? win.location.pathname + win.location.search : '/',
      fetch: options && options.fetch,
    });
    const session = start(container, transport);
    // The module starts the app afresh, so its first render is the page's current state.
    if (mismatch) session.resync(mismatchMessage(mismatch), () => transport.ready);
    session.ready = transport.ready.then((started) => {
      if (!mismatch && data.navdomPatches && JSON.stringify(started.patches) !== JSON.stringify(patches)) {
        throw new Error('navdom: the module rendered a different page than the server (its hydration patches differ)');
      }
      return started;
    });
    session.ready.catch((error) => console.error(error));
    return session;
  }

  return { hydrate, verifyHydration, applyPatches, start, httpTransport, wasmTransport, autoStart, idle, nodeId, nodeById, enableLatencySim, disableLatencySim, watchForRebuilds };
});
