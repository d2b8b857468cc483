// Dismissing dialogs: Escape closes exactly the top one.
//
// A dialog's `cancel` (Escape, a close request) is the app's to decide: the runtime prevents
// the browser's own close and sends `cancel` for the top dialog only. Some browsers will not
// let it be prevented: Chromium, before the page's first user activation, closes every
// dialog opened without one on a single Escape, firing an uncancelable `cancel` at each, top
// first, then `close` events. The runtime then tells the app about the top one only, and once
// the app's reply is applied reopens, in their order, the dialogs the app still shows: the
// page shows what the app's state says, and the app decides (it may refuse the dismissal).
// The close request in progress is the container's (Root.closeRequestTop), not the page's.

import { ID } from './root.js';
import { listensTo } from './attributes.js';
import { openModally } from './dialogs.js';
import { afterReply, dispatch } from './queue.js';

/** Handles a dialog's `cancel` or `close`; true when it is not to be sent to the app as is. */
export function handleDialogDismissal(root, session, event) {
  const dialog = event.target;
  if (event.type === 'cancel') {
    handleCancel(root, session, event);
    return true;
  }
  if (root.closedByBrowser.has(dialog)) {
    root.closedByBrowser.delete(dialog); // its cancel already went to the app (or was not news)
    return true;
  }
  // A `method="dialog"` form closed it: the app hears `close`, and the dialog opens again if
  // the app keeps it (it refused the dismissal).
  setTimeout(() => afterReply(session, () => restoreDialogs(root)), 0);
  return false;
}

function handleCancel(root, session, event) {
  const dialog = event.target;
  event.preventDefault();
  const closes = !event.defaultPrevented; // an uncancelable cancel: the browser closes it
  if (closes) root.closedByBrowser.add(dialog);
  // The browser asks the top dialog first; the others of the same request follow in this
  // task, and are not the app's news.
  if (root.closeRequestTop === null) {
    root.closeRequestTop = dialog;
    const sent = listensTo(dialog, 'cancel') && root.byId.get(dialog[ID]) === dialog;
    if (sent) dispatch(session, { id: dialog[ID], event: 'cancel' });
    setTimeout(() => {
      root.closeRequestTop = null;
      if (closes) afterReply(session, () => restoreDialogs(root));
    }, 0);
  } else if (closes) {
    setTimeout(() => afterReply(session, () => restoreDialogs(root)), 0);
  }
}

/**
 * Reopens the dialogs the app still shows that the browser closed, keeping their order:
 * showModal() puts a dialog on top, so the open ones above the first closed one are closed
 * (silently) and reopened after it.
 */
function restoreDialogs(root) {
  const dialogs = Array.from(root.container.querySelectorAll('dialog')).filter(
    (dialog) => root.modalDialogs.has(dialog) && root.byId.get(dialog[ID]) === dialog,
  );
  const first = dialogs.findIndex((dialog) => !dialog.open);
  if (first < 0) return;
  for (let index = dialogs.length - 1; index > first; index--) {
    if (!dialogs[index].open) continue;
    root.closingByPatch.add(dialogs[index]);
    dialogs[index].close();
  }
  for (let index = first; index < dialogs.length; index++) {
    root.modalDialogs.delete(dialogs[index]);
    openModally(root, dialogs[index]);
  }
}
