// Browser events and what the app hears of them: which element sends an event, which
// default actions are stopped (the DOM changes only through patches), and the message.

import { ELEMENT_NODE, NS, isDialog } from './dom.js';
import { ID, registerRowAround } from './root.js';
import { listensTo } from './attributes.js';
import { heldModifiers } from './event-options.js';

/**
 * The element that sends this event: the target or, for bubbling events, its nearest
 * ancestor (inside the container) that listens. Only that one element sends it.
 */
export function listeningElement(root, event) {
  registerRowAround(root, event.target); // a new row's listeners wait until it is used
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

/**
 * {id, event, value?, key?, checked?, modifiers?}: the payload PROTOCOL.md's "Events" describes.
 * Any event from a form control carries its value (and a checkbox's or radio's checked state),
 * so keydown Enter or blur can read the field without the app mirroring every keystroke.
 */
export function eventMessage(event, id, element) {
  const message = { id, event: event.type };
  const control = formControl(element) || formControl(event.target);
  if (control) {
    const toggles = isToggle(control);
    // Not enumerable: the message is sent as JSON, the control stays in the page.
    if (!toggles && event.type !== 'input') Object.defineProperty(message, CONTROL, { value: control });
    // A checkbox's value has always been its state ("true"/"false"); `checked` says it typed.
    message.value = toggles && control.type.toLowerCase() === 'checkbox' ? String(control.checked) : String(control.value);
    if (toggles) message.checked = control.checked;
  }
  if (typeof event.key === 'string' && event.type.startsWith('key')) message.key = event.key;
  const modifiers = heldModifiers(event);
  if (modifiers.length) message.modifiers = modifiers;
  return message;
}

// The text control a message read its value from (refreshValue).
const CONTROL = Symbol('navdom.control');

/**
 * A queued message's value read again when its turn comes: events go one at a time, so the
 * app hears the field as it is after every earlier reply was applied, as it would if it ran
 * in the page. An Enter pressed twice before the first reply emptied the field sends the
 * emptied field the second time, not the same todo twice. An `input` event keeps the value of
 * its own keystroke, and a checkbox the state the user left it in (docs/EVENTS.md: a toggle
 * that stays right).
 */
export function refreshValue(message) {
  const control = message[CONTROL];
  if (control && control.isConnected) message.value = String(control.value);
}

/** `node` when it is an input, select or textarea (HTML), else null. */
function formControl(node) {
  if (!node || node.nodeType !== ELEMENT_NODE || node.namespaceURI !== NS.html) return null;
  const tag = node.localName;
  return tag === 'input' || tag === 'select' || tag === 'textarea' ? node : null;
}

function isToggle(control) {
  return control.localName === 'input' && /^(checkbox|radio)$/i.test(control.type || '');
}
