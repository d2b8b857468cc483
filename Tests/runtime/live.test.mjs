import test from 'node:test';
import assert from 'node:assert/strict';
import { autoStart } from '../../Sources/LiveSessions/Resources/runtime/auto-start.js';
import { httpTransport } from '../../Sources/LiveSessions/Resources/runtime/http-transport.js';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { nodeById, nodeId } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page, settle } from './helpers.mjs';

/** A transport that records what it is sent and answers from `answer(event)`. */
function fakeTransport(answer = () => ({ patches: [] })) {
  const sent = [];
  return { sent, send: async (event) => (sent.push(event), answer(event)) };
}

/** A hydrated page started with a fake transport; `listen` is a patch list of listen ops. */
function livePage(html, listen, answer, options = {}) {
  const env = page(html, options);
  applyPatches(env.container, listen);
  const transport = fakeTransport(answer);
  const errors = [];
  const session = start(env.container, { send: transport.send, onError: (e) => errors.push(e), ...options.start });
  return { ...env, transport, session, errors };
}

function fire(window, target, type, init = {}, Kind = window.Event) {
  return target.dispatchEvent(new Kind(type, { bubbles: true, cancelable: true, ...init }));
}

test('a click inside a listening button sends its id and applies the reply', async () => {
  const { window, container, transport, session, errors } = livePage(
    '<button><span>Count</span></button><p>0</p>',
    [{ op: 'listen', id: 1, event: 'click' }],
    () => ({ patches: [{ op: 'text', id: 5, text: '1' }] }));
  fire(window, container.querySelector('span'), 'click', {}, window.MouseEvent);
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 1, event: 'click' }]);
  assert.equal(container.innerHTML, '<button><span>Count</span></button><p>1</p>');
  assert.deepEqual(errors, []);
});

test('elements that do not listen send nothing', async () => {
  const { window, container, transport, session } = livePage('<button>b</button><input>', [{ op: 'listen', id: 3, event: 'input' }]);
  fire(window, container.firstChild, 'click', {}, window.MouseEvent);
  fire(window, container.firstChild, 'input');
  await session.idle();
  assert.deepEqual(transport.sent, []);
});

test('only the innermost listening element sends a bubbling event', async () => {
  const { window, container, transport, session } = livePage('<li><button>x</button></li>', [
    { op: 'listen', id: 1, event: 'click' }, { op: 'listen', id: 2, event: 'click' }]);
  fire(window, container.querySelector('button'), 'click', {}, window.MouseEvent);
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 2, event: 'click' }]);
});

test('events from a form control carry its value, a checkbox its checked state, keydown the key', async () => {
  const { window, container, transport, session } = livePage('<input value="Key"><input type="checkbox">', [
    { op: 'listen', id: 1, event: 'input' }, { op: 'listen', id: 1, event: 'keydown' }, { op: 'listen', id: 2, event: 'change' }]);
  const [text, box] = container.querySelectorAll('input');
  fire(window, text, 'input');
  fire(window, text, 'keydown', { key: 'Enter' }, window.KeyboardEvent);
  box.checked = true;
  fire(window, box, 'change');
  box.checked = false;
  fire(window, box, 'change');
  await session.idle();
  assert.deepEqual(transport.sent, [
    { id: 1, event: 'input', value: 'Key' },
    { id: 1, event: 'keydown', value: 'Key', key: 'Enter' },
    { id: 2, event: 'change', value: 'true', checked: true },
    { id: 2, event: 'change', value: 'false', checked: false },
  ]);
});

test('submit of a listening form is prevented and sent; of other forms left alone', async () => {
  const { window, container, transport, session } = livePage('<form></form><form></form>', [{ op: 'listen', id: 1, event: 'submit' }]);
  const [listening, other] = container.querySelectorAll('form');
  assert.equal(fire(window, listening, 'submit'), false, 'default prevented');
  assert.equal(fire(window, other, 'submit'), true, 'default kept');
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 1, event: 'submit' }]);
});

