// The entry module, /runtime.js, as a page loads it: `<script type="module" src="/runtime.js">`
// sets window.navdom and starts the page's containers, unless its script element has
// data-navdom-manual. jsdom runs no module scripts, so each test makes the page's `window` the
// global one and imports the entry under a URL of its own (a query), as a browser would
// evaluate it for that page; the script element names that URL.

import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM, runtimeFolder, settle } from './helpers.mjs';
import { nodeById } from '../../Sources/LiveSessions/Resources/runtime/root.js';

const entryURL = pathToFileURL(path.join(runtimeFolder, 'runtime.js')).href;

/** Loads the entry module into a page whose body is `body`; `script(url)`: its script element. */
async function loadEntry(name, script, body = '<div data-navdom-root><p>x<!----></p></div>') {
  const url = `${entryURL}?page=${name}`;
  const dom = new JSDOM(`<!DOCTYPE html><head>${script(url)}</head><body>${body}</body>`, { url: 'http://localhost/' });
  globalThis.window = dom.window;
  try {
    const entry = await import(url);
    await settle();
    return { window: dom.window, entry, container: dom.window.document.querySelector('[data-navdom-root]') };
  } finally {
    delete globalThis.window;
  }
}

test('as a module script it defines window.navdom and starts itself', async () => {
  const { window, container } = await loadEntry('auto', (url) => `<script type="module" src="${url}"></script>`);
  assert.equal(typeof window.navdom.applyPatches, 'function');
  assert.equal(nodeById(3, container).data, '', 'auto-started: the marker became an empty text node');
});

test('data-navdom-manual on its script element turns the automatic start off', async () => {
  const { window, container } = await loadEntry('manual', (url) => `<script type="module" src="${url}" data-navdom-manual></script>`);
  assert.equal(typeof window.navdom.autoStart, 'function', 'the API is there all the same');
  assert.equal(nodeById(0, container), undefined, 'nothing was hydrated');
  await window.navdom.autoStart(window.document);
  assert.equal(nodeById(0, container), container, 'started when the page said so');
});

test('another script element with data-navdom-manual does not stop this one', async () => {
  const { container } = await loadEntry('other', (url) =>
    `<script type="module" src="/elsewhere.js" data-navdom-manual></script><script type="module" src="${url}"></script>`);
  assert.equal(nodeById(0, container), container);
});

test('imported by another module (no script element of its own) it starts nothing', async () => {
  const { window, entry, container } = await loadEntry('imported', () => '');
  assert.equal(window.navdom, entry.navdom, 'the one global is set explicitly');
  assert.equal(nodeById(0, container), undefined);
  assert.equal(entry.ownScript(window.document), null);
});

test('the entry exports the API by name and as one frozen object', async () => {
  const { entry } = await loadEntry('exports', () => '');
  const names = ['hydrate', 'verifyHydration', 'applyPatches', 'start', 'httpTransport', 'wasmTransport', 'autoStart',
    'idle', 'nodeId', 'nodeById', 'enableLatencySim', 'disableLatencySim', 'watchForRebuilds'];
  assert.deepEqual(Object.keys(entry.navdom).sort(), names.slice().sort());
  for (const name of names) assert.equal(entry[name], entry.navdom[name], name);
  assert.ok(Object.isFrozen(entry.navdom));
});
