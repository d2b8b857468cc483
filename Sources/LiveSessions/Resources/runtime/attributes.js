// Attributes, properties and listeners of elements, as patches and built subtrees set them:
// namespaced attributes on SVG and MathML, properties never written as attributes, and the
// events each element sends (recorded on the element, under a private symbol).

import { ATTRIBUTE_NS, NS } from './dom.js';
import { FOCUSED, setFocused } from './focus.js';
import { LISTENERS } from './root.js';

export function setAttribute(element, name, value) {
  const ns = foreignAttributeNamespace(element, name);
  if (ns) element.setAttributeNS(ns, name, value);
  else element.setAttribute(name, value);
}

export function removeAttribute(element, name) {
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

/**
 * Sets a DOM property, never the attribute; an unchanged value is left alone (no caret jump).
 * `focused` is focus itself (focus.js).
 */
export function setProperty(element, name, value, root = null) {
  if (name === FOCUSED) return setFocused(root, element, value === true);
  if (element[name] !== value) element[name] = value;
}

/** removeProp: "" for strings, false for booleans. */
export function resetProperty(element, name, root = null) {
  if (name === FOCUSED) return setFocused(root, element, false);
  // A checkbox's or radio's value property *is* its attribute; its reset is the default "on".
  if (name === 'value' && element.localName === 'input' && /^(checkbox|radio)$/i.test(element.type)) {
    return element.removeAttribute('value');
  }
  setProperty(element, name, typeof element[name] === 'boolean' ? false : '');
}

/**
 * Records that `element` sends `event`, with its options ({keys?, debounce?, throttle?}, or
 * null: docs/PROTOCOL.md); a type new to the root gets a delegated listener.
 */
export function addListener(root, element, event, options = null) {
  if (typeof event !== 'string') throw new Error('event must be a string');
  let events = element[LISTENERS];
  if (!events) element[LISTENERS] = events = new Map();
  events.set(event, checkedOptions(options));
  if (!root.eventTypes.has(event)) {
    root.eventTypes.add(event);
    if (root.onNewEventType) root.onNewEventType(event);
  }
}

/** An entry of a wire node's `on` list: an event name, or {event, keys?, debounce?, throttle?}. */
export function addWireListener(root, element, entry) {
  if (entry !== null && typeof entry === 'object') addListener(root, element, entry.event, entry);
  else addListener(root, element, entry);
}

export function removeListener(element, event) {
  const events = element[LISTENERS];
  if (events) events.delete(event);
}

export function listensTo(element, event) {
  const events = element[LISTENERS];
  return events !== undefined && events.has(event);
}

/** The options `element` listens to `event` with, or null for none. */
export function listenerOptions(element, event) {
  const events = element[LISTENERS];
  return (events && events.get(event)) || null;
}

/** {keys, debounce, throttle} of a patch or wire entry, checked; null when it has none. */
function checkedOptions(source) {
  if (!source) return null;
  const { keys, debounce, throttle } = source;
  if (keys === undefined && debounce === undefined && throttle === undefined) return null;
  if (keys !== undefined && !(Array.isArray(keys) && keys.every((press) => press && typeof press.key === 'string'))) {
    throw new Error('keys must be an array of {key, modifiers?}');
  }
  for (const [name, delay] of [['debounce', debounce], ['throttle', throttle]]) {
    if (delay !== undefined && !(Number.isInteger(delay) && delay >= 0)) throw new Error(`${name} must be a whole number of milliseconds`);
  }
  return { keys: keys && keys.length ? keys : null, debounce: debounce || 0, throttle: throttle || 0 };
}