test('cancel of a listening dialog is prevented and sent (capture: cancel does not bubble)', async () => {
  const { window, container, transport, session } = livePage('<dialog open>x</dialog>', [{ op: 'listen', id: 1, event: 'cancel' }]);
  const dialog = container.firstChild;
  assert.equal(dialog.dispatchEvent(new window.Event('cancel', { cancelable: true })), false);
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 1, event: 'cancel' }]);
  assert.equal(dialog.open, true, 'the app decides whether it closes');
});

test('a listening button in <form method="dialog"> does not close the dialog itself', async () => {
  const { window, container, transport, session } = livePage(
    '<dialog open><form method="dialog"><button>OK</button><button type="button">Other</button></form></dialog>',
    [{ op: 'listen', id: 3, event: 'click' }, { op: 'listen', id: 5, event: 'click' }]);
  const [ok, other] = container.querySelectorAll('button');
  assert.equal(fire(window, ok, 'click', {}, window.MouseEvent), false);
  assert.equal(fire(window, other, 'click', {}, window.MouseEvent), true, 'a type=button submits nothing: no need');
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 3, event: 'click' }, { id: 5, event: 'click' }]);
});

test('a plain click on a listening link is the app\'s; a modified click is left to the browser', async () => {
  const { window, container, transport, session } = livePage('<a href="/items/1">Item</a>', [{ op: 'listen', id: 1, event: 'click' }]);
  assert.equal(fire(window, container.firstChild, 'click', {}, window.MouseEvent), false, 'the browser does not load it');
  assert.equal(fire(window, container.firstChild, 'click', { ctrlKey: true }, window.MouseEvent), true, 'the browser opens it (a new tab)');
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 1, event: 'click' }], 'only the plain click reaches the app');
});

test('events are sent one at a time, in order, each after the previous reply is applied', async () => {
  const pending = [];
  const env = page('<button>b</button><p>0</p>');
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }]);
  const sent = [];
  const session = start(env.container, {
    send: (event) => new Promise((resolve) => { sent.push(event); pending.push(resolve); }),
  });
  const click = () => fire(env.window, env.container.firstChild, 'click', {}, env.window.MouseEvent);
  click(); click(); click();
  await settle();
  assert.equal(sent.length, 1, 'the second waits for the first reply');
  pending.shift()({ patches: [{ op: 'text', id: 4, text: '1' }] });
  await settle();
  assert.equal(sent.length, 2);
  assert.equal(env.container.lastChild.textContent, '1', 'the first reply was applied before the second event went');
  pending.shift()({ patches: [{ op: 'text', id: 4, text: '2' }] });
  await settle();
  pending.shift()({ patches: [{ op: 'text', id: 4, text: '3' }] });
  await session.idle();
  assert.equal(sent.length, 3);
  assert.equal(env.container.lastChild.textContent, '3');
});

test('a reply with a url pushes it on the history; history "replace" replaces', async () => {
  const { window, container, session } = livePage('<button>b</button>', [{ op: 'listen', id: 1, event: 'click' }],
    (event) => (window.__count = (window.__count || 0) + 1) === 1 ? { patches: [], url: '/items/3' } : { patches: [], url: '/items/4?tab=x', history: 'replace' });
  const before = window.history.length;
  fire(window, container.firstChild, 'click', {}, window.MouseEvent);
  await session.idle();
  assert.equal(window.location.pathname, '/items/3');
  assert.equal(window.history.length, before + 1);
  fire(window, container.firstChild, 'click', {}, window.MouseEvent);
  await session.idle();
  assert.equal(window.location.pathname + window.location.search, '/items/4?tab=x');
  assert.equal(window.history.length, before + 1, 'replaced, not pushed');
});

test('popstate sends {id: 0, event: "popstate", value: path + query}; its reply does not push again', async () => {
  const { window, container, transport, session } = livePage('<p>x</p>', [], () => ({ patches: [{ op: 'text', id: 2, text: 'back' }], url: '/list?q=1' }),
    { url: 'http://localhost/list?q=1' });
  const before = window.history.length;
  window.dispatchEvent(new window.PopStateEvent('popstate', { state: null }));
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 0, event: 'popstate', value: '/list?q=1' }]);
  assert.equal(window.history.length, before);
  assert.equal(nodeById(2, container).data, 'back');
});

