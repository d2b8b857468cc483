// Focus as state (`.focused($binding, equals:)`, docs/EVENTS.md): the `focused` property a
// patch sets or removes moves focus to an element already in the page or takes it away. The
// focus and blur events this causes are not sent back (the app asked for them), and a reply
// that arrives while a focus change of the user's is still on its way to the app leaves focus
// where the user put it: that event will bring the app up to date.

export const FOCUSED = 'focused';

/** Focuses `element` (or blurs it, if it has focus) as the app's state says. */
export function setFocused(root, element, isFocused) {
  if (root && root.focusQueued) return;
  const doc = element.ownerDocument;
  if (!isFocused) {
    if (doc.activeElement === element) quietly(root, element, () => element.blur());
    return;
  }
  if (doc.activeElement === element) return;
  // A subtree being built is not in the document yet; it is by the end of its patch list.
  if (!element.isConnected) return queueMicrotask(() => element.isConnected && setFocused(root, element, true));
  quietly(root, element, () => element.focus());
}

function quietly(root, element, change) {
  if (!root) return change();
  root.focusEcho = element;
  try {
    change();
  } finally {
    root.focusEcho = null;
  }
}

/** Whether `event` is the focus or blur that setFocused is causing right now. */
export function isFocusEcho(root, event) {
  return (event.type === 'focus' || event.type === 'blur') && root.focusEcho !== null && root.focusEcho === event.target;
}
