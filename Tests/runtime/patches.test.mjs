import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { nodeById, nodeId } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { page, protocolExamples } from './helpers.mjs';

const examples = protocolExamples();

/** Applies a PROTOCOL.md example to `oldHTML` and checks the result is `newHTML`. */
function checkExample(op, oldHTML, newHTML, options) {
  const { container } = page(oldHTML, options);
  applyPatches(container, examples[op]);
  assert.equal(container.innerHTML, newHTML);
  return container;
}

// --- Every op, with PROTOCOL.md's own examples ---------------------------------------------

test('insert (PROTOCOL.md example) builds the subtree with its ids', () => {
  const container = checkExample('insert', '<ul><li>One</li></ul>', '<ul><li>One</li><li>Two</li></ul>');
  assert.equal(nodeById(4, container), container.querySelector('li:last-child'));
  assert.equal(nodeById(5, container).data, 'Two');
});

test('move (PROTOCOL.md example) reorders keyed items a b c to c a b', () => {
  const abc = '<ul><li>a</li><li>b</li><li>c</li></ul>';
  const container = checkExample('move', abc, '<ul><li>c</li><li>a</li><li>b</li></ul>');
  assert.equal(nodeId(container.querySelector('li')), 6, 'the moved node keeps its id');
});

test('remove (PROTOCOL.md example) removes a node and forgets its subtree ids', () => {
  const container = checkExample('remove', '<ul><li>a</li><li>b</li><li>c</li></ul>', '<ul><li>a</li><li>c</li></ul>');
  assert.equal(nodeById(4, container), undefined);
  assert.equal(nodeById(5, container), undefined);
});

test('clear (PROTOCOL.md example) removes every child', () => {
  const container = checkExample('clear', '<ul><li>One</li><li>Two</li></ul>', '<ul></ul>');
  assert.equal(nodeById(2, container), undefined);
});

test('clear forgets the cleared nodes and keeps the others, with few or many nodes staying', () => {
  // Five items, four nodes staying (container, ul, p, its text): the ids that stay are kept.
  // One item, six staying: the cleared ones are forgotten. Both must end up the same.
  for (const items of ['<li>a</li><li>b</li><li>c</li><li>d</li><li>e</li>', '<li>a</li>']) {
    const { container } = page(`<ul>${items}</ul><p>x</p>`);
    const count = container.querySelectorAll('li').length * 2;
    const ul = container.firstChild, p = container.lastChild;
    applyPatches(container, [{ op: 'clear', id: 1 }]);
    assert.equal(nodeById(0, container), container);
    assert.equal(nodeById(1, container), ul);
    for (let id = 2; id <= count + 1; id++) assert.equal(nodeById(id, container), undefined, `id ${id} forgotten`);
    assert.equal(nodeById(count + 2, container), p);
    assert.throws(() => applyPatches(container, [{ op: 'text', id: 3, text: 'z' }]), /no node with id 3/);
    applyPatches(container, [
      { op: 'text', id: count + 3, text: 'y' },
      { op: 'insert', parent: 1, before: null, node: { id: 100, tag: 'li', children: [{ id: 101, text: 'new' }] } },
    ]);
    assert.equal(container.innerHTML, '<ul><li>new</li></ul><p>y</p>');
    applyPatches(container, [{ op: 'clear', id: 0 }]);
    assert.deepEqual([0, 1, 100, 101, count + 2].map((id) => nodeById(id, container)), [container, undefined, undefined, undefined, undefined]);
  }
});

test('clear of id 0 empties the container itself', () => {
  const { container } = page('<p>a</p><p>b</p>');
  applyPatches(container, [{ op: 'clear', id: 0 }]);
  assert.equal(container.innerHTML, '');
  assert.equal(nodeById(0, container), container);
});

test('replace (PROTOCOL.md example) puts a new subtree in place', () => {
  const container = checkExample('replace', '<p>Hi</p>', '<h1>Hi</h1>');
  assert.equal(nodeById(1, container), undefined);
  assert.equal(nodeById(3, container).localName, 'h1');
});