test('a failed send or a bad reply is reported and the session keeps going', async () => {
  let call = 0;
  const { window, container, session, errors } = livePage('<button>b</button><p>0</p>', [{ op: 'listen', id: 1, event: 'click' }], () => {
    call += 1;
    if (call === 1) throw new Error('HTTP 500');
    if (call === 2) return { patches: [{ op: 'text', id: 77, text: 'x' }] };
    return { patches: [{ op: 'text', id: 4, text: 'ok' }] };
  });
  for (let i = 0; i < 3; i++) fire(window, container.firstChild, 'click', {}, window.MouseEvent);
  await session.idle();
  assert.equal(errors.length, 2);
  assert.match(errors[0].message, /HTTP 500/);
  assert.match(errors[1].message, /op "text", id 77\): no node with id 77/);
  assert.equal(container.lastChild.textContent, 'ok');
});

test('errors go to console.error by default', async () => {
  const { window, container } = page('<button>b</button>');
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  const session = start(container, { send: async () => { throw new Error('boom'); } });
  const original = console.error;
  const logged = [];
  console.error = (...args) => logged.push(args);
  try {
    fire(window, container.firstChild, 'click', {}, window.MouseEvent);
    await session.idle();
  } finally {
    console.error = original;
  }
  assert.equal(logged.length, 1);
  assert.match(String(logged[0][0]), /boom/);
});

test('a callback-style send works too', async () => {
  const env = page('<button>b</button>');
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }]);
  const sent = [];
  const session = start(env.container, {
    send(event, done) { sent.push(event); setTimeout(() => done(null, { patches: [{ op: 'setAttr', id: 1, name: 'class', value: 'on' }] }), 1); },
  });
  fire(env.window, env.container.firstChild, 'click', {}, env.window.MouseEvent);
  await settle(); await session.idle();
  assert.deepEqual(sent, [{ id: 1, event: 'click' }]);
  assert.equal(env.container.innerHTML, '<button class="on">b</button>');
});

test('a listen for a new event type is delegated too', async () => {
  const { window, container, transport, session } = livePage('<p>x</p>', []);
  applyPatches(container, [{ op: 'listen', id: 1, event: 'dblclick' }, { op: 'listen', id: 1, event: 'focus' }]);
  fire(window, container.firstChild, 'dblclick', {}, window.MouseEvent);
  container.firstChild.dispatchEvent(new window.FocusEvent('focus')); // does not bubble
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 1, event: 'dblclick' }, { id: 1, event: 'focus' }]);
});

test('unlisten stops sending; inserted nodes listen through "on"', async () => {
  const { window, container, transport, session } = livePage('<button>a</button>', [{ op: 'listen', id: 1, event: 'click' }]);
  applyPatches(container, [
    { op: 'unlisten', id: 1, event: 'click' },
    { op: 'insert', parent: 0, before: null, node: { id: 3, tag: 'button', on: ['click'], children: [{ id: 4, text: 'b' }] } },
  ]);
  for (const button of container.querySelectorAll('button')) fire(window, button, 'click', {}, window.MouseEvent);
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 3, event: 'click' }]);
});

test('a dialog closed by a patch does not echo a close event; one closed by the user does', async () => {
  const { window, container, transport, session } = livePage('<dialog open>x</dialog>', [{ op: 'listen', id: 1, event: 'close' }]);
  const dialog = container.firstChild;
  applyPatches(container, [{ op: 'invoke', id: 1, method: 'close' }]);
  await settle(window); // the polyfill fires close in a later task, as browsers do
  await session.idle();
  assert.deepEqual(transport.sent, []);
  applyPatches(container, [{ op: 'invoke', id: 1, method: 'showModal' }]);
  dialog.close(); // as if the user pressed Escape twice
  await settle(window);
  await session.idle();
  assert.deepEqual(transport.sent, [{ id: 1, event: 'close' }]);
});

