// The runtime keeps no state of its own between containers: what it remembers belongs to one
// container (its Root) or one started session, never to a module. Checked two ways: two
// containers started on one page do not share a close request in progress, and no module of
// the runtime declares a mutable binding or collection at its top level.

import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { hydrate } from '../../Sources/LiveSessions/Resources/runtime/hydration.js';
import { nodeId } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page, runtimeFolder, settle } from './helpers.mjs';

/** A second container on `env`'s page, holding `html`, hydrated. */
function secondContainer(env, html) {
  const container = env.document.createElement('div');
  env.document.body.appendChild(container);
  container.innerHTML = html;
  hydrate(container);
  return container;
}

/** Starts `container` with its dialog listening to `cancel`; returns the events its app gets. */
function startWithDialog(container) {
  const dialog = container.querySelector('dialog');
  applyPatches(container, [{ op: 'listen', id: nodeId(dialog), event: 'cancel' }]);
  const sent = [];
  const session = start(container, { send: async (event) => (sent.push(event), { patches: [] }) });
  return { dialog, sent, session };
}

test('two started containers do not share a close request: each app hears its own dialog\'s cancel', async () => {
  const env = page('<dialog open><p>A</p></dialog>');
  const other = secondContainer(env, '<dialog open><p>B</p></dialog>');
  const first = startWithDialog(env.container);
  const second = startWithDialog(other);
  // One task: an uncancelable cancel at each container's dialog (Chromium's Escape before any
  // user activation). Each is the top dialog of its own container, so each app is told.
  second.dialog.dispatchEvent(new env.window.Event('cancel', { cancelable: false }));
  first.dialog.dispatchEvent(new env.window.Event('cancel', { cancelable: false }));
  await settle(env.window);
  await Promise.all([first.session.idle(), second.session.idle()]);
  assert.deepEqual(second.sent, [{ id: nodeId(second.dialog), event: 'cancel' }]);
  assert.deepEqual(first.sent, [{ id: nodeId(first.dialog), event: 'cancel' }]);
});

test('two containers keep their own ids and listeners', () => {
  const env = page('<button>A</button>');
  const other = secondContainer(env, '<button>B</button>');
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }, { op: 'text', id: 2, text: 'A1' }]);
  applyPatches(other, [{ op: 'text', id: 2, text: 'B1' }]);
  assert.equal(env.container.textContent, 'A1');
  assert.equal(other.textContent, 'B1');
  const clicks = [];
  start(other, { send: async (event) => (clicks.push(event), null) });
  other.firstChild.dispatchEvent(new env.window.MouseEvent('click', { bubbles: true }));
  assert.deepEqual(clicks, [], 'the listener of button 1 in the first container is not the second one\'s');
});

/** The top-level statements of a module's source, each as its first line. */
function topLevelLines(source) {
  return source.split('\n').filter((line) => /^\S/.test(line) && !/^(\/\/|\/\*|\*|\s*\*)/.test(line));
}

test('no module of the runtime keeps mutable state at its top level', () => {
  const folder = path.join(runtimeFolder, 'runtime');
  const files = fs.readdirSync(folder).filter((name) => name.endsWith('.js'));
  assert.ok(files.length > 10, 'the runtime is split into modules');
  const offenders = [];
  for (const file of files) {
    for (const line of topLevelLines(fs.readFileSync(path.join(folder, file), 'utf8'))) {
      const binding = /^(?:export\s+)?(let|var)\s/.test(line);
      // A top-level const may hold a value that never changes: a primitive, a Symbol, a frozen
      // object or array, or a function. A Map, a Set or a plain object or array literal is state.
      const collection = /^(?:export\s+)?const\s+\w+\s*=\s*(new\s+(Weak)?(Map|Set)\b|\[|\{)/.test(line);
      if (binding || collection) offenders.push(`${file}: ${line.trim()}`);
    }
  }
  assert.deepEqual(offenders, []);
});
