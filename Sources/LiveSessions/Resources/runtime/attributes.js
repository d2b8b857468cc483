// Attributes, properties and listeners of elements, as patches and built subtrees set them:
// namespaced attributes on SVG and MathML, properties never written as attributes, and the
// events each element sends (recorded on its container's Root).

import { ATTRIBUTE_NS, NS } from './dom.js';

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

/** Sets a DOM property, never the attribute; an unchanged value is left alone (no caret jump). */
export function setProperty(element, name, value) {
  if (element[name] !== value) element[name] = value;
}

/** removeProp: "" for strings, false for booleans. */
export function resetProperty(element, name) {
  // A checkbox's or radio's value property *is* its attribute; its reset is the default "on".
  if (name === 'value' && element.localName === 'input' && /^(checkbox|radio)$/i.test(element.type)) {
    return element.removeAttribute('value');
  }
  setProperty(element, name, typeof element[name] === 'boolean' ? false : '');
}

/** Records that `element` sends `event`; a type new to the root gets a delegated listener. */
export function addListener(root, element, event) {
  let events = root.listeners.get(element);
  if (!events) root.listeners.set(element, (events = new Set()));
  events.add(event);
  if (!root.eventTypes.has(event)) {
    root.eventTypes.add(event);
    if (root.onNewEventType) root.onNewEventType(event);
  }
}

export function removeListener(root, element, event) {
  const events = root.listeners.get(element);
  if (events) events.delete(event);
}

export function listensTo(root, element, event) {
  const events = root.listeners.get(element);
  return events !== undefined && events.has(event);
}
