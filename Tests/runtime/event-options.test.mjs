// Event options applied in the page (docs/EVENTS.md): key filters, debounce, throttle, and
// the order of held events against the others.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page } from './helpers.mjs';

function livePage(html, listen) {
  const env = page(html);
  applyPatches(env.container, listen);
  const sent = [];
  const errors = [];
  const session = start(env.container, { send: async (event) => (sent.push(event), { patches: [] }), onError: (e) => errors.push(e) });
  return { ...env, sent, session, errors };
}

function key(window, target, type, init) {
  target.dispatchEvent(new window.KeyboardEvent(type, { bubbles: true, cancelable: true, ...init }));
}

function typeInto(window, input, text) {
  input.value = text;
  input.dispatchEvent(new window.Event('input', { bubbles: true }));
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('a key filter sends only the keys it names, with their modifiers held exactly', async () => {
  const { window, container, sent, session } = livePage('<input>', [
    { op: 'listen', id: 1, event: 'keydown', keys: [{ key: 'Enter' }, { key: 's', modifiers: ['ctrl'] }] }]);
  const input = container.firstChild;
  for (const letter of 'buy milk') key(window, input, 'keydown', { key: letter });
  key(window, input, 'keydown', { key: 'Enter', shiftKey: true }); // Shift+Enter is not Enter
  key(window, input, 'keydown', { key: 's' });
  key(window, input, 'keydown', { key: 's', ctrlKey: true, shiftKey: true }); // one-character key: Shift ignored
  key(window, input, 'keydown', { key: 'Enter' });
  await session.idle();
  assert.deepEqual(sent.map((event) => [event.key, event.modifiers]), [['s', ['shift', 'ctrl']], ['Enter', undefined]]);
});

test('a listen patch without keys drops the filter it replaces', async () => {
  const { window, container, sent, session } = livePage('<input>', [{ op: 'listen', id: 1, event: 'keyup', keys: [{ key: 'Escape' }] }]);
  key(window, container.firstChild, 'keyup', { key: 'a' });
  applyPatches(container, [{ op: 'listen', id: 1, event: 'keyup' }]);
  key(window, container.firstChild, 'keyup', { key: 'b' });
  await session.idle();
  assert.deepEqual(sent.map((event) => event.key), ['b']);
});

test('debounce sends the latest input once typing pauses', async () => {
  const { window, container, sent, session } = livePage('<input>', [{ op: 'listen', id: 1, event: 'input', debounce: 40 }]);
  const input = container.firstChild;
  for (const text of ['b', 'bu', 'buy']) {
    typeInto(window, input, text);
    await wait(5);
  }
  assert.deepEqual(sent, [], 'nothing while typing');
  await session.idle();
  assert.deepEqual(sent, [{ id: 1, event: 'input', value: 'buy' }]);
});

test('a held input goes before the next event, so the app never sees them out of order', async () => {
  const { window, container, sent, session } = livePage('<input><button>Add</button>', [
    { op: 'listen', id: 1, event: 'input', debounce: 10000 }, { op: 'listen', id: 2, event: 'click' }]);
  typeInto(window, container.firstChild, 'milk');
  container.lastChild.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
  await session.idle();
  assert.deepEqual(sent.map((event) => event.event), ['input', 'click']);
  assert.equal(sent[0].value, 'milk');
});

test('throttle sends the first at once, then the latest of each interval at its end', async () => {
  const { window, container, sent, session } = livePage('<input>', [{ op: 'listen', id: 1, event: 'input', throttle: 60 }]);
  const input = container.firstChild;
  typeInto(window, input, 'a');
  typeInto(window, input, 'ab');
  typeInto(window, input, 'abc');
  await wait(5);
  assert.deepEqual(sent.map((event) => event.value), ['a']);
  await session.idle();
  assert.deepEqual(sent.map((event) => event.value), ['a', 'abc']);
});

test('malformed options are refused with the patch named', () => {
  const { container } = page('<input>');
  assert.throws(() => applyPatches(container, [{ op: 'listen', id: 1, event: 'input', debounce: -5 }]), /patch 0.*debounce must be a whole number/);
  assert.throws(() => applyPatches(container, [{ op: 'listen', id: 1, event: 'keydown', keys: ['Enter'] }]), /keys must be an array of \{key/);
});

test('a wire node listens with the options of its `on` entries', async () => {
  const { window, container, sent, session } = livePage('<div></div>', [
    { op: 'insert', parent: 1, before: null, node: { id: 2, tag: 'input', on: ['input', { event: 'keydown', keys: [{ key: 'Escape' }] }] } }]);
  const input = container.querySelector('input');
  key(window, input, 'keydown', { key: 'x' });
  key(window, input, 'keydown', { key: 'Escape' });
  await session.idle();
  assert.deepEqual(sent, [{ id: 2, event: 'keydown', value: '', key: 'Escape' }]);
});

test('a queued event reads its field when its turn comes: Enter twice before the reply empties the field adds once', async () => {
  const env = page('<input>');
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'keydown', keys: [{ key: 'Enter' }] }]);
  const sent = [];
  // The app empties the field in its reply, as TodoMVC does after adding a todo.
  const session = start(env.container, {
    send: async (event) => (sent.push(event), { patches: event.value ? [{ op: 'setProp', id: 1, name: 'value', value: '' }] : [] }),
  });
  const input = env.container.firstChild;
  input.value = 'buy some cheese';
  key(env.window, input, 'keydown', { key: 'Enter' });
  key(env.window, input, 'keydown', { key: 'Enter' }); // before the first reply
  await session.idle();
  assert.deepEqual(sent.map((event) => event.value), ['buy some cheese', '']);
  assert.equal(input.value, '');
});
