// Pending feedback and the latency simulator. The element an event came from carries
// `data-navdom-pending` (its value: the event's name) from the moment the event is queued
// until its reply is applied, so apps can style a click being handled
// (`[data-navdom-pending] { opacity: .6 }`); a simulated delay shows that as a slow
// connection would.

import { ELEMENT_NODE } from './dom.js';
import { nodeWithId, rootIfAny } from './root.js';

const PENDING = 'data-navdom-pending';
const LATENCY = 'navdom:latency';

/** Marks the element `message` came from as pending; counted, for several events in a row. */
export function markPending(session, message) {
  const root = rootIfAny(session.container);
  const element = message.id > 0 && root ? nodeWithId(root, message.id) : null;
  if (!element || element.nodeType !== ELEMENT_NODE) return;
  session.pending = session.pending || new Map();
  session.pending.set(message, element);
  element.setAttribute(PENDING, message.event);
  element[PENDING] = (element[PENDING] || 0) + 1;
}

/** The reply to `message` was applied (or failed): its element is no longer pending. */
export function clearPending(session, message) {
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
 * states as a slow connection shows them (kept in sessionStorage for this tab, as Phoenix
 * LiveView's liveSocket.enableLatencySim):
 *
 *   navdom.enableLatencySim(300)   // in the browser's console
 */
export function enableLatencySim(milliseconds, win = globalThis) {
  win.sessionStorage.setItem(LATENCY, String(Math.max(0, Number(milliseconds) || 0)));
}

/** Stops the simulated delay: `navdom.disableLatencySim()`. */
export function disableLatencySim(win = globalThis) {
  win.sessionStorage.removeItem(LATENCY);
}

export function simulatedLatency(win) {
  try {
    return Number(win && win.sessionStorage && win.sessionStorage.getItem(LATENCY)) || 0;
  } catch (_) {
    return 0; // no sessionStorage (privacy settings): no delay
  }
}
