// Dialogs the app presents: opened modally and closed as the patches say, focus returned to
// the element that opened a dialog once it leaves, and focus moved to the new page when a
// stack inside a dialog pushes or pops. Every record lives on the container's Root.
//
// A dialog the app closes usually leaves by a `remove` or `replace` patch, and removing an
// element that holds focus drops focus to <body>. So the runtime remembers what was focused
// when each dialog opened (its trigger) and, once the patch list that closed the dialog is
// applied, focuses it again if focus was lost. When one dialog replaces another ("Import
// instead"), the new one inherits the old one's trigger.

import { ELEMENT_NODE, isDialog, isFocusLost } from './dom.js';

export function isModal(root, dialog) {
  if (!dialog.open) return false;
  try {
    return dialog.matches(':modal');
  } catch (_) {
    return root.modalDialogs.has(dialog); // no :modal selector: trust our own record
  }
}

/**
 * Opens a dialog modally. showModal() throws on an open dialog, so a non-modal `open` is
 * removed first (attribute removal, not close(): that would send the app a `close` event).
 * Without showModal (old browsers, jsdom) the dialog gets `open`.
 */
export function openModally(root, dialog) {
  if (isModal(root, dialog)) return;
  root.closingByPatch.delete(dialog);
  rememberTrigger(root, dialog);
  if (dialog.isConnected && typeof dialog.showModal === 'function') {
    dialog.removeAttribute('open');
    dialog.showModal();
    root.modalDialogs.add(dialog);
  } else if (!dialog.hasAttribute('open')) {
    dialog.setAttribute('open', '');
  }
}

/** Closes a dialog because the app said so; its `close` event is not sent back to the app. */
export function closeDialog(root, dialog) {
  root.modalDialogs.delete(dialog);
  if (!dialog.open) return dialog.removeAttribute('open');
  noteDialogLeaving(root, dialog);
  if (typeof dialog.close === 'function') {
    root.closingByPatch.add(dialog);
    dialog.close();
  } else {
    dialog.removeAttribute('open');
  }
}

function rememberTrigger(root, dialog) {
  if (root.focusReturns.has(dialog)) return;
  const doc = dialog.ownerDocument;
  const trigger = isFocusLost(doc) ? root.pendingFocusReturn : doc.activeElement;
  if (trigger && trigger !== dialog) {
    root.focusReturns.set(dialog, trigger);
    if (trigger === root.pendingFocusReturn) root.pendingFocusReturn = null; // the new dialog takes it over
  }
}

/** The trigger to return to from `dialog`, following triggers that were inside dialogs now gone. */
function triggerOf(root, dialog) {
  let target = root.focusReturns.get(dialog);
  for (let hops = 0; target && hops < 32; hops++) {
    const inside = target.parentNode ? target.parentNode.closest('dialog') : null;
    const gone = !target.isConnected || (inside && !inside.open);
    if (!gone) return target;
    if (!inside || !root.focusReturns.has(inside)) return null;
    target = root.focusReturns.get(inside);
  }
  return null;
}

/** Called for every node about to leave the document: notes the open dialogs in it. */
export function noteDialogsLeaving(root, node) {
  if (node.nodeType !== ELEMENT_NODE) return;
  if (isDialog(node)) noteDialogLeaving(root, node);
  noteDialogsBelowLeaving(root, node);
}

/**
 * The same for the descendants of `element` (one query for a whole `clear`). None of them
 * matters while focus is on a node outside `element` (the clicked button of a clear), so then
 * the query, a walk of every node below (80,000 for a 10,000-row table), is not made.
 */
export function noteDialogsBelowLeaving(root, element) {
  if (!element.firstElementChild || !mayLoseFocus(element)) return;
  element.querySelectorAll('dialog').forEach((dialog) => noteDialogLeaving(root, dialog));
}

/** Whether `node` leaving can leave focus nowhere: focus is in it, or already lost. */
function mayLoseFocus(node) {
  const doc = node.ownerDocument;
  return isFocusLost(doc) || node.contains(doc.activeElement);
}

function noteDialogLeaving(root, dialog) {
  if (!dialog.open || !mayLoseFocus(dialog)) return; // focus is elsewhere; leave it
  const trigger = triggerOf(root, dialog);
  if (trigger && !dialog.contains(trigger)) root.pendingFocusReturn = trigger;
}

/** After a patch list: focus the closed dialog's trigger if focus was lost on the way. */
export function returnFocus(root) {
  const target = root.pendingFocusReturn;
  const doc = root.container.ownerDocument;
  root.pendingFocusReturn = null;
  if (!target || !doc || !target.isConnected || !isFocusLost(doc)) return;
  try {
    target.focus({ preventScroll: true });
  } catch (_) {
    // an element that cannot take focus: leave focus where it is
  }
}

// --- Focus in a dialog's stack -------------------------------------------------------------
//
// A push or pop inside a presentation's stack hides or removes the page that had focus; the
// browser would leave focus on <body>, outside the modal dialog. The new page's heading
// (made focusable with tabindex="-1") takes it instead, as a screen reader user expects.

/** The top open dialog of the container and the innermost page shown in it, if any. */
export function shownDialogPage(container) {
  // A runtime puts presented dialogs in the container itself (its top layer), so only its
  // children are looked at: no walk of a big page for every patch list.
  let dialog = container.lastElementChild;
  while (dialog && !(isDialog(dialog) && dialog.open)) dialog = dialog.previousElementSibling;
  if (!dialog) return null;
  const pages = Array.from(dialog.querySelectorAll('section.navigation-page')).filter((page) => {
    const hidden = page.closest('[hidden]');
    return !hidden || !dialog.contains(hidden);
  });
  return { dialog, page: pages[pages.length - 1] || null };
}

/** After a patch list: focus the heading of the page a dialog's stack now shows, if it changed. */
export function focusNewDialogPage(container, before) {
  if (!before || !before.page) return;
  const now = shownDialogPage(container);
  if (!now || now.dialog !== before.dialog || !now.page || now.page === before.page) return;
  const doc = container.ownerDocument;
  const labelledBy = now.page.getAttribute('aria-labelledby');
  const labelling = labelledBy ? doc.getElementById(labelledBy) : null;
  const heading = (labelling && now.page.contains(labelling) && labelling) || now.page.querySelector('h1, h2, h3, h4, h5, h6') || now.page;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  try {
    heading.focus();
  } catch (_) {
    // an element that cannot take focus: leave focus where it is
  }
}
