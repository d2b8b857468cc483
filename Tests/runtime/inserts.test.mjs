// The `inserts` op (PROTOCOL.md): a run of inserts of one shape, written short, applied as the
// `insert` patches it stands for.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { nodeById } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { listensTo } from '../../Sources/LiveSessions/Resources/runtime/attributes.js';
import { page, protocolExamples } from './helpers.mjs';

const row = (id, key, text) => ({
  id, tag: 'tr', key, children: [
    { id: id + 1, tag: 'td', attrs: [['class', 'label']], children: [{ id: id + 2, text }] },
    { id: id + 3, tag: 'td', children: [{ id: id + 4, tag: 'a', on: ['click'], children: [{ id: id + 5, comment: `c${key}` }] }] },
  ],
});
const run = {
  op: 'inserts', parent: 1, before: null, node: row(10, 'a', 'Apple'),
  more: [['b', 'Banana', 'cb'], ['c', 'Cherry', 'cc']],
};
const expanded = [
  { op: 'insert', parent: 1, before: null, node: row(10, 'a', 'Apple') },
  { op: 'insert', parent: 1, before: null, node: row(16, 'b', 'Banana') },
  { op: 'insert', parent: 1, before: null, node: row(22, 'c', 'Cherry') },
];

test('inserts (PROTOCOL.md example) adds the keyed items b and c after a', () => {
  const { container } = page('<ul><li>a</li></ul>');
  applyPatches(container, protocolExamples().inserts);
  assert.equal(container.innerHTML, '<ul><li>a</li><li>b</li><li>c</li></ul>');
  assert.equal(nodeById(6, container), container.querySelector('li:last-child'));
  assert.equal(nodeById(7, container).data, 'c');
});

test('inserts builds the DOM, ids and listeners of the insert patches it stands for', () => {
  const short = page('<ul><li>x</li></ul>');
  const long = page('<ul><li>x</li></ul>');
  applyPatches(short.container, [run]);
  applyPatches(long.container, expanded);
  assert.equal(short.container.innerHTML, long.container.innerHTML);
  assert.match(short.container.innerHTML, /Banana.*<!--cb-->.*Cherry.*<!--cc-->/);
  for (let id = 10; id < 28; id++) {
    const a = nodeById(id, short.container), b = nodeById(id, long.container);
    assert.ok(a && b, `id ${id} is taken in both`);
    assert.equal(a.nodeName, b.nodeName, `id ${id}`);
    assert.equal(hasListener(a), hasListener(b), `id ${id} listens as its insert does`);
  }
  assert.equal(nodeById(24, short.container).data, 'Cherry');
  assert.equal(nodeById(27, short.container).data, 'cc');
});

test('a malformed more entry is refused with the patch index, after the rows before it', () => {
  for (const [bad, message] of [
    [['b', 'Banana'], /more\[0\] must be an array of 3 strings/],
    [['b', 'Banana', 7], /more\[0\] must be an array of 3 strings/],
    ['b', /more\[0\] must be an array of 3 strings/],
  ]) {
    const { container } = page('<ul></ul><p>y</p>');
    assert.throws(() => applyPatches(container, [{ op: 'text', id: 3, text: 'z' }, { ...run, more: [bad] }]), (error) =>
      error.patchIndex === 1 && message.test(error.message));
    assert.equal(container.querySelectorAll('tr').length, 1, 'the first node went in, as its insert would have');
  }
  const { container } = page('<ul></ul>');
  assert.throws(() => applyPatches(container, [{ ...run, more: 'b' }]), /more must be an array/);
  assert.equal(container.querySelectorAll('tr').length, 0);
});

test('a run refused partway keeps the rows before the refused one, with their ids', () => {
  const { container } = page('<ul></ul>');
  assert.throws(() => applyPatches(container, [{ ...run, more: [['b', 'Banana', 'cb'], ['c']] }]),
    (error) => error.patchIndex === 0 && /more\[1\] must be an array of 3 strings/.test(error.message));
  assert.equal(container.querySelectorAll('tr').length, 2);
  assert.equal(nodeById(16, container), container.querySelectorAll('tr')[1]);
  assert.equal(nodeById(18, container).data, 'Banana');
  assert.equal(nodeById(22, container), undefined);
});

test('a run whose ids come back to ones in use is refused at the first row that takes one', () => {
  // The first node's ids 5 and 9, two nodes: the next rows take 7 and 11, then 9 (in use) and 13.
  const { container } = page('<ul></ul>');
  const forged = { op: 'inserts', parent: 1, before: null, node: { id: 5, tag: 'li', children: [{ id: 9, text: 'a' }] },
    more: [['b'], ['c'], ['d']] };
  assert.throws(() => applyPatches(container, [forged]), /node id 9 is already in use/);
  assert.deepEqual([...container.querySelectorAll('li')].map((li) => li.textContent), ['a', 'b']);
  assert.equal(nodeById(7, container).textContent, 'b');
  assert.equal(nodeById(9, container).data, 'a');
  assert.equal(nodeById(13, container), undefined);
});

test('a node with properties cannot start a run, and ids in use are refused', () => {
  const { container } = page('<ul><li>x</li></ul>');
  const withProps = { op: 'inserts', parent: 1, before: null, node: { id: 5, tag: 'input', props: [['value', 'x']] }, more: [[]] };
  assert.throws(() => applyPatches(container, [withProps]), /node 5 of an inserts entry has properties/);
  const clash = { op: 'inserts', parent: 1, before: null, node: { id: 2, tag: 'li' }, more: [[]] };
  assert.throws(() => applyPatches(container, [clash]), /node id 2 is already in use/);
});

/** Whether the runtime sends clicks on `node`. */
function hasListener(node) {
  return listensTo(node, 'click');
}
