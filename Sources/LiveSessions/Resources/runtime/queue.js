// The event queue of a started container: events go to the app one at a time, each after
// the previous reply is applied; replies are applied here, and a gone session renews the page.

import { rootOf } from './root.js';
import { applyPatches } from './patches.js';
import { clearPending, markPending, simulatedLatency } from './pending.js';
import { resyncSession } from './resync.js';
import { keepFormForReload } from './form-recovery.js';
import { RENEWED_AFTER_END, RENEWED_AFTER_TRAP, renewSession } from './renewal.js';
import { followPageChange, followTitle, topPage } from './page-changes.js';
import { heldInputIds, releaseHeldBefore } from './event-options.js';
import { receiveInOrder, watchForLoss } from './order.js';
import { refreshValue } from './events.js';

/**
 * Queues an event; events go one at a time, each after the previous reply is applied. Events
 * held back by debounce or throttle go first (event-options.js).
 */
export function dispatch(session, message) {
  releaseHeldBefore(session, message);
  markPending(session, message);
  session.queue.push(message);
  if (!session.busy) pump(session);
}

/** Runs `body` once the session has no event in flight (its replies are applied). */
export function afterReply(session, body) {
  if (session.busy || session.queue.length) session.waiters.push(body);
  else body();
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
      refreshValue(message);
      receiveInOrder(session, await callSend(session.send, message));
      clearPending(session, message);
    } catch (error) {
      clearPending(session, message);
      if (error && error.sessionGone && session.win) {
        renewGoneSession(session, error);
        break;
      }
      session.report(error);
    }
  }
  session.busy = false;
  watchForLoss(session);
  session.waiters.splice(0).forEach((resolve) => resolve());
}

/** The session is gone: the page loads again, keeping what was typed. */
function renewGoneSession(session, error) {
  // A module that trapped is a bug worth seeing; a session the server let go is not.
  if (error.moduleTrapped) session.report(error);
  session.queue.length = 0; // the page is about to load again
  keepFormForReload(session.container);
  renewSession(session.win, error.moduleTrapped ? RENEWED_AFTER_TRAP : RENEWED_AFTER_END);
}

/** Calls a promise-returning send, or a callback-style send(event, (error, reply) => ...). */
function callSend(send, message) {
  if (send.length >= 2) {
    return new Promise((resolve, reject) => send(message, (error, reply) => (error ? reject(error) : resolve(reply))));
  }
  return Promise.resolve().then(() => send(message));
}

/** Applies a reply {patches, url?, history?, title?}; failures are reported, never thrown. */
export function handleReply(session, reply) {
  if (reply === null || reply === undefined) return; // nothing to change
  try {
    if (typeof reply !== 'object') throw new Error(`navdom: a reply must be an object, got ${JSON.stringify(reply)}`);
    if (reply.error) throw new Error(`navdom: the app answered with an error: ${reply.error}`);
    const pageBefore = topPage(session.container);
    if (!applyReplyPatches(session, reply)) return;
    if (session.history) session.history.follow(reply);
    followTitle(session.container, reply);
    followPageChange(session, pageBefore);
  } catch (error) {
    session.report(error);
  }
}

/** The reply's patches, with the inputs still being typed into spared; false after a resync. */
function applyReplyPatches(session, reply) {
  const root = rootOf(session.container);
  const queuedInputs = session.queue.filter((message) => message.event === 'input').map((message) => message.id).concat(heldInputIds(session));
  root.typingInto = queuedInputs.length ? new Set(queuedInputs) : null;
  // A focus change of the user's is on its way: the app will hear of it, so focus stays put.
  root.focusQueued = session.queue.some((message) => message.event === 'focus' || message.event === 'blur');
  try {
    applyPatches(session.container, reply.patches || []);
    return true;
  } catch (error) {
    // A node the patches name was removed or moved behind the runtime's back (an
    // extension): rebuild the page from the app's state rather than leave it dead.
    if (error.patchIndex === undefined || !session.snapshot) throw error;
    resyncSession(session, error);
    return false;
  } finally {
    root.typingInto = null;
    root.focusQueued = false;
  }
}
