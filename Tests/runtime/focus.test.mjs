// Focus returns to a dialog's trigger when the app closes the dialog (issue 5: "focus moves
// into a dialog and back to its trigger when it closes"). The app closes dialogs with
// `remove`, `replace`, `removeAttr open` or `invoke close` patches; removing the element that
// holds focus drops focus to <body>, so the runtime puts it back on the trigger.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { nodeById } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { page } from './helpers.mjs';

// Ids after hydration of ROOT: 1 <button "Add item">, 2 its text, 3 <button "Delete">, 4 its text.
const ROOT = '<button>Add item</button><button>Delete</button>';

function sheet(id, title, buttons) {
  return {
    id,
    tag: 'dialog',
    attrs: [['open', '']],
    children: [
      { id: id + 1, tag: 'h2', children: [{ id: id + 2, text: title }] },
      ...buttons.map((label, index) => ({ id: id + 3 + 2 * index, tag: 'button', children: [{ id: id + 4 + 2 * index, text: label }] })),
    ],
  };
}

/** Opens a dialog (id 10) from the trigger with `triggerId`, focusing its first button as a browser would. */
function openFrom(container, document, triggerId, title = 'New item', buttons = ['Save', 'Import instead']) {
  nodeById(triggerId, container).focus();
  applyPatches(container, [
    { op: 'insert', parent: 0, before: null, node: sheet(10, title, buttons) },
    { op: 'invoke', id: 10, method: 'showModal' },
  ]);
  const dialog = nodeById(10, container);
  dialog.querySelector('button').focus(); // showModal's focusing steps (the jsdom stand-in does not move focus)
  assert.equal(document.activeElement, dialog.querySelector('button'));
  return dialog;
}

test('removing a dialog that holds focus returns focus to its trigger', () => {
  const { container, document } = page(ROOT);
  openFrom(container, document, 1);
  applyPatches(container, [{ op: 'remove', id: 10 }]);
  assert.equal(document.activeElement, nodeById(1, container));
});

test('each trigger gets focus back from its own dialog', () => {
  const { container, document } = page(ROOT);
  openFrom(container, document, 3, 'Delete Keyboard?', ['Delete', 'Cancel']);
  applyPatches(container, [{ op: 'remove', id: 10 }]);
  assert.equal(document.activeElement, nodeById(3, container));
});

test('a dialog that replaces another ("Import instead") inherits its trigger', () => {
  const { container, document } = page(ROOT);
  const first = openFrom(container, document, 1);
  first.querySelectorAll('button')[1].focus(); // "Import instead"
  applyPatches(container, [
    { op: 'replace', id: 10, node: sheet(20, 'Import items', ['Cancel']) },
    { op: 'invoke', id: 20, method: 'showModal' },
  ]);
  const second = nodeById(20, container);
  second.querySelector('button').focus();
  applyPatches(container, [{ op: 'remove', id: 20 }]);
  assert.equal(document.activeElement, nodeById(1, container));
});

test('a replacing dialog inserted before the old one is removed also inherits the trigger', () => {
  const { container, document } = page(ROOT);
  const first = openFrom(container, document, 1);
  first.querySelectorAll('button')[1].focus();
  applyPatches(container, [
    { op: 'insert', parent: 0, before: null, node: sheet(20, 'Import items', ['Cancel']) },
    { op: 'remove', id: 10 },
  ]);
  nodeById(20, container).querySelector('button').focus();
  applyPatches(container, [{ op: 'remove', id: 20 }]);
  assert.equal(document.activeElement, nodeById(1, container));
});

test('closing with removeAttr open or invoke close returns focus too', () => {
  for (const close of [{ op: 'removeAttr', id: 10, name: 'open' }, { op: 'invoke', id: 10, method: 'close' }]) {
    const { container, document } = page(ROOT);
    const dialog = openFrom(container, document, 3);
    dialog.querySelector('button').blur(); // jsdom's close() keeps focus inside; a browser's would not
    applyPatches(container, [close]);
    assert.equal(document.activeElement, nodeById(3, container), JSON.stringify(close));
  }
});

test('a trigger removed with the dialog (the deleted row) leaves focus alone, without errors', () => {
  const { container, document } = page(ROOT);
  openFrom(container, document, 3);
  applyPatches(container, [
    { op: 'remove', id: 10 },
    { op: 'remove', id: 3 },
  ]);
  assert.equal(document.activeElement, document.body);
});

test('focus the app moved elsewhere is not taken back', () => {
  const { container, document } = page(ROOT);
  openFrom(container, document, 1);
  applyPatches(container, [
    { op: 'remove', id: 10 },
    { op: 'invoke', id: 3, method: 'focus' },
  ]);
  assert.equal(document.activeElement, nodeById(3, container));
});

test('removing a subtree that contains an open dialog returns focus as well', () => {
  const { container, document } = page('<button>Open</button><div></div>');
  nodeById(1, container).focus();
  applyPatches(container, [{ op: 'insert', parent: 3, before: null, node: sheet(10, 'Nested', ['OK']) }]);
  nodeById(10, container).querySelector('button').focus();
  applyPatches(container, [{ op: 'clear', id: 3 }]);
  assert.equal(document.activeElement, nodeById(1, container));
});

test('clearing a list while focus is outside it leaves focus alone and looks for no dialog below', () => {
  const { container, document } = page('<button>Clear</button><div></div>');
  applyPatches(container, [{ op: 'insert', parent: 3, before: null, node: sheet(10, 'Nested', ['OK']) }]);
  const list = nodeById(3, container);
  let queries = 0;
  const query = list.querySelectorAll.bind(list);
  list.querySelectorAll = (selectors) => { queries += 1; return query(selectors); };
  nodeById(1, container).focus();
  applyPatches(container, [{ op: 'clear', id: 3 }]);
  assert.equal(document.activeElement, nodeById(1, container));
  assert.equal(queries, 0, 'no walk of the cleared nodes for dialogs: none of them can hold focus');
});
