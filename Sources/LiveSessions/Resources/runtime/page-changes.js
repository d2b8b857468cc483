// Page changes: title, focus and announcements.
//
// A reply may push or pop a page of a stack. Keyboard and screen-reader users are told as
// a route announcer does: after a push, focus moves to the new page's heading (or the page);
// after a pop it returns to the link or button that pushed the page, when it is still there;
// a polite live region says the new page's title. The first load announces nothing.

import { rootIfAny } from './root.js';
import { isModal } from './dialogs.js';

/** The visible top page of the container's stacks: {element, depth}, or null. */
export function topPage(container) {
  let top = null;
  for (const section of container.querySelectorAll('section.navigation-page')) {
    if (section.closest('[hidden]') || section.closest('dialog')) continue;
    top = section; // the top page comes last in document order
  }
  return top ? { element: top, depth: Number(top.getAttribute('data-depth')) || 0 } : null;
}

/** A reply's `title` ("" for the app's own, kept on the container) becomes document.title. */
export function followTitle(container, reply) {
  if (typeof reply.title !== 'string') return;
  const doc = container.ownerDocument;
  doc.title = reply.title || container.getAttribute('data-navdom-title') || doc.title;
}

/** After a reply: focus and announce the new top page if it changed (`before`: topPage's). */
export function followPageChange(session, before) {
  const after = topPage(session.container);
  if (!after || (before && before.element === after.element)) return;
  const doc = session.container.ownerDocument;
  const popped = before && after.depth < before.depth;
  const modal = modalIsOpen(session.container);
  if (popped) {
    const trigger = session.pushedBy.get(before.element);
    if (!modal) focusOrHeading(trigger, after.element);
  } else {
    if (session.lastClicked) session.pushedBy.set(after.element, session.lastClicked);
    if (!modal) focusOrHeading(null, after.element);
  }
  announce(session.announcer, pageName(after.element, doc));
}

function modalIsOpen(container) {
  const root = rootIfAny(container);
  return Array.from(container.ownerDocument.querySelectorAll('dialog[open]')).some((dialog) => isModal(root, dialog));
}

/** Focuses `target` when it is still on screen, else the page's heading, else the page. */
function focusOrHeading(target, page) {
  if (target && target.isConnected && !target.closest('[hidden]')) {
    target.focus({ preventScroll: true });
    if (target.ownerDocument.activeElement === target) return;
  }
  const heading = pageHeading(page) || page;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

function pageHeading(page) {
  const id = page.getAttribute('aria-labelledby');
  const labelled = id && page.ownerDocument.getElementById(id);
  return labelled || page.querySelector('h1, h2, h3, h4, h5, h6');
}

/** What the announcer says: the page's title if it has its own, else its heading. */
function pageName(page, doc) {
  const container = page.closest('[data-navdom-root]');
  const appTitle = container && container.getAttribute('data-navdom-title');
  if (doc.title && doc.title !== appTitle) return doc.title;
  const heading = pageHeading(page);
  return (heading && heading.textContent.trim()) || doc.title;
}

/**
 * The polite live region, made empty at start (a region must exist before it speaks), after
 * the container, outside what patches touch; visually hidden, readable.
 */
export function pageAnnouncer(container) {
  if (!container.parentNode) return null;
  const region = container.ownerDocument.createElement('div');
  region.className = 'navdom-announcer';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  const style = region.style; // CSSOM, which the page's CSP allows (a style attribute it would not)
  style.position = 'absolute';
  style.width = '1px';
  style.height = '1px';
  style.overflow = 'hidden';
  style.clip = 'rect(0 0 0 0)';
  style.whiteSpace = 'nowrap';
  container.parentNode.insertBefore(region, container.nextSibling);
  return region;
}

function announce(region, text) {
  if (!region || !text) return;
  region.textContent = text;
}
