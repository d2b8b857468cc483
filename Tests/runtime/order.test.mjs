import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { LOST_MESSAGE_MS } from '../../Sources/LiveSessions/Resources/runtime/order.js';
import { page, settle } from './helpers.mjs';

/**
 * A live page whose app answers one event late: `answer(reply)` delivers the reply to the
 * event in flight; `push(message)` delivers a pushed one at once.
 */
function orderedPage(html, listen, options = {}) {
  const env = page(html);
  applyPatches(env.container, listen);
  let answer = null;
  let push = null;
  const errors = [];
  const snapshots = [];
  const send = () => new Promise((resolve) => { answer = resolve; });
  const snapshot = async () => (snapshots.push(1), options.snapshot());
  const session = start(env.container, {
    send, snapshot, subscribe: (onReply) => { push = onReply; }, onError: (e) => errors.push(e), sequence: options.sequence,
  });
  return { ...env, session, errors, snapshots, answer: (reply) => answer(reply), push: (message) => push(message) };
}

const count = (container) => container.querySelector('p').textContent;

test('a push that overtakes the reply to the event in flight is applied after that reply, with no resync', async () => {
  const { window, container, session, errors, snapshots, answer, push } = orderedPage(
    '<button>Add</button><p>0</p>', [{ op: 'listen', id: 1, event: 'click' }], { snapshot: () => assert.fail('no resync') });
  session.dispatch({ id: 1, event: 'click' });
  // The server made the reply (1: the text becomes "1") before the push (2: "1" becomes "2").
  push({ seq: 2, patches: [{ op: 'text', id: 4, text: '2' }] });
  await settle(window);
  assert.equal(count(container), '0', 'the push waits for the reply it came after');
  answer({ seq: 1, patches: [{ op: 'text', id: 4, text: '1' }] });
  await session.idle();
  assert.equal(count(container), '2');
  push({ seq: 2, patches: [{ op: 'text', id: 4, text: 'again' }] }); // a copy: applied once only
  assert.equal(count(container), '2');
  assert.deepEqual(errors, []);
  assert.deepEqual(snapshots, []);
});

test('a page that shows message 5 already (data-navdom-seq) applies 6 next and drops older ones', async () => {
  const { container, errors, push } = orderedPage(
    '<button>Add</button><p>0</p>', [{ op: 'listen', id: 1, event: 'click' }], { sequence: '5', snapshot: () => assert.fail('no resync') });
  push({ seq: 5, patches: [{ op: 'text', id: 4, text: 'old' }] });
  assert.equal(count(container), '0');
  push({ seq: 6, patches: [{ op: 'text', id: 4, text: 'new' }] });
  assert.equal(count(container), 'new');
  assert.deepEqual(errors, []);
});

test('a message that never arrives rebuilds the page from a snapshot, after which the waiting ones apply', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const html = '<button>Add</button><p>snapshot</p>';
  const { container, errors, snapshots, push, session } = orderedPage(
    '<button>Add</button><p>0</p>', [{ op: 'listen', id: 1, event: 'click' }],
    { snapshot: () => ({ seq: 2, html, patches: [{ op: 'listen', id: 1, event: 'click' }] }) });
  push({ seq: 3, patches: [{ op: 'text', id: 4, text: 'three' }] }); // 1 and 2 were lost
  assert.equal(count(container), '0');
  t.mock.timers.tick(LOST_MESSAGE_MS);
  await session.idle();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(snapshots.length, 1);
  assert.equal(count(container), 'three', 'the snapshot (up to 2), then 3');
  assert.deepEqual(errors, []);
});
