// Message order: the live server numbers every message it makes for a page, an event's reply,
// a push or a snapshot, 1, 2, 3… ("seq", docs/PROTOCOL.md). A push can arrive before the reply
// to an event still in flight though the server made it after; so numbered messages are
// applied in their numbers' order, each once, and a message with no number at once.

/** How long a missing message may keep later ones waiting, with no event in flight, before
 * the page rebuilds itself from the app's state (the message was lost). */
export const LOST_MESSAGE_MS = 2000;

/**
 * Gives a started session its order: `applied`, the number of the latest message its page
 * shows (the container's data-navdom-seq, else 0); `apply(message)` applies one message;
 * `lost()` rebuilds the page when a missing message never comes.
 */
export function startOrder(session, applied, apply, lost) {
  const first = Number(applied);
  session.order = { applied: Number.isInteger(first) && first > 0 ? first : 0, waiting: new Map(), timer: null, apply, lost };
}

/** Takes a message from the server (a reply or a push) and applies what is next in order. */
export function receiveInOrder(session, message) {
  const order = session.order;
  const seq = message && typeof message === 'object' ? message.seq : undefined;
  if (!Number.isInteger(seq)) return order.apply(message);
  if (seq <= order.applied) return; // applied, or in a snapshot already
  order.waiting.set(seq, message);
  applyWaiting(session);
}

/** A snapshot numbered `seq` holds every message up to it: the ones after it apply next. */
export function orderAfterSnapshot(session, seq) {
  const order = session.order;
  if (!order || !Number.isInteger(seq)) return;
  order.applied = seq;
  for (const number of order.waiting.keys()) if (number <= seq) order.waiting.delete(number);
  applyWaiting(session);
}

function applyWaiting(session) {
  const order = session.order;
  while (order.waiting.has(order.applied + 1)) {
    const next = order.waiting.get(order.applied + 1);
    order.waiting.delete(order.applied + 1);
    order.applied += 1;
    order.apply(next);
  }
  watchForLoss(session);
}

/**
 * Messages wait for a missing one: normally the reply to the event in flight. With no event in
 * flight (or its request failed) it may still come over the stream (an event answered 503
 * sends its reply there); if it has not within LOST_MESSAGE_MS, the page is rebuilt.
 */
export function watchForLoss(session) {
  const order = session.order;
  if (!order) return;
  const waiting = order.waiting.size > 0 && !session.busy;
  if (!waiting) {
    if (order.timer !== null) clearTimeout(order.timer);
    order.timer = null;
    return;
  }
  if (order.timer !== null) return;
  order.timer = setTimeout(() => {
    order.timer = null;
    if (order.waiting.size > 0 && !session.busy) order.lost();
  }, LOST_MESSAGE_MS);
}