test('replace keeps the position among siblings', () => {
  const { container } = page('<b>1</b><i>2</i><u>3</u>');
  applyPatches(container, [{ op: 'replace', id: 3, node: { id: 7, text: 'two' } }]);
  assert.equal(container.innerHTML, '<b>1</b>two<u>3</u>');
});

test('text (PROTOCOL.md example) sets text data, and comment data too', () => {
  checkExample('text', '<p>Hi</p>', '<p>Hello</p>');
  const { container } = page('<!--old-->');
  applyPatches(container, [{ op: 'text', id: 1, text: 'new' }]);
  assert.equal(container.innerHTML, '<!--new-->');
});

test('setAttr and removeAttr (PROTOCOL.md example), and an empty value is a boolean attribute', () => {
  checkExample('setAttr', '<tr class="a"></tr>', '<tr title="b"></tr>', { tag: 'tbody' });
  const { container } = page('<button></button>');
  applyPatches(container, [{ op: 'setAttr', id: 1, name: 'disabled', value: '' }]);
  assert.equal(container.innerHTML, '<button disabled=""></button>');
  assert.equal(container.firstChild.disabled, true);
});

test('setProp and removeProp (PROTOCOL.md example) set properties, never attributes', () => {
  const { container } = page('<input>');
  const input = container.firstChild;
  input.value = 'x';
  applyPatches(container, examples.setProp);
  assert.equal(input.checked, true);
  assert.equal(input.value, '', 'removeProp resets value to ""');
  assert.equal(container.innerHTML, '<input>', 'no attribute was written');
});

test('removeProp value on a checkbox (whose value property is its attribute) restores "on"', () => {
  const { container } = page('<input type="checkbox" value="x">');
  applyPatches(container, [{ op: 'removeProp', id: 1, name: 'value' }]);
  assert.equal(container.firstChild.value, 'on');
});

test('removeProp resets booleans to false', () => {
  const { container } = page('<select><option>a</option><option>b</option></select>');
  const option = container.querySelectorAll('option')[1];
  applyPatches(container, [{ op: 'setProp', id: 4, name: 'selected', value: true }]);
  assert.equal(option.selected, true);
  applyPatches(container, [{ op: 'removeProp', id: 4, name: 'selected' }]);
  assert.equal(option.selected, false);
  assert.equal(option.hasAttribute('selected'), false);
});

test('listen and unlisten (PROTOCOL.md example) apply cleanly', () => {
  const { container } = page('<button>b</button>');
  applyPatches(container, [{ op: 'listen', id: 1, event: 'click' }]);
  applyPatches(container, examples.listen);
  assert.equal(container.innerHTML, '<button>b</button>', 'listeners leave no trace in the markup');
  // What they change is which events are sent: see live.test.js.
});

test('invoke (PROTOCOL.md example) inserts a dialog and opens it modally', () => {
  const { container } = page('<p></p>');
  applyPatches(container, examples.invoke);
  const dialog = nodeById(2, container);
  assert.equal(dialog.localName, 'dialog');
  assert.equal(dialog.open, true);
  assert.equal(dialog.showModalCalls, 1);
});

// --- Focus ---------------------------------------------------------------------------------

test('move keeps focus and the caret of a focused input', () => {
  const { container, document } = page('<ul><li><input value="hello"></li><li>b</li></ul>');
  const input = container.querySelector('input');
  input.focus();
  input.setSelectionRange(1, 3);
  applyPatches(container, [{ op: 'move', id: 2, parent: 1, before: null }]);
  assert.equal(container.innerHTML, '<ul><li>b</li><li><input value="hello"></li></ul>');
  assert.equal(document.activeElement, input);
  assert.deepEqual([input.selectionStart, input.selectionEnd], [1, 3]);
});

test('move keeps focus of a focused textarea moved directly', () => {
  const { container, document } = page('<textarea>abcdef</textarea><p></p>');
  const textarea = container.firstChild;
  textarea.focus();
  textarea.setSelectionRange(2, 2);
  applyPatches(container, [{ op: 'move', id: 1, parent: 3, before: null }]);
  assert.equal(document.activeElement, textarea);
  assert.deepEqual([textarea.selectionStart, textarea.selectionEnd], [2, 2]);
});

