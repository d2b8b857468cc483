import test from 'node:test';
import assert from 'node:assert/strict';
import { hydrate } from '../../Sources/LiveSessions/Resources/runtime/hydration.js';
import { nodeById, nodeId } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { page } from './helpers.mjs';

/** [id, description] for every numbered node of the container, in id order. */
function numbering(container) {
  const result = [];
  for (let id = 0; ; id++) {
    const node = nodeById(id, container);
    if (!node) break;
    const label = node === container ? 'container' : node.nodeType === 1 ? node.localName : node.nodeType === 3 ? `"${node.data}"` : `<!--${node.data}-->`;
    result.push([id, label]);
  }
  return result;
}

test('hydrate numbers elements, text and comments in document order from 1', () => {
  const { container } = page('<ul><li>One</li><!--note--><li>Two</li></ul>');
  assert.deepEqual(numbering(container), [
    [0, 'container'], [1, 'ul'], [2, 'li'], [3, '"One"'], [4, '<!--note-->'], [5, 'li'], [6, '"Two"'],
  ]);
  assert.equal(nodeId(container.querySelector('li:last-child')), 5);
  assert.equal(nodeById(3, container), container.querySelector('li').firstChild);
});

test('hydrate returns the largest id and nodeById defaults to the last hydrated container', () => {
  const { container } = page('<p>Hi</p>', { hydrate: false });
  assert.equal(hydrate(container), 2);
  // Without a container: the one hydrated last in the document (the page's, in a browser).
  assert.equal(nodeById(1, undefined, container.ownerDocument), container.firstChild);
  assert.equal(nodeById(3, undefined, container.ownerDocument), undefined);
});

test('a marker before a text node is removed and not numbered (two adjacent text nodes)', () => {
  const { container } = page('<p>a<!---->b</p>');
  assert.deepEqual(numbering(container), [[0, 'container'], [1, 'p'], [2, '"a"'], [3, '"b"']]);
  assert.equal(container.innerHTML, '<p>ab</p>');
  assert.equal(container.firstChild.childNodes.length, 2);
});

test('a marker not followed by text becomes an empty, numbered text node', () => {
  const { container } = page('<p>a<!----></p><!----><span></span><!----><!---->b');
  assert.deepEqual(numbering(container), [
    [0, 'container'], [1, 'p'], [2, '"a"'], [3, '""'], [4, '""'], [5, 'span'], [6, '""'], [7, '"b"'],
  ]);
  // No marker survives.
  const walker = container.ownerDocument.createTreeWalker(container, 128 /* SHOW_COMMENT */);
  assert.equal(walker.nextNode(), null);
});

test('non-empty comments are kept and numbered', () => {
  const { container } = page('<!--a--><p><!-- b --></p>');
  assert.deepEqual(numbering(container), [[0, 'container'], [1, '<!--a-->'], [2, 'p'], [3, '<!-- b -->']]);
});

test('the doubled leading newline of pre and textarea leaves exactly the text the tree had', () => {
  const { container } = page('<pre>\n\nx</pre><textarea>\n\ny</textarea>');
  assert.deepEqual(numbering(container), [[0, 'container'], [1, 'pre'], [2, '"\nx"'], [3, 'textarea'], [4, '"\ny"']]);
});

test('SVG is numbered like HTML', () => {
  const { container } = page('<svg viewBox="0 0 2 2"><circle r="1"></circle><text>t</text></svg>');
  assert.deepEqual(numbering(container), [[0, 'container'], [1, 'svg'], [2, 'circle'], [3, 'text'], [4, '"t"']]);
});

test('a dialog rendered open is re-opened modally', () => {
  const { container } = page('<dialog open><p>Sure?</p></dialog>');
  const dialog = container.firstChild;
  assert.equal(dialog.showModalCalls, 1, 'showModal was called (after open was removed, or it would throw)');
  assert.equal(dialog.open, true);
  assert.equal(nodeId(dialog.firstChild), 2);
});

test('without showModal (old browsers, bare jsdom) an open dialog simply stays open', () => {
  const { container } = page('<dialog open>x</dialog>', { dialogs: false });
  assert.equal(container.firstChild.open, true);
  assert.equal(container.firstChild.getAttribute('open'), '');
});

test('a closed dialog stays closed', () => {
  const { container } = page('<dialog>x</dialog>');
  assert.equal(container.firstChild.open, false);
  assert.equal(container.firstChild.showModalCalls, undefined);
});
