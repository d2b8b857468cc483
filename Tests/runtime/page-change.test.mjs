// Page changes reach keyboard and screen-reader users: after a push focus moves to the new
// page's heading, after a pop it returns to the link that pushed the page, a polite live
// region says the new page's title (not on the first load), and a reply's title becomes
// document.title.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page } from './helpers.mjs';

// Ids: 0 container, 1 stack, 2 root section, 3 h1, 4 its text, 5 link, 6 its text.
const ROOT =
  '<div class="navigation-stack"><section class="navigation-page navigation-root" data-depth="0">' +
  '<h1>Inventory</h1><a href="/items/1" class="navigation-link">Keyboard</a></section></div>';

const PUSH = {
  patches: [
    { op: 'setAttr', id: 2, name: 'hidden', value: '' },
    {
      op: 'insert', parent: 1, before: null,
      node: {
        id: 10, tag: 'section', attrs: [['class', 'navigation-page'], ['aria-labelledby', 'p1-title'], ['data-depth', '1']],
        children: [
          { id: 11, tag: 'a', attrs: [['href', '/'], ['class', 'navigation-back']], on: ['click'], children: [{ id: 12, text: 'Back' }] },
          { id: 13, tag: 'h1', attrs: [['id', 'p1-title']], children: [{ id: 14, text: 'Keyboard' }] },
        ],
      },
    },
  ],
  url: '/items/1',
  history: 'push',
  title: 'Keyboard',
};
const POP = { patches: [{ op: 'removeAttr', id: 2, name: 'hidden' }, { op: 'remove', id: 10 }], url: '/', history: 'pop', title: '' };

function stackPage() {
  const env = page(ROOT, { url: 'http://localhost/' });
  env.container.setAttribute('data-navdom-root', '');
  env.container.setAttribute('data-navdom-title', 'Inventory');
  env.document.title = 'Inventory';
  applyPatches(env.container, [{ op: 'listen', id: 5, event: 'click' }]);
  const replies = [PUSH, POP];
  const session = start(env.container, { send: async () => replies.shift() });
  const click = async (element) => {
    element.focus();
    element.dispatchEvent(new env.window.MouseEvent('click', { bubbles: true, cancelable: true }));
    await session.idle();
  };
  const announcer = env.document.querySelector('.navdom-announcer');
  return { ...env, session, click, announcer };
}

test('the live region is there, empty and polite, from the first load', () => {
  const { announcer } = stackPage();
  assert.ok(announcer, 'an announcer exists');
  assert.equal(announcer.getAttribute('aria-live'), 'polite');
  assert.equal(announcer.textContent, '');
});

test('a push focuses the new page heading, sets the title and announces it', async () => {
  const { document, container, click, announcer } = stackPage();
  await click(container.querySelector('a.navigation-link'));
  const heading = document.getElementById('p1-title');
  assert.equal(document.activeElement, heading);
  assert.equal(heading.getAttribute('tabindex'), '-1');
  assert.equal(document.title, 'Keyboard');
  assert.equal(announcer.textContent, 'Keyboard');
});

test('a pop returns focus to the link that pushed the page and announces the page below', async () => {
  const { document, container, session, click, announcer } = stackPage();
  const link = container.querySelector('a.navigation-link');
  await click(link);
  // Back, as the app would answer it.
  const back = container.querySelector('a.navigation-back');
  applyPatches(container, [{ op: 'listen', id: 11, event: 'click' }]);
  await click(back);
  await session.idle();
  assert.equal(document.activeElement, link);
  assert.equal(document.title, 'Inventory', 'the app title is back');
  assert.equal(announcer.textContent, 'Inventory');
});
