// Shared set-up for the runtime tests: a jsdom page, a dialog polyfill, and where the runtime's
// modules are. Each test imports the modules it exercises itself (runtime(name) is their URL).
//
// Run with: NODE_PATH=/usr/share/nodejs node --test Tests/runtime/
// (NODE_PATH reaches Debian's jsdom through require(); ES module imports ignore it.)

import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hydrate } from '../../Sources/LiveSessions/Resources/runtime/hydration.js';

const require = createRequire(import.meta.url);
export const { JSDOM } = require('jsdom');
const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository's root folder. */
export const repositoryRoot = path.resolve(here, '..', '..');

/** The folder of the runtime's entry module (Sources/LiveSessions/Resources). */
export const runtimeFolder = path.join(repositoryRoot, 'Sources/LiveSessions/Resources');

/**
 * jsdom has HTMLDialogElement but none of its methods. This stands in for a browser, as
 * strictly as the oldest ones: showModal() throws on an open or disconnected dialog, close()
 * fires `close` in a later task.
 */
export function polyfillDialog(window) {
  const proto = window.HTMLDialogElement.prototype;
  proto.showModal = function () {
    if (this.open) throw new window.DOMException('the dialog is already open', 'InvalidStateError');
    if (!this.isConnected) throw new window.DOMException('the dialog is not connected', 'InvalidStateError');
    this.setAttribute('open', '');
    this.showModalCalls = (this.showModalCalls || 0) + 1;
  };
  proto.show = function () {
    if (!this.open) this.setAttribute('open', '');
  };
  proto.close = function () {
    if (!this.open) return;
    this.removeAttribute('open');
    window.setTimeout(() => this.dispatchEvent(new window.Event('close')), 0);
  };
}

/**
 * A page whose container (a `tag`, default div) holds `html`, hydrated unless told not to.
 * Returns {window, document, container}.
 */
export function page(html, { tag = 'div', dialogs = true, hydrate: hydrated = true, url = 'http://localhost/start' } = {}) {
  const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', { url });
  const { window } = dom;
  if (dialogs) polyfillDialog(window);
  const document = window.document;
  const container = document.createElement(tag === 'tbody' ? 'table' : tag);
  document.body.appendChild(container);
  let root = container;
  if (tag === 'tbody') {
    root = document.createElement('tbody');
    container.appendChild(root);
  }
  root.innerHTML = html;
  if (hydrated) hydrate(root);
  return { window, document, container: root };
}

/** The patch lists of docs/PROTOCOL.md's examples, by their label (`insert`, `move`, ...). */
export function protocolExamples() {
  const text = fs.readFileSync(path.join(repositoryRoot, 'docs/PROTOCOL.md'), 'utf8');
  const section = text.split('<!-- protocol-examples:begin -->')[1].split('<!-- protocol-examples:end -->')[0];
  const examples = {};
  const pattern = /^`(\w+)`[^\n]*\n```json\n([\s\S]*?)\n```/gm;
  for (const match of section.matchAll(pattern)) examples[match[1]] = JSON.parse(match[2]);
  return examples;
}

/** Lets pending promise callbacks and timers run. */
export function settle(window) {
  return new Promise((resolve) => (window ? window.setTimeout(resolve, 5) : setTimeout(resolve, 5)));
}
