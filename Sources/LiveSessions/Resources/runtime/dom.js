// The DOM facts every part of the runtime shares: node types, namespaces, the default URLs of
// the server's endpoints, the events always delegated, and two small readers (dialogs, carets).
// Constants only: nothing here changes after the module is evaluated.

export const TEXT_NODE = 3;
export const ELEMENT_NODE = 1;
export const COMMENT_NODE = 8;

export const NS = Object.freeze({
  html: 'http://www.w3.org/1999/xhtml',
  svg: 'http://www.w3.org/2000/svg',
  math: 'http://www.w3.org/1998/Math/MathML',
});

// Prefixed attributes the HTML parser puts in a namespace on SVG and MathML elements;
// creating them the same way keeps a patched tree identical to a parsed one.
export const ATTRIBUTE_NS = Object.freeze({
  xlink: 'http://www.w3.org/1999/xlink',
  xml: 'http://www.w3.org/XML/1998/namespace',
  xmlns: 'http://www.w3.org/2000/xmlns/',
});

export const DEFAULT_ENDPOINT = '/_navdom/event';
export const DEFAULT_STREAM = '/_navdom/stream';
export const DEFAULT_RESYNC = '/_navdom/resync';
export const DEFAULT_WATCH = '/_navdom/watch';
export const DEFAULT_WASM = '/navdom.wasm';

// Always delegated; any other event named by `on`/`listen` is added when first seen.
export const BASE_EVENTS = Object.freeze(['click', 'input', 'change', 'submit', 'keydown', 'cancel', 'close']);

export function isDialog(node) {
  return node.nodeType === ELEMENT_NODE && node.localName === 'dialog' && node.namespaceURI === NS.html;
}

/** Whether nothing on the page has focus (it fell back to <body>). */
export function isFocusLost(doc) {
  const active = doc.activeElement;
  return !active || active === doc.body || active === doc.documentElement;
}

/** An element's caret and selection, or null for one without a caret. */
export function readSelection(element) {
  try {
    if (typeof element.selectionStart !== 'number') return null;
    return { start: element.selectionStart, end: element.selectionEnd, direction: element.selectionDirection || 'none' };
  } catch (_) {
    return null; // selectionStart throws on input types without a caret
  }
}

/** `text` escaped for a CSS string in double quotes. */
export function cssString(text) {
  return String(text).replace(/["\\]/g, '\\$&');
}
