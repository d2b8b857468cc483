// Shared set-up for the runtime tests: a jsdom page, a dialog polyfill, and the runtime.
//
// Run with: NODE_PATH=/usr/share/nodejs node --test Tests/runtime/
'use strict';

const { JSDOM } = require('jsdom');
const path = require('node:path');
const fs = require('node:fs');

const navdom = require('../../public/runtime.js');

/**
 * jsdom has HTMLDialogElement but none of its methods. This stands in for a browser, as
 * strictly as the oldest ones: showModal() throws on an open or disconnected dialog, close()
 * fires `close` in a later task.
 */
function polyfillDialog(window) {
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
function page(html, { tag = 'div', dialogs = true, hydrate = true, url = 'http://localhost/start' } = {}) {
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
  if (hydrate) navdom.hydrate(root);
  return { window, document, container: root };
}

/** The patch lists of docs/PROTOCOL.md's examples, by their label (`insert`, `move`, ...). */
function protocolExamples() {
  const text = fs.readFileSync(path.join(__dirname, '../../docs/PROTOCOL.md'), 'utf8');
  const section = text.split('<!-- protocol-examples:begin -->')[1].split('<!-- protocol-examples:end -->')[0];
  const examples = {};
  const pattern = /^`(\w+)`[^\n]*\n```json\n([\s\S]*?)\n```/gm;
  for (const match of section.matchAll(pattern)) examples[match[1]] = JSON.parse(match[2]);
  return examples;
}

/** Lets pending promise callbacks and timers run. */
function settle(window) {
  return new Promise((resolve) => (window ? window.setTimeout(resolve, 5) : setTimeout(resolve, 5)));
}

module.exports = { navdom, page, polyfillDialog, protocolExamples, settle, JSDOM };
