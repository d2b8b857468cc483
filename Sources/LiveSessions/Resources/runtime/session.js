// Starting a container: its events go to the app and the app's replies are applied. The
// session object made here is the per-container state of a started page (queue, history,
// announcer, pending marks); nothing of it is shared with another container.

import { isDialog } from './dom.js';
import { ID, rootIfAny } from './root.js';
import { hydrate } from './hydration.js';
import { dispatch, handleReply } from './queue.js';
import { resyncSession } from './resync.js';
import { handleDialogDismissal } from './dismissal.js';
import { eventMessage, isLink, isPlainClick, listeningElement, preventDefaultAction } from './events.js';
import { announceRenewal } from './renewal.js';
import { pageAnnouncer } from './page-changes.js';
import { recoverFormAfterReload } from './form-recovery.js';
import { startHistory } from './history.js';
import { listenerOptions } from './attributes.js';
import { isFocusEcho } from './focus.js';
import { dropHeld, hasHeldEvents, holdBack, isTimed, passesKeyFilter } from './event-options.js';
import { receiveInOrder, startOrder } from './order.js';

/**
 * Starts sending the container's events to the app and applying its replies.
 *
 *   start(container, { send: (event) => Promise<reply> })          // or send(event, callback)
 *   start(container, httpTransport({ session: 'S' }))
 *
 * options.send(event) gets {id, event, value?, key?} and answers {patches, url?, history?}.
 * options.subscribe(onReply), if given, delivers server-pushed replies; it may return an
 * unsubscribe function. options.onError(error) reports failures (default console.error).
 * Replies and pushes numbered "seq" are applied in that order (order.js), from
 * options.sequence, the number of the latest message the page shows (default 0).
 * Hydrates the container first unless it already is. Returns {dispatch, idle, resync, stop}.
 */
export function start(container, options) {
  if (!options || typeof options.send !== 'function') throw new Error('navdom: start needs options.send');
  const root = rootIfAny(container) || (hydrate(container), rootIfAny(container));
  const win = container.ownerDocument.defaultView;
  const report = options.onError || ((error) => console.error(error));
  const session = {
    container, send: options.send, report, queue: [], busy: false, waiters: [], win,
    snapshot: typeof options.snapshot === 'function' ? options.snapshot : null, // for resyncSession
    pushedBy: new WeakMap(), // page section -> the element whose click pushed it
    timed: new Map(), // "id:event" -> an event held back by debounce or throttle
    timedWaiters: [], // idle() calls waiting for held events to go
  };
  const lost = () => resyncSession(session, 'a message from the server never arrived');
  startOrder(session, options.sequence, (reply) => handleReply(session, reply), lost);
  const cleanups = [];
  delegateEvents(root, session, cleanups);
  if (win) startPage(session, cleanups);
  if (typeof options.subscribe === 'function') subscribe(session, options.subscribe, cleanups);
  return {
    /** Sends an event as if the DOM had fired it: {id, event, value?, key?}. */
    dispatch: (event) => dispatch(session, event),
    /** Resolves once every queued or held-back event has been sent and its reply applied. */
    idle: () => whenIdle(session),
    /** Rebuilds the page from the app's current state (options.snapshot); resolves to true once done. */
    resync: (cause, source) => resyncSession(session, cause || 'asked to resync', source),
    /** Stops listening; replies still in flight are applied. */
    stop: () => {
      dropHeld(session);
      cleanups.splice(0).forEach((cleanup) => cleanup());
    },
  };
}

/** Resolves once no event is held back, queued or in flight. */
async function whenIdle(session) {
  while (hasHeldEvents(session) || session.busy || session.queue.length || session.resyncing) {
    if (hasHeldEvents(session)) await new Promise((resolve) => session.timedWaiters.push(resolve));
    else await new Promise((resolve) => session.waiters.push(resolve));
  }
}

/** One capturing listener on the container per event type its elements use. */
function delegateEvents(root, session, cleanups) {
  const { container } = session;
  const onEvent = (event) => handleDomEvent(root, session, event);
  const delegate = (type) => {
    // Capture, so events that do not bubble (cancel, close, focus) reach us too.
    container.addEventListener(type, onEvent, true);
    cleanups.push(() => container.removeEventListener(type, onEvent, true));
  };
  root.eventTypes.forEach(delegate);
  root.onNewEventType = delegate;
  cleanups.push(() => (root.onNewEventType = null));
}

/** In a browser window: the renewal notice, the announcer, kept fields and history. */
function startPage(session, cleanups) {
  const { container, win } = session;
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

/**
 * Pushed replies are not queued behind the events: one is applied as soon as every message
 * numbered before it has been (order.js), which may be at once. One that arrives while the
 * page is being rebuilt waits for it: the snapshot may be older.
 */
function subscribe(session, subscribeTo, cleanups) {
  const receive = (reply) => receiveInOrder(session, reply);
  const onPush = (reply) => (session.resyncing ? session.resyncing.then(() => receive(reply)) : receive(reply));
  const unsubscribe = subscribeTo(onPush);
  if (typeof unsubscribe === 'function') cleanups.push(unsubscribe);
}

function handleDomEvent(root, session, event) {
  if (event.type === 'close' && root.closingByPatch.has(event.target)) {
    root.closingByPatch.delete(event.target); // the app closed it; telling it so would be an echo
    return;
  }
  if ((event.type === 'cancel' || event.type === 'close') && isDialog(event.target)) {
    if (handleDialogDismissal(root, session, event)) return;
  }
  if (isFocusEcho(root, event)) return; // the app moved focus itself
  const element = listeningElement(root, event);
  if (!element) return;
  // The page applies the listener's options first: a key the app does not want costs nothing.
  const options = listenerOptions(element, event.type);
  if (!passesKeyFilter(options, event)) return;
  // A modified click on a link opens it elsewhere (a new tab, a window): the browser's job,
  // not the app's, so this page stays where it is.
  if (event.type === 'click' && isLink(element) && !isPlainClick(event)) return;
  preventDefaultAction(event, element);
  if (event.type === 'click') session.lastClicked = element; // what a push returns focus to
  const message = eventMessage(event, element[ID], element);
  if (isTimed(options)) holdBack(session, message, options, (held) => dispatch(session, held));
  else dispatch(session, message);
}
