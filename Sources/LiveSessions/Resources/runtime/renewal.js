// Renewing a page whose session is gone (the server no longer has it, the module trapped, or
// `serve --watch` rebuilt the server): the page loads its URL again, and on arrival a polite
// notice says why.

const RENEWED = 'navdom:renewed';
export const RENEWED_AFTER_END = '1'; // the server no longer had the session
export const RENEWED_AFTER_TRAP = 'trap'; // the WebAssembly module trapped
export const RENEWED_AFTER_REBUILD = 'rebuilt'; // serve --watch restarted the server on a new build

const RENEWAL_NOTICES = Object.freeze({
  [RENEWED_AFTER_END]: 'Your session had ended, so this page was reloaded at the same address in a new session.',
  [RENEWED_AFTER_TRAP]: 'The app stopped on an internal error, so this page was reloaded at the same address in a new session.',
  [RENEWED_AFTER_REBUILD]: 'The app was rebuilt, so this page was reloaded at the same address.',
});

/**
 * The page's session is gone: load the current URL again, which renders the same navigation
 * state (it lives in the URL) in a new session, and say why on arrival.
 */
export function renewSession(win, reason) {
  try {
    win.sessionStorage.setItem(RENEWED, reason);
  } catch (_) {
    // no sessionStorage (privacy settings): the page reloads without the notice
  }
  win.location.reload();
}

/** After a renewal, a polite notice before the container (outside what patches touch). */
export function announceRenewal(container, win) {
  let reason = null;
  try {
    reason = win.sessionStorage.getItem(RENEWED);
    win.sessionStorage.removeItem(RENEWED);
  } catch (_) {
    return;
  }
  const text = RENEWAL_NOTICES[reason];
  if (!text || !container.parentNode) return;
  const notice = container.ownerDocument.createElement('p');
  notice.className = 'navdom-notice';
  notice.setAttribute('role', 'status');
  notice.textContent = text;
  container.parentNode.insertBefore(notice, container);
}
