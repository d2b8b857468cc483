// Building inserted subtrees (runtime/subtrees.js) through applyPatches: attributes, comments,
// keys and listeners, runs of same-shaped rows cloned from a template, namespaces, and
// properties set after children. The other ops are in patches.test.mjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { nodeById } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page } from './helpers.mjs';

// --- Building nodes ------------------------------------------------------------------------

test('insert builds attrs in order, comments, keys and listeners, at a given position', () => {
  const { container } = page('<ul><li>a</li></ul>');
  applyPatches(container, [{
    op: 'insert', parent: 1, before: 2,
    node: { id: 4, tag: 'li', key: 'k0', attrs: [['data-z', '1'], ['class', 'item'], ['id', 'first']], on: ['click'],
      children: [{ id: 5, comment: 'c' }, { id: 6, text: 'z' }] },
  }]);
  assert.equal(container.innerHTML, '<ul><li data-z="1" class="item" id="first"><!--c-->z</li><li>a</li></ul>');
  assert.equal(nodeById(5, container).nodeType, 8);
});

// Runs of same-shaped subtrees are cloned from a template after the second (runtime.js,
// "Building subtrees"); the result must be what building each one gives.
const row = (id, label, extra = {}) => ({
  id, tag: 'tr', key: `k${id}`, on: ['click'], children: [
    { id: id + 1, tag: 'td', attrs: [['class', 'a']], children: [{ id: id + 2, text: label }] },
    { id: id + 3, tag: 'td', children: [{ id: id + 4, comment: `c${id}` }, { id: id + 5, tag: 'svg', ns: 'svg', attrs: [['xlink:href', '#x']] }] },
    { id: id + 6, tag: 'td', children: [{ id: id + 7, text: '' }] },
  ], ...extra,
});
const insertRows = (rows) => rows.map((node) => ({ op: 'insert', parent: 0, before: null, node }));
const expectedRow = (id, label, cls = 'a') => `<tr><td class="${cls}">${label}</td><td><!--c${id}--><svg xlink:href="#x"></svg></td><td></td></tr>`;

test('runs of same-shaped rows: text, comments, ids, namespaces and listeners as if each were built', async () => {
  const { container, window } = page('', { tag: 'tbody' });
  const labels = ['one', 'two', 'three', 'four', '', 'six'];
  applyPatches(container, insertRows(labels.map((label, n) => row(10 + 10 * n, label))));
  assert.equal(container.innerHTML, labels.map((label, n) => expectedRow(10 + 10 * n, label)).join(''));
  const sent = [];
  const session = start(container, { send: (event) => (sent.push(event), null) });
  labels.forEach((label, n) => {
    const id = 10 + 10 * n;
    const tr = nodeById(id, container);
    assert.equal(tr, container.querySelectorAll('tr')[n]);
    assert.equal(nodeById(id + 2, container), tr.firstChild.firstChild);
    assert.equal(nodeById(id + 2, container).data, label);
    assert.equal(nodeById(id + 4, container).nodeType, 8);
    assert.equal(nodeById(id + 5, container).namespaceURI, 'http://www.w3.org/2000/svg');
    assert.equal(nodeById(id + 5, container).getAttributeNS('http://www.w3.org/1999/xlink', 'href'), '#x');
    assert.equal(nodeById(id + 7, container).data, '', 'an empty text node stays a node');
    nodeById(id + 1, container).dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
  });
  await session.idle();
  assert.deepEqual(sent.map((event) => event.id), [10, 20, 30, 40, 50, 60]);
});

test('a row of another shape in a run is built as given, and the run goes on', () => {
  const { container } = page('', { tag: 'tbody' });
  const other = row(40, 'x');
  other.children[0].attrs = [['class', 'b']];
  applyPatches(container, insertRows([row(10, 'p'), row(20, 'q'), row(30, 'r'), other, row(50, 's'), row(60, 't'), row(70, 'u')]));
  assert.equal(container.innerHTML,
    [expectedRow(10, 'p'), expectedRow(20, 'q'), expectedRow(30, 'r'), expectedRow(40, 'x', 'b'), expectedRow(50, 's'), expectedRow(60, 't'), expectedRow(70, 'u')].join(''));
});

test('rows with properties are built, not cloned: each gets its own value', () => {
  const { container } = page('<form></form>');
  const field = (id, value) => ({ op: 'insert', parent: 1, before: null, node: { id, tag: 'input', props: [['value', value]] } });
  applyPatches(container, [field(2, 'a'), field(3, 'b'), field(4, 'c'), field(5, 'd')]);
  assert.deepEqual(Array.from(container.querySelectorAll('input'), (input) => input.value), ['a', 'b', 'c', 'd']);
  assert.equal(container.innerHTML, '<form><input><input><input><input></form>');
});

test('a cloned row with an id in use fails alone: no DOM, no ids; the rows before it stay', () => {
  const { container } = page('', { tag: 'tbody' });
  const bad = row(40, 'bad');
  bad.children[2].children[0].id = 12; // in use by the first row
  assert.throws(() => applyPatches(container, insertRows([row(10, 'a'), row(20, 'b'), row(30, 'c'), bad])), /patch 3 .*node id 12 is already in use/);
  assert.equal(container.querySelectorAll('tr').length, 3);
  for (let id = 40; id <= 47; id++) assert.equal(nodeById(id, container), undefined);
  assert.equal(nodeById(37, container).data, '');
});

