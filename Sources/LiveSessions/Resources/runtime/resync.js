// Resynchronising: rebuilds a container from a snapshot of the app's current page when the
// DOM and the app no longer agree (a page changed before the runtime ran, a patch naming a
// node something else removed), keeping the URL, focus, caret, scroll and typed text.

import { cssString, readSelection } from './dom.js';
import { nodeById, nodeId, rootIfAny } from './root.js';
import { hydrate } from './hydration.js';
import { applyPatches } from './patches.js';
import { firstDifference } from './check.js';
import { noteDialogsBelowLeaving } from './dialogs.js';
import { captureFields, keepFormForReload, restoreFields } from './form-recovery.js';
import { RENEWED_AFTER_END, renewSession } from './renewal.js';
import { orderAfterSnapshot } from './order.js';
import { appendUnregisteredNodes } from './subtrees.js';

/**
 * Rebuilds a container from a snapshot of the app's current page ({html, ids?, patches, url?}
 * from the live session's /_navdom/resync; {nodes, patches, url} from a module's start or
 * snapshot, the nodes with their ids as in an insert patch), keeping what it can: the URL,
 * focus and caret, scroll, and what the visitor typed into named fields (sent to the app as
 * input events). Returns a description of the first node that differed.
 */
function rebuildRoot(session, snapshot) {
  const { container } = session;
  const fresh = container.ownerDocument.createElement(container.localName);
  const ids = fillFrom(fresh, snapshot);
  const difference = firstDifference(container, fresh);
  const view = keepView(container);
  const fields = captureFields(container);
  const root = rootIfAny(container);
  if (root) noteDialogsBelowLeaving(root, container);
  container.textContent = '';
  while (fresh.firstChild) container.appendChild(fresh.firstChild);
  hydrate(container, ids);
  applyPatches(container, Array.isArray(snapshot.patches) ? snapshot.patches : []);
  if (session.history && typeof snapshot.url === 'string') session.history.follow({ url: snapshot.url, history: 'replace' });
  restoreFields(container, fields); // before the caret: writing a value moves it to the end
  restoreView(container, view);
  return difference;
}

/**
 * Puts a page answer into an empty container and starts it as a server-rendered one: its
 * content (`html`, numbered by `ids` when given, or `nodes`, as a module's `app_start` sends
 * them), then its hydration `patches`. For a page without server rendering that shows a
 * module's first render: `mountPage(container, await transport.ready)`.
 */
export function mountPage(container, page) {
  if (container.firstChild) throw new Error('navdom: mountPage needs an empty container');
  hydrate(container, fillFrom(container, page));
  applyPatches(container, Array.isArray(page.patches) ? page.patches : []);
}

/** Fills `target` with a page's content; returns its ids in document order (undefined: 1, 2, 3…). */
function fillFrom(target, page) {
  if (page && Array.isArray(page.nodes)) return appendUnregisteredNodes(target, page.nodes);
  if (!page || typeof page.html !== 'string') throw new Error('navdom: a page needs "html" or "nodes"');
  target.innerHTML = page.html;
  return Array.isArray(page.ids) ? page.ids : undefined;
}

/** Focus, caret and scroll before a rebuild. */
function keepView(container) {
  const doc = container.ownerDocument;
  const win = doc.defaultView;
  const active = doc.activeElement;
  const view = { x: win ? win.scrollX : 0, y: win ? win.scrollY : 0, focus: null };
  if (active && active !== container && container.contains(active)) {
    view.focus = { node: nodeId(active), id: active.id, name: active.getAttribute('name'), tag: active.localName, selection: readSelection(active) };
  }
  return view;
}

function restoreView(container, view) {
  if (view.focus) restoreFocus(container, view.focus);
  const win = container.ownerDocument.defaultView;
  if (win && typeof win.scrollTo === 'function' && (win.scrollX !== view.x || win.scrollY !== view.y)) {
    try {
      win.scrollTo(view.x, view.y);
    } catch (_) {
      // jsdom has no layout
    }
  }
}

/** Focuses the element that had focus before (by id, name or node id) and puts its caret back. */
function restoreFocus(container, focus) {
  const byName = focus.name ? container.querySelector(`${focus.tag}[name="${cssString(focus.name)}"]`) : null;
  const byNode = focus.node !== undefined ? nodeById(focus.node, container) : null;
  const target = (focus.id && container.ownerDocument.getElementById(focus.id)) || byName || (byNode && byNode.localName === focus.tag ? byNode : null);
  if (!target || !container.contains(target)) return;
  try {
    target.focus({ preventScroll: true });
    if (focus.selection) target.setSelectionRange(focus.selection.start, focus.selection.end, focus.selection.direction);
  } catch (_) {
    // an element without a caret: focus is enough
  }
}

/**
 * Brings the session's page back in step with the app: fetches a snapshot of its current
 * page (`source`, default the transport's `snapshot`) and rebuilds the container from it.
 * Events wait until it is done. `cause`: what went wrong, for the one warning it logs.
 * Resolves to true once rebuilt; a failure is reported and leaves the page as it was.
 */
export function resyncSession(session, cause, source) {
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
      orderAfterSnapshot(session, snapshot.seq);
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
