// serve --watch in the page: watchForRebuilds reloads when the watch stream reconnects to another
// server instance, and shows each build's state above the app (docs/WATCH.md).
import test from 'node:test';
import assert from 'node:assert/strict';
import { autoStart } from '../../Sources/LiveSessions/Resources/runtime/auto-start.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { watchForRebuilds } from '../../Sources/LiveSessions/Resources/runtime/watch.js';
import { page } from './helpers.mjs';

/** An EventSource stand-in: the test delivers named events and errors. */
function fakeEventSources() {
  const sources = [];
  class FakeEventSource {
    constructor(url) { this.url = url; this.handlers = {}; this.readyState = 0; this.closed = false; sources.push(this); }
    addEventListener(type, handler) { (this.handlers[type] ||= []).push(handler); }
    close() { this.closed = true; this.readyState = 2; }
    emit(type, data) { (this.handlers[type] || []).forEach((handler) => handler({ data })); }
  }
  return { sources, FakeEventSource };
}

test('a stream that reconnects to the same server keeps the page; another instance reloads it', () => {
  const { window, container } = page('<p>App</p>', { url: 'http://localhost/items/2' });
  const { sources, FakeEventSource } = fakeEventSources();
  watchForRebuilds(container, '/_navdom/watch', FakeEventSource);
  assert.equal(sources[0].url, '/_navdom/watch');
  sources[0].emit('hello', 'first');
  sources[0].emit('hello', 'first'); // the browser reconnected to the same server
  assert.equal(window.sessionStorage.getItem('navdom:renewed'), null);
  sources[0].emit('hello', 'second'); // a rebuilt server
  assert.equal(window.sessionStorage.getItem('navdom:renewed'), 'rebuilt', 'the reload is marked for the next page');
  assert.equal(sources[0].closed, true);

  // The reloaded page says why.
  const next = window.document.createElement('div');
  window.document.body.appendChild(next);
  start(next, { send: async () => ({ patches: [] }) });
  assert.match(next.previousSibling.textContent, /rebuilt/);
});

test('build states show above the app: rebuilding, then the compiler errors', () => {
  const { document, container } = page('<p>App</p>');
  const { sources, FakeEventSource } = fakeEventSources();
  watchForRebuilds(container, '/_navdom/watch', FakeEventSource);
  sources[0].emit('build', '{"state":"building"}');
  const box = container.previousSibling;
  assert.equal(box.className, 'navdom-build');
  assert.equal(box.getAttribute('role'), 'status');
  assert.equal(box.textContent, 'Rebuilding…');
  sources[0].emit('build', JSON.stringify({ state: 'building', detail: 'Rebuilding the WebAssembly module…' }));
  assert.equal(box.textContent, 'Rebuilding the WebAssembly module…', 'what the build waits for, when the watcher says');
  sources[0].emit('build', JSON.stringify({ state: 'failed', log: "View.swift:3:5: error: cannot find 'titel' in scope" }));
  assert.equal(document.querySelectorAll('.navdom-build').length, 1, 'one box, updated');
  assert.equal(box.dataset.state, 'failed');
  assert.match(box.textContent, /The build failed; the page runs the last build\.\n\nView\.swift:3:5: error: cannot find 'titel'/);
  assert.equal(container.innerHTML, '<p>App</p>', 'the app is untouched');
});

test('a stream the browser gave up on is opened again; stopping stops it', async () => {
  const { container } = page('<p>App</p>');
  const { sources, FakeEventSource } = fakeEventSources();
  const stop = watchForRebuilds(container, '/w', FakeEventSource);
  sources[0].readyState = 2; // closed by the browser (an answer that was not a stream)
  sources[0].emit('error');
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.equal(sources.length, 2);
  assert.equal(sources[1].url, '/w');
  stop();
  assert.equal(sources[1].closed, true);
});

test('autoStart watches only containers with data-navdom-watch', async () => {
  const { window, document } = page('', { hydrate: false });
  const { sources, FakeEventSource } = fakeEventSources();
  window.EventSource = FakeEventSource;
  const saved = globalThis.EventSource;
  globalThis.EventSource = FakeEventSource;
  try {
    document.body.innerHTML = '<main data-navdom-root data-navdom-watch="/_navdom/watch"><p>A</p></main><main data-navdom-root><p>B</p></main>';
    await autoStart(document);
    assert.deepEqual(sources.map((source) => source.url), ['/_navdom/watch']);
  } finally {
    globalThis.EventSource = saved;
  }
});
