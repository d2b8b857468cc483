// Event options applied in the page before anything is sent (docs/EVENTS.md): key filters,
// and debounce and throttle, which hold an event back. A held event is sent before any other
// event of the page, so the app sees events in the order the user made them.

const MODIFIERS = Object.freeze([['shift', 'shiftKey'], ['ctrl', 'ctrlKey'], ['alt', 'altKey'], ['meta', 'metaKey']]);

/** The modifier keys `event` was made with, as the wire names them: ['shift', 'ctrl']. */
export function heldModifiers(event) {
  return MODIFIERS.filter(([, property]) => event[property] === true).map(([name]) => name);
}

/** The bits of EventModifiers (shift 1, ctrl 2, alt 4, meta 8) for the wasm ABI. */
export function modifierBits(names) {
  return (names || []).reduce((bits, name) => bits | (1 << MODIFIERS.findIndex(([known]) => known === name)), 0);
}

/**
 * Whether `event` passes the key filter of `options` (any event does without one). A press
 * matches when its key is the same and exactly its modifiers are held, Shift aside for a
 * one-character key unless the filter names it (the rule of Swift's KeyPress.matches).
 */
export function passesKeyFilter(options, event) {
  if (!options || !options.keys) return true;
  if (typeof event.key !== 'string') return false;
  const held = heldModifiers(event);
  return options.keys.some((press) => pressMatches(press, event.key, held));
}

function pressMatches(press, key, held) {
  if (press.key !== key) return false;
  const wanted = Array.isArray(press.modifiers) ? press.modifiers : [];
  const ignoresShift = !wanted.includes('shift') && [...key].length === 1;
  const pressed = ignoresShift ? held.filter((name) => name !== 'shift') : held;
  return pressed.length === wanted.length && wanted.every((name) => pressed.includes(name));
}

/** Whether `options` hold events back (debounce or throttle). */
export function isTimed(options) {
  return Boolean(options && (options.debounce || options.throttle));
}

function timingKey(message) {
  return `${message.id}:${message.event}`;
}

/**
 * Holds `message` back as `options` say, then hands it to `send`. Debounce: sent once no
 * event of the same element and type came for `debounce` ms (the latest one). Throttle: sent
 * at once, then at most one per `throttle` ms, the latest of a window at its end.
 */
export function holdBack(session, message, options, send) {
  const key = timingKey(message);
  const entry = session.timed.get(key);
  if (options.debounce) {
    if (entry) clearTimeout(entry.timer);
    const held = { message, send, timer: null };
    held.timer = setTimeout(() => releaseHeld(session, key, held), options.debounce);
    session.timed.set(key, held);
    return;
  }
  if (entry) {
    entry.message = message; // the window is open: the latest goes at its end
    return;
  }
  const window = { message: null, send, timer: null };
  const close = () => {
    if (!window.message) return forgetHeld(session, key, window);
    const latest = window.message;
    window.message = null;
    window.timer = setTimeout(close, options.throttle);
    send(latest);
  };
  window.timer = setTimeout(close, options.throttle);
  session.timed.set(key, window);
  send(message);
}

function releaseHeld(session, key, held) {
  forgetHeld(session, key, held);
  held.send(held.message);
}

function forgetHeld(session, key, entry) {
  if (session.timed.get(key) === entry) session.timed.delete(key);
  if (!hasHeldEvents(session)) session.timedWaiters.splice(0).forEach((resolve) => resolve());
}

/** Sends every held event but those of `message`'s element and type, now, in the order held. */
export function releaseHeldBefore(session, message) {
  if (!session.timed || !session.timed.size) return;
  const own = message ? timingKey(message) : null;
  for (const [key, entry] of [...session.timed]) {
    if (key === own) continue;
    clearTimeout(entry.timer);
    session.timed.delete(key);
    if (entry.message) entry.send(entry.message);
  }
  if (!hasHeldEvents(session)) session.timedWaiters.splice(0).forEach((resolve) => resolve());
}

/** Whether an event is being held back (a throttle window with nothing to send holds none). */
export function hasHeldEvents(session) {
  if (!session.timed) return false;
  for (const entry of session.timed.values()) if (entry.message) return true;
  return false;
}

/** The ids of inputs whose `input` events are held: the user is still typing there. */
export function heldInputIds(session) {
  const ids = [];
  if (session.timed) for (const entry of session.timed.values()) if (entry.message && entry.message.event === 'input') ids.push(entry.message.id);
  return ids;
}

/** Drops every held event (the page stops). */
export function dropHeld(session) {
  if (!session.timed) return;
  session.timed.forEach((entry) => clearTimeout(entry.timer));
  session.timed.clear();
  session.timedWaiters.splice(0).forEach((resolve) => resolve());
}