test('setProp value equal to the current value leaves the caret alone', () => {
  const { container } = page('<input value="abc">');
  const input = container.firstChild;
  input.focus();
  input.setSelectionRange(1, 1);
  applyPatches(container, [{ op: 'setProp', id: 1, name: 'value', value: 'abc' }]);
  assert.equal(input.selectionStart, 1);
});

// --- Dialogs -------------------------------------------------------------------------------

test('showModal on a dialog already open non-modally removes open first instead of throwing', () => {
  const { container } = page('<dialog>x</dialog>');
  const dialog = container.firstChild;
  applyPatches(container, [{ op: 'invoke', id: 1, method: 'show' }]);
  assert.equal(dialog.open, true);
  applyPatches(container, [{ op: 'invoke', id: 1, method: 'showModal' }]);
  assert.equal(dialog.showModalCalls, 1);
  // Again: already modal, nothing to do.
  applyPatches(container, [{ op: 'invoke', id: 1, method: 'showModal' }]);
  assert.equal(dialog.showModalCalls, 1);
});

test('close, and showModal without showModal support (sets open)', () => {
  const { container } = page('<dialog>x</dialog>', { dialogs: false });
  const dialog = container.firstChild;
  applyPatches(container, [{ op: 'invoke', id: 1, method: 'showModal' }]);
  assert.equal(dialog.open, true);
  applyPatches(container, [{ op: 'invoke', id: 1, method: 'close' }]);
  assert.equal(dialog.open, false);
});

test('inserting a dialog rendered open, then showModal (the .open + .onMount(.showModal) pattern)', () => {
  const { container } = page('');
  applyPatches(container, [
    { op: 'insert', parent: 0, before: null, node: { id: 1, tag: 'dialog', attrs: [['open', '']] } },
    { op: 'invoke', id: 1, method: 'showModal' },
  ]);
  const dialog = nodeById(1, container);
  assert.equal(dialog.open, true);
  assert.equal(dialog.showModalCalls, 1);
});

test('setAttr/removeAttr open on a dialog open it modally and close it', () => {
  const { container } = page('<dialog>x</dialog>');
  const dialog = container.firstChild;
  applyPatches(container, [{ op: 'setAttr', id: 1, name: 'open', value: '' }]);
  assert.equal(dialog.showModalCalls, 1);
  applyPatches(container, [{ op: 'removeAttr', id: 1, name: 'open' }]);
  assert.equal(dialog.open, false);
});

test('removing an open dialog just removes it', () => {
  const { container } = page('<dialog open>x</dialog>');
  applyPatches(container, [{ op: 'remove', id: 1 }]);
  assert.equal(container.innerHTML, '');
});

test('invoke focus focuses the element', () => {
  const { container, document } = page('<input><button>b</button>');
  applyPatches(container, [{ op: 'invoke', id: 2, method: 'focus' }]);
  assert.equal(document.activeElement, container.lastChild);
});

// --- Errors --------------------------------------------------------------------------------

test('an unknown op throws naming the op and the id', () => {
  const { container } = page('<p>x</p>');
  assert.throws(() => applyPatches(container, [{ op: 'explode', id: 1 }]), /patch 0 \(op "explode", id 1\): unknown op/);
});

test('an unknown id throws naming the op and the id', () => {
  const { container } = page('<p>x</p>');
  assert.throws(() => applyPatches(container, [{ op: 'text', id: 99, text: 'y' }]), /op "text", id 99\): no node with id 99 \(id\)/);
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 42, before: null, node: { id: 5, text: 'x' } }]), /op "insert", id 42\): no node with id 42 \(parent\)/);
  assert.equal(container.innerHTML, '<p>x</p>', 'nothing changed');
});