test('patch objects changed between calls are read afresh', () => {
  const { container } = page('', { tag: 'tbody' });
  const first = row(10, 'a');
  applyPatches(container, insertRows([first, row(20, 'b'), row(30, 'c')]));
  first.children[0].attrs[0][1] = 'changed';
  applyPatches(container, insertRows([{ ...first, id: 40, children: first.children.map((child, n) => ({ ...child, id: 41 + n * 3, children: [] })) }]));
  assert.equal(container.querySelector('tr:last-child').outerHTML, '<tr><td class="changed"></td><td></td><td></td></tr>');
});

test('dialogs rendered open in cloned rows are opened modally once inserted', () => {
  const { container } = page('<main></main>');
  const box = (id) => ({ op: 'insert', parent: 1, before: null, node: { id, tag: 'section', children: [{ id: id + 1, tag: 'dialog', attrs: [['open', '']] }] } });
  applyPatches(container, [box(10), box(20), box(30), box(40)]);
  assert.deepEqual([11, 21, 31, 41].map((id) => nodeById(id, container).showModalCalls), [1, 1, 1, 1]);
});

test('SVG and MathML are created in their namespaces; foreignObject children are HTML', () => {
  const { container, document } = page('<p></p>');
  applyPatches(container, [{
    op: 'insert', parent: 0, before: null,
    node: { id: 2, tag: 'svg', ns: 'svg', attrs: [['viewBox', '0 0 10 10'], ['xmlns:xlink', 'http://www.w3.org/1999/xlink']], children: [
      { id: 3, tag: 'circle', ns: 'svg', attrs: [['r', '5']] },
      { id: 4, tag: 'use', ns: 'svg', attrs: [['xlink:href', '#dot']] },
      { id: 5, tag: 'foreignObject', ns: 'svg', children: [{ id: 6, tag: 'div', children: [{ id: 7, text: 'html' }] }] },
    ] },
  }, {
    op: 'insert', parent: 0, before: null,
    node: { id: 8, tag: 'math', ns: 'math', children: [{ id: 9, tag: 'mi', ns: 'math', children: [{ id: 10, text: 'x' }] }] },
  }]);
  const svgNS = 'http://www.w3.org/2000/svg';
  assert.equal(nodeById(2, container).namespaceURI, svgNS);
  assert.equal(nodeById(3, container).namespaceURI, svgNS);
  assert.equal(nodeById(4, container).namespaceURI, svgNS);
  assert.equal(nodeById(5, container).localName, 'foreignObject', 'case kept');
  assert.equal(nodeById(6, container).namespaceURI, 'http://www.w3.org/1999/xhtml');
  assert.equal(nodeById(8, container).namespaceURI, 'http://www.w3.org/1998/Math/MathML');
  assert.equal(nodeById(9, container).namespaceURI, 'http://www.w3.org/1998/Math/MathML');
  assert.equal(nodeById(4, container).getAttributeNS('http://www.w3.org/1999/xlink', 'href'), '#dot');
  // The built tree is exactly what the HTML parser makes of the same markup.
  const parsed = document.createElement('div');
  parsed.innerHTML = container.innerHTML;
  assert.equal(parsed.innerHTML, container.innerHTML);
  assert.ok(parsed.querySelector('svg').isEqualNode(nodeById(2, container)));
  assert.ok(parsed.querySelector('math').isEqualNode(nodeById(8, container)));
});

test('an element without ns is HTML, as PROTOCOL.md says, even inside svg (no inheritance)', () => {
  const { container } = page('<svg></svg>');
  applyPatches(container, [{ op: 'insert', parent: 1, before: null, node: { id: 2, tag: 'b' } }]);
  assert.equal(nodeById(2, container).namespaceURI, 'http://www.w3.org/1999/xhtml');
});

test('setAttr on an SVG element keeps the attribute name case', () => {
  const { container } = page('<svg><path></path></svg>');
  applyPatches(container, [{ op: 'setAttr', id: 2, name: 'pathLength', value: '3' }, { op: 'setAttr', id: 1, name: 'viewBox', value: '0 0 1 1' }]);
  assert.equal(container.innerHTML, '<svg viewBox="0 0 1 1"><path pathLength="3"></path></svg>');
});

test('properties are set after children: an inserted select gets its value', () => {
  const { container } = page('<form></form>');
  applyPatches(container, [{
    op: 'insert', parent: 1, before: null,
    node: { id: 2, tag: 'select', props: [['value', 'b']], children: [
      { id: 3, tag: 'option', attrs: [['value', 'a']], children: [{ id: 4, text: 'A' }] },
      { id: 5, tag: 'option', attrs: [['value', 'b']], children: [{ id: 6, text: 'B' }] },
    ] },
  }]);
  assert.equal(nodeById(2, container).value, 'b');
});

test('properties are set after children: a setProp before the option it selects still works', () => {
  const { container } = page('<select><option value="a">A</option></select>');
  applyPatches(container, [
    { op: 'setProp', id: 1, name: 'value', value: 'b' }, // the diff writes props before children
    { op: 'insert', parent: 1, before: null, node: { id: 4, tag: 'option', attrs: [['value', 'b']], children: [{ id: 5, text: 'B' }] } },
  ]);
  assert.equal(container.firstChild.value, 'b');
});

test('a setProp on a node removed later in the same list is harmless', () => {
  const { container } = page('<input><p></p>');
  applyPatches(container, [{ op: 'setProp', id: 1, name: 'value', value: 'x' }, { op: 'remove', id: 1 }]);
  assert.equal(container.innerHTML, '<p></p>');
});