test('stop() removes the listeners', async () => {
  const { window, container, transport, session } = livePage('<button>b</button>', [{ op: 'listen', id: 1, event: 'click' }]);
  session.stop();
  fire(window, container.firstChild, 'click', {}, window.MouseEvent);
  window.dispatchEvent(new window.PopStateEvent('popstate'));
  await session.idle();
  assert.deepEqual(transport.sent, []);
});

// --- The HTTP transport -------------------------------------------------------------------

function fakeFetch(responses) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push({ url, init });
    const { status = 200, body = '' } = responses.shift();
    return { ok: status >= 200 && status < 300, status, statusText: status === 200 ? 'OK' : 'Gone', text: async () => body };
  };
  return { calls, fetch };
}

test('httpTransport POSTs {"session", "id", "event", ...} as JSON and returns the reply', async () => {
  const { calls, fetch } = fakeFetch([{ body: '{"patches":[{"op":"text","id":2,"text":"Hello"}]}' }]);
  const { window, container } = page('<p>Hi</p>');
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  const session = start(container, httpTransport({ session: 'S1', fetch }));
  fire(window, container.firstChild, 'click', {}, window.MouseEvent);
  await session.idle();
  assert.equal(calls.length, 1);
  assert.equal(calls[0].url, '/_navdom/event');
  assert.equal(calls[0].init.method, 'POST');
  assert.equal(calls[0].init.headers['content-type'], 'application/json');
  assert.equal(calls[0].init.body, '{"session":"S1","id":1,"event":"click"}');
  assert.equal(container.innerHTML, '<p>Hello</p>');
});

test('httpTransport turns an error status into a reported error naming status and event', async () => {
  const { fetch } = fakeFetch([{ status: 410, body: 'stale id 9' }]);
  const transport = httpTransport({ session: 'S', endpoint: '/ev', fetch });
  await assert.rejects(transport.send({ id: 9, event: 'click' }), /\/ev answered 410 Gone to \{"id":9,"event":"click"\}: stale id 9/);
  assert.throws(() => httpTransport({}), /needs a session id/);
});

test('the stream subscription applies server-pushed replies', async () => {
  const sources = [];
  class FakeEventSource {
    constructor(url) { this.url = url; this.handlers = []; this.closed = false; sources.push(this); }
    addEventListener(type, handler) { if (type === 'message') this.handlers.push(handler); }
    close() { this.closed = true; }
    push(data) { this.handlers.forEach((handler) => handler({ data })); }
  }
  const { container } = page('<p>0</p>');
  const errors = [];
  const transport = httpTransport({ session: 'a b', stream: '/_navdom/stream', EventSource: FakeEventSource, fetch: async () => null });
  // Without a snapshot to resync from, a pushed patch that fails is reported (resync.test.js
  // has the rebuild).
  const session = start(container, { ...transport, snapshot: null, onError: (e) => errors.push(e) });
  assert.equal(sources[0].url, '/_navdom/stream?session=a%20b');
  sources[0].push('{"patches":[{"op":"text","id":2,"text":"pushed"}]}');
  assert.equal(container.innerHTML, '<p>pushed</p>');
  sources[0].push('{"patches":[{"op":"remove","id":99}]}');
  assert.equal(errors.length, 1);
  session.stop();
  assert.equal(sources[0].closed, true);
});

// --- autoStart ----------------------------------------------------------------------------

test('autoStart hydrates [data-navdom-root], applies data-navdom-patches and starts live sessions', async () => {
  const env = page('', { hydrate: false });
  const { document, window } = env;
  document.body.innerHTML =
    `<main data-navdom-root data-navdom-session="S9" data-navdom-endpoint="/custom"
       data-navdom-patches='[{"op":"listen","id":1,"event":"click"}]'><button>Go</button></main>` +
    '<section data-navdom-root><p>a<!----></p></section>';
  const calls = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (url, init) => (calls.push({ url, body: init.body }), { ok: true, status: 200, text: async () => '{"patches":[]}' });
  try {
    const sessions = await autoStart(document);
    assert.equal(sessions.length, 1, 'only the container with a session goes live');
    const [main, section] = document.querySelectorAll('[data-navdom-root]');
    assert.equal(nodeId(section.querySelector('p').lastChild), 3, 'the static one is hydrated');
    fire(window, main.querySelector('button'), 'click', {}, window.MouseEvent);
    await sessions[0].idle();
    assert.deepEqual(calls, [{ url: '/custom', body: '{"session":"S9","id":1,"event":"click"}' }]);
  } finally {
    globalThis.fetch = originalFetch;
  }
});

