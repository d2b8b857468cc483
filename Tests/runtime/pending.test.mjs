// data-navdom-pending (docs/RUNTIME.md): the element whose event is queued or in flight is
// marked until its reply is applied; and the latency simulator delays sending.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { disableLatencySim, enableLatencySim } from '../../Sources/LiveSessions/Resources/runtime/pending.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page } from './helpers.mjs';

/** A transport whose replies wait until the test releases them. */
function heldTransport() {
  const held = [];
  return {
    held,
    send: (event) => new Promise((resolve) => held.push({ event, release: (reply) => resolve(reply || { patches: [] }) })),
  };
}

async function until(condition) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  assert.ok(condition());
}

test('a clicked button carries data-navdom-pending until its reply is applied', async () => {
  const { window, container } = page('<button>Save</button><p>0</p>');
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  const transport = heldTransport();
  const session = start(container, { send: transport.send });
  const button = container.querySelector('button');
  button.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  assert.equal(button.getAttribute('data-navdom-pending'), 'click');
  await until(() => transport.held.length === 1);
  assert.equal(button.getAttribute('data-navdom-pending'), 'click', 'still pending while the reply is on its way');
  transport.held[0].release({ patches: [{ op: 'text', id: 4, text: '1' }] });
  await session.idle();
  assert.equal(button.hasAttribute('data-navdom-pending'), false);
  assert.equal(container.querySelector('p').textContent, '1');
});

test('two events in a row keep the element pending until the second reply', async () => {
  const { window, container } = page('<button>Add</button>');
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  const transport = heldTransport();
  const session = start(container, { send: transport.send });
  const button = container.querySelector('button');
  const click = () => button.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  click();
  click();
  await until(() => transport.held.length === 1);
  transport.held[0].release();
  await until(() => transport.held.length === 2);
  assert.equal(button.getAttribute('data-navdom-pending'), 'click', 'the second click is still in flight');
  transport.held[1].release();
  await session.idle();
  assert.equal(button.hasAttribute('data-navdom-pending'), false);
});

test('a refused event clears the mark too', async () => {
  const { window, container } = page('<button>x</button>');
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  const errors = [];
  const session = start(container, { send: async () => { throw new Error('409'); }, onError: (e) => errors.push(e) });
  const button = container.querySelector('button');
  button.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await session.idle();
  assert.equal(errors.length, 1);
  assert.equal(button.hasAttribute('data-navdom-pending'), false);
});

test('enableLatencySim delays each event by its milliseconds, disableLatencySim stops it', async () => {
  const { window, container } = page('<button>x</button>');
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  const sentAt = [];
  const session = start(container, { send: async () => (sentAt.push(Date.now()), { patches: [] }) });
  const button = container.querySelector('button');
  enableLatencySim(200, window);
  assert.equal(window.sessionStorage.getItem('navdom:latency'), '200');
  const clickedAt = Date.now();
  button.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(sentAt.length, 0, 'not sent before the simulated delay');
  assert.equal(button.getAttribute('data-navdom-pending'), 'click');
  await session.idle();
  assert.ok(sentAt[0] - clickedAt >= 190, `sent after ${sentAt[0] - clickedAt} ms`);
  disableLatencySim(window);
  assert.equal(window.sessionStorage.getItem('navdom:latency'), null);
});
