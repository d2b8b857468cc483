// Focus as state (focus.js): the `focused` property moves focus, the app's own focus changes
// are not echoed back, and a reply never takes focus from where the user is moving it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page } from './helpers.mjs';

const focusListeners = [1, 2].flatMap((id) => [{ op: 'listen', id, event: 'focus' }, { op: 'listen', id, event: 'blur' }]);

function livePage(answer = () => ({ patches: [] })) {
  const env = page('<input name="a"><input name="b">');
  applyPatches(env.container, focusListeners);
  const sent = [];
  const session = start(env.container, { send: async (event) => (sent.push(event), answer(event)), onError: (e) => { throw e; } });
  const [a, b] = env.container.querySelectorAll('input');
  return { ...env, sent, session, a, b };
}

test('setProp focused focuses an element already in the page, removeProp takes focus away, neither echoes', async () => {
  const { document, container, sent, session, a } = livePage();
  applyPatches(container, [{ op: 'setProp', id: 1, name: 'focused', value: true }]);
  assert.equal(document.activeElement, a);
  applyPatches(container, [{ op: 'removeProp', id: 1, name: 'focused' }]);
  assert.equal(document.activeElement, document.body);
  await session.idle();
  assert.deepEqual(sent, [], 'the app asked for both: nothing goes back');
});

test('the user focusing a field is sent with the field value', async () => {
  const { sent, session, a, b } = livePage();
  a.focus();
  b.focus();
  await session.idle();
  assert.deepEqual(sent.map((event) => `${event.event} ${event.id}`), ['focus 1', 'blur 1', 'focus 2']);
});

test('an inserted element with focused gets focus once it is in the page', async () => {
  const { document, container } = livePage();
  applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: { id: 3, tag: 'input', props: [['focused', true]] } }]);
  await Promise.resolve();
  assert.equal(document.activeElement, container.lastChild);
});

test('a reply that arrives while a focus change of the user is queued leaves focus where the user put it', async () => {
  let release;
  const first = new Promise((resolve) => (release = resolve));
  // The first reply (to focusing a) says "focus a"; meanwhile the user moved on to b.
  const { document, session, a, b } = livePage((event) => (event.id === 1 && event.event === 'focus'
    ? first.then(() => ({ patches: [{ op: 'setProp', id: 1, name: 'focused', value: true }] }))
    : { patches: [] }));
  a.focus();
  b.focus();
  release();
  await session.idle();
  assert.equal(document.activeElement, b);
});
