// The entry module as a page loads it: `<script type="module" src="/runtime.js">` sets
// window.navdom and starts the page's containers, unless its script element has
// data-navdom-manual. jsdom runs no module scripts, so each test makes the page's `window` the
// global one and imports the entry under a URL of its own (a query), as a browser would
// evaluate it for that page; the script element names that URL.
//
// Every test runs twice: on the entry's source, runtime/main.js (which imports the other
// modules), and on the bundle of them all that the library serves as /runtime.js (written by
// `$NAVDOM_BIN runtime`, which Scripts/test.sh sets). Each reads nodes through the API of the
// copy it loaded: the two are separate module instances, each with its own private symbols.

import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM, runtimeFolder, settle } from './helpers.mjs';

/** The bundle the library serves, written to a file of its own by the navdom command. */
function servedBundle() {
  const binary = process.env.NAVDOM_BIN;
  assert.ok(binary, 'NAVDOM_BIN is not set: point it at a built navdom (swift build), whose `runtime` command writes the bundle');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'navdom-runtime-')), 'runtime.mjs');
  execFileSync(binary, ['runtime', '--output', file]);
  return pathToFileURL(file).href;
}

const entries = {
  source: pathToFileURL(path.join(runtimeFolder, 'runtime/main.js')).href,
  bundle: servedBundle(),
};

/** Loads the entry module into a page whose body is `body`; `script(url)`: its script element. */
async function loadEntry(entryURL, name, script, body = '<div data-navdom-root><p>x<!----></p></div>') {
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

for (const [kind, entryURL] of Object.entries(entries)) {
  test(`${kind}: as a module script it defines window.navdom and starts itself`, async () => {
    const { window, entry, container } = await loadEntry(entryURL, 'auto', (url) => `<script type="module" src="${url}"></script>`);
    assert.equal(typeof window.navdom.applyPatches, 'function');
    assert.equal(entry.nodeById(3, container).data, '', 'auto-started: the marker became an empty text node');
  });

  test(`${kind}: data-navdom-manual on its script element turns the automatic start off`, async () => {
    const { window, entry, container } = await loadEntry(entryURL, 'manual', (url) => `<script type="module" src="${url}" data-navdom-manual></script>`);
    assert.equal(typeof window.navdom.autoStart, 'function', 'the API is there all the same');
    assert.equal(entry.nodeById(0, container), undefined, 'nothing was hydrated');
    await window.navdom.autoStart(window.document);
    assert.equal(entry.nodeById(0, container), container, 'started when the page said so');
  });

  test(`${kind}: another script element with data-navdom-manual does not stop this one`, async () => {
    const { entry, container } = await loadEntry(entryURL, 'other', (url) =>
      `<script type="module" src="/elsewhere.js" data-navdom-manual></script><script type="module" src="${url}"></script>`);
    assert.equal(entry.nodeById(0, container), container);
  });

  test(`${kind}: imported by another module (no script element of its own) it starts nothing`, async () => {
    const { window, entry, container } = await loadEntry(entryURL, 'imported', () => '');
    assert.equal(window.navdom, entry.navdom, 'the one global is set explicitly');
    assert.equal(entry.nodeById(0, container), undefined);
    assert.equal(entry.ownScript(window.document), null);
  });

  test(`${kind}: the entry exports the API by name and as one frozen object`, async () => {
    const { entry } = await loadEntry(entryURL, 'exports', () => '');
    const names = ['hydrate', 'verifyHydration', 'applyPatches', 'mountPage', 'start', 'httpTransport', 'wasmTransport', 'autoStart',
      'idle', 'nodeId', 'nodeById', 'enableLatencySim', 'disableLatencySim', 'watchForRebuilds'];
    assert.deepEqual(Object.keys(entry.navdom).sort(), names.slice().sort());
    for (const name of names) assert.equal(entry[name], entry.navdom[name], name);
    assert.ok(Object.isFrozen(entry.navdom));
  });
}
