// The rows of an `inserts` run after its first get their ids and listeners when something names
// them (a patch, an event, nodeId): until then a row is its DOM and nothing else, and yet every
// id of the run behaves as given.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { ID, nodeById, nodeId } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { hydrate } from '../../Sources/LiveSessions/Resources/runtime/hydration.js';
import { page } from './helpers.mjs';

// Six ids a row: the row, a cell and its text, a cell, its link (listening) and a comment.
const row = (id, key, text) => ({
  id, tag: 'tr', key, children: [
    { id: id + 1, tag: 'td', children: [{ id: id + 2, text }] },
    { id: id + 3, tag: 'td', children: [{ id: id + 4, tag: 'a', on: ['click'], children: [{ id: id + 5, comment: `c${key}` }] }] },
  ],
});
// Rows at ids 10 (Apple), 16 (Banana) and 22 (Cherry), in the page's <tbody> (id 1).
const run = { op: 'inserts', parent: 1, before: null, node: row(10, 'a', 'Apple'), more: [['b', 'Banana', 'cb'], ['c', 'Cherry', 'cc']] };

function table() {
  const env = page('<table><tbody></tbody></table>');
  env.tbody = env.container.querySelector('tbody');
  assert.equal(nodeById(2, env.container), env.tbody);
  applyPatches(env.container, [{ ...run, parent: 2 }]);
  env.rows = [...env.container.querySelectorAll('tr')];
  return env;
}

test('a later row is its DOM alone until one of its ids is asked for, then the whole row has ids', () => {
  const { container, rows } = table();
  assert.deepEqual(rows.map((tr) => tr.textContent), ['Apple', 'Banana', 'Cherry']);
  assert.equal(rows[0][ID], 10, 'the first node is built as an insert is');
  assert.equal(rows[2][ID], undefined);
  assert.equal(nodeById(24, container).data, 'Cherry');
  assert.deepEqual([rows[2], rows[2].firstChild, rows[2].lastChild.firstChild].map((node) => node[ID]), [22, 23, 26]);
  assert.equal(rows[1][ID], undefined, 'the other rows wait');
});

test('patches name a waiting row\'s nodes by their ids', () => {
  const { container, rows } = table();
  applyPatches(container, [{ op: 'text', id: 18, text: 'Blueberry' }, { op: 'setAttr', id: 16, name: 'class', value: 'danger' }]);
  assert.equal(rows[1].outerHTML, '<tr class="danger"><td>Blueberry</td><td><a><!--cb--></a></td></tr>');
});

test('a click on a waiting row\'s link goes to the app with the link\'s id', async () => {
  const { window, container, rows } = table();
  const sent = [];
  const session = start(container, { send: async (event) => (sent.push(event), { patches: [] }), onError: (error) => { throw error; } });
  rows[2].querySelector('a').dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await session.idle();
  assert.deepEqual(sent.map(({ id, event }) => ({ id, event })), [{ id: 26, event: 'click' }]);
});

test('nodeId gives a waiting row\'s node its id', () => {
  const { rows } = table();
  assert.equal(nodeId(rows[1].lastChild.firstChild), 20);
  assert.equal(nodeId(rows[1].lastChild.firstChild.firstChild), 21);
});

test('the ids of rows cleared or removed before they were named are stale', () => {
  const cleared = table();
  applyPatches(cleared.container, [{ op: 'clear', id: 2 }]);
  assert.equal(nodeById(24, cleared.container), undefined);
  assert.throws(() => applyPatches(cleared.container, [{ op: 'text', id: 24, text: 'x' }]), /no node with id 24/);

  const removed = table();
  applyPatches(removed.container, [{ op: 'remove', id: 2 }]); // the body: a walk over its rows
  assert.equal(nodeById(18, removed.container), undefined);
  assert.equal(nodeById(24, removed.container), undefined);

  const one = table();
  applyPatches(one.container, [{ op: 'remove', id: 16 }]);
  assert.equal(nodeById(18, one.container), undefined);
  assert.equal(nodeById(24, one.container).data, 'Cherry', 'the next row still answers');
});

test('a new node cannot take the id of a waiting row', () => {
  const { container } = table();
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 2, before: null, node: { id: 24, tag: 'tr' } }]),
    /node id 24 is already in use/);
  applyPatches(container, [{ op: 'insert', parent: 2, before: null, node: { id: 28, tag: 'tr' } }]);
  assert.equal(nodeById(28, container).localName, 'tr');
});

test('a node the page added to a waiting row is passed over when the row gets its ids', () => {
  const { window, container, rows } = table();
  const icon = window.document.createElement('img');
  rows[2].firstChild.insertBefore(icon, rows[2].firstChild.firstChild); // an extension's, before the text
  rows[2].insertBefore(window.document.createElement('span'), rows[2].lastChild); // and a badge between the cells
  assert.equal(nodeById(24, container).data, 'Cherry');
  assert.equal(nodeById(26, container), rows[2].querySelector('a'));
  assert.equal(icon[ID], undefined);
});

test('hydrating again forgets the waiting rows: their nodes are numbered afresh', () => {
  const { container, rows } = table();
  hydrate(container);
  const fresh = nodeId(rows[2]);
  assert.equal(nodeById(fresh, container), rows[2]);
  assert.equal(nodeById(fresh + 1, container), rows[2].firstChild, 'in document order, as hydration numbers');
});

test('a text or attribute patch names its node alone, and the row goes on waiting', async () => {
  const { window, container, rows } = table();
  applyPatches(container, [{ op: 'text', id: 24, text: 'Cherry !!!' }, { op: 'setAttr', id: 22, name: 'class', value: 'danger' }]);
  assert.equal(rows[2].outerHTML, '<tr class="danger"><td>Cherry !!!</td><td><a><!--cc--></a></td></tr>');
  assert.equal(rows[2].firstChild[ID], undefined, 'the cell between them waits');
  const sent = [];
  const session = start(container, { send: async (event) => (sent.push(event), { patches: [] }), onError: (error) => { throw error; } });
  rows[2].querySelector('a').dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await session.idle();
  assert.deepEqual(sent.map(({ id }) => id), [26]);
  applyPatches(container, [{ op: 'remove', id: 22 }]);
  assert.equal(nodeById(24, container), undefined);
  assert.equal(nodeById(18, container).data, 'Banana');
});

test('a row named in place and then removed leaves no id behind', () => {
  const { container } = table();
  applyPatches(container, [{ op: 'setAttr', id: 22, name: 'class', value: 'danger' }, { op: 'text', id: 18, text: 'Kiwi' }]);
  applyPatches(container, [{ op: 'remove', id: 22 }, { op: 'remove', id: 16 }]);
  for (const id of [16, 17, 18, 22, 24, 26]) assert.equal(nodeById(id, container), undefined, `id ${id}`);
  assert.equal(container.querySelectorAll('tr').length, 1);
});