test('an event for a session the server no longer has (410) reloads the page once, and the new page says why', async () => {
  const env = page('<button>Go</button>', { url: 'http://localhost/items/2/edit' });
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }]);
  const errors = [];
  const fetch = async () => ({
    ok: false, status: 410, statusText: 'Gone',
    text: async () => '{"error":"unknown or expired session; reload the page"}',
  });
  const session = start(env.container, { ...httpTransport({ session: 'S', fetch }), onError: (e) => errors.push(e) });
  fire(env.window, env.container.firstChild, 'click', {}, env.window.MouseEvent);
  await session.idle();
  assert.deepEqual(errors, [], 'a gone session is renewed, not reported');
  assert.equal(env.window.sessionStorage.getItem('navdom:renewed'), '1', 'the reload is marked for the next page');

  // The reloaded page (same URL, same storage) starts with the notice before its container.
  const container = env.document.createElement('div');
  env.document.body.appendChild(container);
  start(container, { send: async () => ({ patches: [] }) });
  const notice = container.previousSibling;
  assert.equal(notice.getAttribute('role'), 'status');
  assert.match(notice.textContent, /new session/);
  assert.equal(env.window.sessionStorage.getItem('navdom:renewed'), null);
});


test('a reply to an earlier keystroke does not write back over what was typed since', async () => {
  const gates = {};
  const opened = {};
  for (const value of ['K', 'Ka']) gates[value] = new Promise((resolve) => (opened[value] = resolve));
  const { window, container, transport, session } = livePage(
    '<input>', [{ op: 'listen', id: 1, event: 'input' }],
    async (event) => {
      if (gates[event.value]) await gates[event.value]; // replies arrive after more typing
      return { patches: [{ op: 'setProp', id: 1, name: 'value', value: event.value }] };
    });
  const input = container.firstChild;
  input.focus();
  for (const typed of ['K', 'Ka', 'Kat']) {
    input.value = typed;
    fire(window, input, 'input', {}, window.InputEvent);
  }
  opened.K(); // the reply to "K" comes while "Ka" and "Kat" are still to be answered
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  assert.equal(input.value, 'Kat', 'the reply to "K" did not overwrite "Kat"');
  opened.Ka();
  await session.idle();
  assert.equal(input.value, 'Kat');
  assert.deepEqual(transport.sent.map((event) => event.value), ['K', 'Ka', 'Kat']);
});

test('blur and a click on a checkbox carry the control state the user left, a modified click its modifiers', async () => {
  const { window, container, transport, session } = livePage('<input value="draft"><input type="checkbox"><select><option>a</option><option selected>b</option></select><button>x</button>', [
    { op: 'listen', id: 1, event: 'blur' }, { op: 'listen', id: 2, event: 'click' }, { op: 'listen', id: 3, event: 'focus' },
    { op: 'listen', id: 8, event: 'click' }]);
  const [text, box] = container.querySelectorAll('input');
  text.focus();
  text.value = 'buy milk';
  text.blur();
  box.click(); // the browser toggles it before the click is dispatched
  container.querySelector('select').dispatchEvent(new window.FocusEvent('focus'));
  fire(window, container.querySelector('button'), 'click', { shiftKey: true, altKey: true }, window.MouseEvent);
  await session.idle();
  assert.deepEqual(transport.sent, [
    { id: 1, event: 'blur', value: 'buy milk' },
    { id: 2, event: 'click', value: 'true', checked: true },
    { id: 3, event: 'focus', value: 'b' },
    { id: 8, event: 'click', modifiers: ['shift', 'alt'] },
  ]);
});