test('a stale id (a node removed earlier) throws, later in the same list too', () => {
  const { container } = page('<p>x</p><p>y</p>');
  assert.throws(() => applyPatches(container, [{ op: 'remove', id: 1 }, { op: 'text', id: 2, text: 'z' }]), /patch 1 \(op "text", id 2\): no node with id 2/);
  assert.throws(() => applyPatches(container, [{ op: 'setAttr', id: 1, name: 'a', value: 'b' }]), /op "setAttr", id 1\): no node with id 1/);
});

test('a before that is not a child of the parent throws', () => {
  const { container } = page('<ul><li>a</li></ul><p></p>');
  assert.throws(() => applyPatches(container, [{ op: 'move', id: 4, parent: 1, before: 3 }]), /before 3 is not a child of parent 1/);
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 0, before: 2, node: { id: 9, text: 't' } }]), /before 2 is not a child of parent 0/);
});

test('an id already in use throws, and a half-built node leaves no ids behind', () => {
  const { container } = page('<p>x</p>');
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: { id: 2, text: 'dup' } }]), /node id 2 is already in use/);
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: { id: 5, tag: 'b', children: [{ id: 6, tag: 'i', ns: 'klingon' }] } }]), /unknown namespace "klingon"/);
  assert.equal(nodeById(5, container), undefined);
  assert.equal(container.innerHTML, '<p>x</p>');
});

test('ids in a subtree: one repeated out of order throws; an unused id below the largest is accepted', () => {
  const { container } = page('<p>x</p>');
  const node = (id, children) => ({ id, tag: 'b', children });
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: node(10, [node(12), node(11), node(12)]) }]), /node id 12 is already in use/);
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: node(10, [node(11), node(10)]) }]), /node id 10 is already in use/);
  assert.equal(container.innerHTML, '<p>x</p>');
  assert.equal(nodeById(10, container), undefined);
  applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: node(20) }]);
  applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: node(15, [node(14), node(16)]) }]);
  assert.equal(container.innerHTML, '<p>x</p><b></b><b><b></b><b></b></b>');
  assert.deepEqual([14, 15, 16, 20].map((id) => nodeById(id, container).localName), ['b', 'b', 'b', 'b']);
  assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: node(30, [node(16)]) }]), /node id 16 is already in use/);
});

test('a node\'s list fields must be arrays', () => {
  const { container } = page('<p>x</p>');
  for (const field of ['attrs', 'children', 'on', 'props']) {
    assert.throws(() => applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: { id: 5, tag: 'b', [field]: { 0: 'x' } } }]), new RegExp(`${field} must be an array`));
  }
  assert.equal(container.innerHTML, '<p>x</p>');
});

test('an uppercase HTML tag keeps its case, as createElementNS gives it', () => {
  const { container } = page('');
  applyPatches(container, [{ op: 'insert', parent: 0, before: null, node: { id: 1, tag: 'myWidget', children: [{ id: 2, tag: 'dialog' }] } }]);
  assert.equal(nodeById(1, container).localName, 'myWidget');
  assert.equal(nodeById(1, container).namespaceURI, 'http://www.w3.org/1999/xhtml');
  assert.equal(nodeById(2, container).localName, 'dialog');
});

test('text on an element, invoke of an unknown method, and a DOM error are reported with op and id', () => {
  const { container } = page('<p><b>x</b></p>');
  assert.throws(() => applyPatches(container, [{ op: 'text', id: 1, text: 'y' }]), /op "text", id 1\): the node is not a text or comment node/);
  assert.throws(() => applyPatches(container, [{ op: 'invoke', id: 1, method: 'explode' }]), /op "invoke", id 1\): unknown method "explode"/);
  assert.throws(() => applyPatches(container, [{ op: 'move', id: 1, parent: 2, before: null }]), /op "move", id 1\):/);
  assert.throws(() => applyPatches(container, [{ op: 'remove', id: 0 }]), /the container cannot be removed/);
});

test('applyPatches before hydrate says so', () => {
  const { container } = page('<p>x</p>', { hydrate: false });
  assert.throws(() => applyPatches(container, []), /has not been hydrated/);
});
