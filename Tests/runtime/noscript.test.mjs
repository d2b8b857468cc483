// Pages for visitors without script (docs/NO-SCRIPT.md): with script, the runtime keeps
// their form posts from happening and sends the events instead.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page } from './helpers.mjs';

test('a listening button of the page form for visitors without script does not post it', async () => {
  const { window, container } = page(
    '<button type="submit" form="navdom-noscript" name="navdom-click" value="1">Add</button>');
  const form = window.document.createElement('form');
  form.id = 'navdom-noscript';
  form.method = 'post';
  window.document.body.prepend(form);
  let submitted = 0;
  form.addEventListener('submit', () => submitted++);
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  const sent = [];
  const session = start(container, { send: async (event) => (sent.push(event), { patches: [] }) });
  const clicked = container.querySelector('button').dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await session.idle();
  assert.equal(clicked, false, 'the default (posting the form) is prevented');
  assert.equal(submitted, 0);
  assert.deepEqual(sent, [{ id: 1, event: 'click' }]);
});
