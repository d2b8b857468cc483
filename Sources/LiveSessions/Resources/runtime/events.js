// Browser events and what the app hears of them: which element sends an event, which
// default actions are stopped (the DOM changes only through patches), and the message.

import { ELEMENT_NODE, isDialog } from './dom.js';
import { ID } from './root.js';
import { listensTo } from './attributes.js';

/**
 * The element that sends this event: the target or, for bubbling events, its nearest
 * ancestor (inside the container) that listens. Only that one element sends it.
 */
export function listeningElement(root, event) {
  let node = event.target;
  while (node && node !== root.container) {
    if (node.nodeType === ELEMENT_NODE && listensTo(root, node, event.type) && root.byId.get(node[ID]) === node) {
      return node;
    }
    if (!event.bubbles) return null;
    node = node.parentNode;
  }
  return null;
}

/** The DOM changes only through patches, so defaults that would change it are stopped. */
export function preventDefaultAction(event, element) {
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

export function isLink(element) {
  return element.localName === 'a' && element.hasAttribute('href');
}

export function isPlainClick(event) {
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
export function eventMessage(event, id) {
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
