// The browser's history follows the app: pushes push (to a URL already in the history too, as
// a link click does in a browser), a pop back to an earlier URL goes back through history (so
// Back then leaves the page the user expects), and only the user's own back and forward are
// sent to the app.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page } from './helpers.mjs';

const wait = (window) => new Promise((resolve) => window.setTimeout(resolve, 20));

/**
 * Waits until `window` is at `pathname` (up to 2 s): jsdom traverses history in a later task,
 * which a loaded machine can delay past one short wait.
 */
async function settledAt(window, pathname) {
  for (let waited = 0; window.location.pathname !== pathname && waited < 2000; waited += 20) await wait(window);
  return window.location.pathname;
}

/** A started page whose app answers each click with the next of `urls`: a URL (pushed) or {url, history}. */
function stackPage(urls) {
  const env = page('<button>Next</button>', { url: 'http://localhost/' });
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }]);
  const sent = [];
  let step = 0;
  const session = start(env.container, {
    send: async (event) => {
      sent.push(event);
      if (event.event === 'popstate') return { patches: [], url: event.value };
      const next = urls[step++];
      return typeof next === 'string' ? { patches: [], url: next, history: 'push' } : { patches: [], ...next };
    },
  });
  const click = async () => {
    env.container.firstChild.dispatchEvent(new env.window.MouseEvent('click', { bubbles: true, cancelable: true }));
    await session.idle();
    await wait(env.window);
  };
  return { ...env, sent, session, click };
}

test('pushing three pages then returning to the second goes back in history, not forward', async () => {
  const { window, sent, click } = stackPage([
    '/items/1', '/items/1/edit', '/items/1/edit/color', { url: '/items/1/edit', history: 'pop' },
  ]);
  const before = window.history.length;
  await click();
  await click();
  await click();
  assert.equal(window.history.length, before + 3);
  await click(); // the app popped to /items/1/edit
  assert.equal(await settledAt(window, '/items/1/edit'), '/items/1/edit');
  assert.equal(window.history.length, before + 3, 'no new entry was pushed');
  assert.deepEqual(sent.filter((event) => event.event === 'popstate'), [], 'the runtime did not echo its own traversal');

  window.history.back(); // the user's Back now leaves the editor for the item page
  await wait(window);
  assert.equal(await settledAt(window, '/items/1'), '/items/1');
  assert.deepEqual(sent.filter((event) => event.event === 'popstate'), [{ id: 0, event: 'popstate', value: '/items/1' }]);
});

test('a URL that was not visited before is pushed', async () => {
  const { window, click } = stackPage(['/items/1', '/items/2']);
  const before = window.history.length;
  await click();
  await click();
  assert.equal(window.history.length, before + 2);
  assert.equal(await settledAt(window, '/items/2'), '/items/2');
});

test('every entry remembers the trail, so a reload keeps working', async () => {
  const { window, click } = stackPage(['/items/1', '/items/1/edit']);
  await click();
  await click();
  assert.deepEqual(window.history.state.navdom, {
    trail: ['http://localhost/', 'http://localhost/items/1', 'http://localhost/items/1/edit'],
    index: 2,
  });
});

test('a pop after a deep link replaces the popped entry instead of pushing over it', async () => {
  const env = page('<button>Red</button>', { url: 'http://localhost/items/1/edit/color' });
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }]);
  const session = start(env.container, {
    send: async () => ({ patches: [], url: '/items/1/edit', history: 'pop' }),
  });
  const before = env.window.history.length;
  env.container.firstChild.dispatchEvent(new env.window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await session.idle();
  await wait(env.window);
  assert.equal(env.window.location.pathname, '/items/1/edit');
  assert.equal(env.window.history.length, before, 'no entry was added, so Back cannot show the picker');
  assert.deepEqual(env.window.history.state.navdom, { trail: ['http://localhost/items/1/edit'], index: 0 });
});

test('links between tabs push every click, to a URL already in the history too, and Back walks them back', async () => {
  const { window, sent, click } = stackPage(['/active', '/completed', '/']);
  const before = window.history.length;
  await click(); // All → Active
  await click(); // Active → Completed
  await click(); // Completed → All
  assert.equal(window.history.length, before + 3, 'three clicks, three entries');
  assert.equal(await settledAt(window, '/'), '/');
  window.history.back();
  assert.equal(await settledAt(window, '/completed'), '/completed', 'Back leads to the tab the user came from');
  assert.deepEqual(sent.filter((event) => event.event === 'popstate'), [{ id: 0, event: 'popstate', value: '/completed' }]);
});

test('from a deep link to a tab, a link to the list pushes instead of replacing the entry', async () => {
  const env = page('<a href="/">All</a>', { url: 'http://localhost/active' });
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }]);
  const session = start(env.container, { send: async () => ({ patches: [], url: '/', history: 'push' }) });
  const before = env.window.history.length;
  env.container.firstChild.dispatchEvent(new env.window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await session.idle();
  await wait(env.window);
  assert.equal(env.window.location.pathname, '/');
  assert.equal(env.window.history.length, before + 1);
  assert.deepEqual(env.window.history.state.navdom.trail, ['http://localhost/active', 'http://localhost/']);
});
