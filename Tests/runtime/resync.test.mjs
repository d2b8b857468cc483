// A page that survives what real browsers do to it (issue 29): DOM changes made before the
// runtime ran (extensions, translators) are detected by data-navdom-check and repaired by a
// rebuild from the app's current state; a reply whose patches fail leads to the same rebuild;
// form fields outlive a renewal reload.
import test from 'node:test';
import assert from 'node:assert/strict';
import { autoStart } from '../../Sources/LiveSessions/Resources/runtime/auto-start.js';
import { verifyHydration } from '../../Sources/LiveSessions/Resources/runtime/check.js';
import { hydrate } from '../../Sources/LiveSessions/Resources/runtime/hydration.js';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { nodeById, nodeId } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { settle, JSDOM, polyfillDialog } from './helpers.mjs';

/**
 * A fake app: a list of rows (a link and a Delete button each) and a heading. Ids as the server
 * numbers them; deleting a row keeps the others' ids, so a later snapshot carries `ids`.
 */
function fakeApp() {
  const rows = [{ name: 'Keyboard', ids: [2, 3, 4, 5, 6] }, { name: 'Mouse', ids: [7, 8, 9, 10, 11] }];
  let heading = 'Inventory';
  const html = () => '<ul>' + rows.map((row, i) => `<li><a href="/items/${i + 1}">${row.name}</a><button>Delete</button></li>`).join('') +
    `</ul><h1>${heading}</h1>`;
  const ids = () => [1, ...rows.flatMap((row) => row.ids), 12, 13];
  const patches = () => rows.flatMap((row) => [{ op: 'listen', id: row.ids[1], event: 'click' }, { op: 'listen', id: row.ids[3], event: 'click' }]);
  // The same page as wire nodes, as a WebAssembly module's snapshot sends it (no HTML).
  const nodes = () => [
    { id: 1, tag: 'ul', children: rows.map((row, i) => ({ id: row.ids[0], tag: 'li', children: [
      { id: row.ids[1], tag: 'a', attrs: [['href', `/items/${i + 1}`]], children: [{ id: row.ids[2], text: row.name }] },
      { id: row.ids[3], tag: 'button', on: ['click'], children: [{ id: row.ids[4], text: 'Delete' }] },
    ] })) },
    { id: 12, tag: 'h1', children: [{ id: 13, text: heading }] },
  ];
  const sent = [];
  const app = {
    sent,
    sendsNodes: false,
    addLamp: () => rows.splice(1, 0, { name: 'Lamp', ids: [14, 15, 16, 17, 18] }),
    snapshots: 0,
    html,
    patches,
    send: async (event) => {
      sent.push(event);
      const row = rows.find((r) => r.ids[3] === event.id);
      if (row) {
        rows.splice(rows.indexOf(row), 1);
        return { patches: [{ op: 'remove', id: row.ids[0] }] };
      }
      const link = rows.find((r) => r.ids[1] === event.id);
      if (link) {
        heading = link.name;
        return { patches: [{ op: 'text', id: 13, text: heading }] };
      }
      throw new Error(`unknown target ${event.id}`);
    },
    snapshot: async () => {
      app.snapshots++;
      const list = ids();
      const inOrder = list.every((id, i) => id === i + 1);
      if (app.sendsNodes) return { nodes: nodes(), patches: patches(), url: '/' };
      return inOrder ? { html: html(), patches: patches(), url: '/' } : { html: html(), ids: list, patches: patches(), url: '/' };
    },
  };
  return app;
}

/** The server's page for `app`, with its check; `foreign` changes the DOM before the runtime runs. */
function serverPage(app, foreign) {
  const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', { url: 'http://localhost/' });
  polyfillDialog(dom.window);
  const document = dom.window.document;
  const container = document.createElement('main');
  container.innerHTML = app.html();
  // The check the server writes: that of the DOM as rendered.
  const probe = document.createElement('main');
  probe.innerHTML = app.html();
  probe.setAttribute('data-navdom-check', 'unknown');
  hydrate(probe);
  container.setAttribute('data-navdom-check', verifyHydration(probe).found);
  document.body.appendChild(container);
  if (foreign) foreign(container, document);
  return { window: dom.window, document, container };
}

/** Starts the page as autoStartFromAttributes does, with `app` as the session. */
async function startPage(app, foreign) {
  const { window, document, container } = serverPage(app, foreign);
  const warnings = [];
  const errors = [];
  const warn = console.warn;
  console.warn = (message) => warnings.push(String(message));
  try {
    hydrate(container);
    const mismatch = verifyHydration(container);
    if (!mismatch) applyPatches(container, app.patches());
    const session = start(container, { send: app.send, snapshot: app.snapshot, onError: (e) => errors.push(e) });
    if (mismatch) session.resync('the page is not the one the server rendered');
    await session.idle();
    await settle(window);
    return { window, document, container, session, warnings, errors, restore: () => (console.warn = warn) };
  } catch (error) {
    console.warn = warn;
    throw error;
  }
}

const click = (window, element) => element.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true }));
const buttons = (container) => Array.from(container.querySelectorAll('button'));

/** Deletes the second row, then follows the first row's link: what a visitor does next. */
async function useThePage(page) {
  const { window, container, session } = page;
  click(window, buttons(container)[1]);
  await session.idle();
  assert.equal(container.querySelectorAll('li').length, 1, 'Delete removed the row');
  click(window, container.querySelector('a'));
  await session.idle();
  assert.equal(container.querySelector('h1').textContent.replace(/\s+/g, ' ').trim().startsWith('Keyboard'), true, 'the link changed the heading');
}

const FOREIGN = {
  'an element inserted into a list row (a password manager icon)': (container, document) => {
    const icon = document.createElement('span');
    icon.className = 'pm-icon';
    container.querySelector('li').insertBefore(icon, container.querySelector('li button'));
  },
  "each row link's text wrapped in <font><font> (a translator)": (container, document) => {
    container.querySelectorAll('a').forEach((link) => {
      const outer = document.createElement('font');
      const inner = document.createElement('font');
      outer.appendChild(inner);
      inner.appendChild(link.firstChild);
      link.appendChild(outer);
    });
  },
  'a text node appended to the heading': (container, document) => {
    container.querySelector('h1').appendChild(document.createTextNode(' (translated)'));
  },
  'a node removed (the first row)': (container) => {
    container.querySelector('li').remove();
  },
};

for (const [name, change] of Object.entries(FOREIGN)) {
  test(`before hydration, ${name}: detected, rebuilt from the app with one warning, and the page works`, async () => {
    const app = fakeApp();
    const page = await startPage(app, change);
    try {
      assert.equal(app.snapshots, 1, 'one snapshot fetched');
      assert.equal(page.warnings.length, 1, `one warning: ${page.warnings}`);
      assert.match(page.warnings[0], /not the one the server rendered.*first difference: main > /);
      assert.deepEqual(page.errors, []);
      assert.equal(page.container.innerHTML, app.html(), 'the container is the app\'s page again');
      await useThePage(page);
      assert.deepEqual(page.errors, []);
    } finally {
      page.restore();
    }
  });

  if (name.startsWith('a node removed')) continue; // after hydration: the failed-patch tests below
  test(`after hydration, ${name}: tolerated, no rebuild`, async () => {
    const app = fakeApp();
    const page = await startPage(app);
    try {
      change(page.container, page.document);
      await useThePage(page);
      assert.equal(app.snapshots, 0);
      assert.deepEqual(page.warnings, []);
      assert.deepEqual(page.errors, []);
    } finally {
      page.restore();
    }
  });
}

test('a snapshot of nodes (a WebAssembly module\'s, no HTML) rebuilds the page as its HTML does, ids and listeners included', async () => {
  const app = fakeApp();
  app.sendsNodes = true;
  app.addLamp(); // ids no longer 1, 2, 3…: the nodes carry them
  const page = await startPage(app, FOREIGN["each row link's text wrapped in <font><font> (a translator)"]);
  try {
    assert.equal(app.snapshots, 1, 'one snapshot fetched');
    assert.deepEqual(page.errors, []);
    assert.equal(page.container.innerHTML, app.html(), 'the container is the app\'s page again');
    assert.equal(nodeId(page.container.querySelectorAll('li')[1]), 14, 'the Lamp row has the id the snapshot gave it');
    click(page.window, buttons(page.container)[1]); // the Lamp's Delete: listens, and its reply removes #14
    await page.session.idle();
    assert.deepEqual([...page.container.querySelectorAll('a')].map((a) => a.textContent), ['Keyboard', 'Mouse']);
    assert.deepEqual(page.errors, []);
  } finally {
    page.restore();
  }
});

test('the warning names the first differing node', async () => {
  const app = fakeApp();
  const page = await startPage(app, FOREIGN["each row link's text wrapped in <font><font> (a translator)"]);
  try {
    assert.match(page.warnings[0], /main > ul:nth-child\(1\) > li:nth-child\(1\) > a:nth-child\(1\) > font:nth-child\(1\) \(node 4\) is <font> where the server has text "Keyboard"/);
  } finally {
    page.restore();
  }
});

test('an unchanged page is not rebuilt', async () => {
  const app = fakeApp();
  const page = await startPage(app);
  try {
    assert.equal(app.snapshots, 0);
    assert.deepEqual(page.warnings, []);
    await useThePage(page);
  } finally {
    page.restore();
  }
});

/** A pushed or replied patch list that fails on a node an extension removed (row 2's <li>, id 7). */
async function failedPatchPage(pushed) {
  const app = fakeApp();
  let push = null;
  const { window, container } = serverPage(app);
  hydrate(container);
  applyPatches(container, app.patches());
  const warnings = [];
  const errors = [];
  const warn = console.warn;
  console.warn = (message) => warnings.push(String(message));
  const send = async (event) => {
    if (event.event !== 'add') return app.send(event);
    // The app adds "Lamp" as the second row: an insert before row 2 (id 7).
    app.addLamp();
    return { patches: [{ op: 'insert', parent: 1, before: 7, node: { id: 14, tag: 'li', children: [
      { id: 15, tag: 'a', attrs: [['href', '/items/9']], on: ['click'], children: [{ id: 16, text: 'Lamp' }] },
      { id: 17, tag: 'button', on: ['click'], children: [{ id: 18, text: 'Delete' }] }] } }] };
  };
  const session = start(container, { send, snapshot: app.snapshot, subscribe: (onReply) => { push = onReply; }, onError: (e) => errors.push(e) });
  container.querySelectorAll('li')[1].remove(); // an extension takes row 2 out, behind the runtime's back
  try {
    if (pushed) {
      await app.send({ id: 10, event: 'click' }); // the app deletes row 2 on the server's side
      push({ patches: [{ op: 'remove', id: 7 }] });
    } else {
      session.dispatch({ id: 0, event: 'add' });
    }
    await session.idle();
    await settle(window);
  } finally {
    console.warn = warn;
  }
  return { app, window, container, session, warnings, errors };
}

test('a reply whose patches fail on a node an extension removed resyncs from the app (ids from the snapshot), and the page works', async () => {
  const { app, window, container, session, warnings, errors } = await failedPatchPage(false);
  assert.deepEqual(errors, []);
  assert.equal(app.snapshots, 1);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /patch 0 \(op "insert", id 1\): before 7 is not a child of parent 1; rebuilt the page/);
  assert.equal(container.innerHTML, app.html());
  assert.equal(nodeById(14, container), container.querySelectorAll('li')[1], 'the snapshot\'s ids');
  click(window, buttons(container)[1]); // Delete on the Lamp row (id 17)
  await session.idle();
  assert.deepEqual(app.sent.at(-1), { id: 17, event: 'click' });
  assert.deepEqual(Array.from(container.querySelectorAll('a'), (a) => a.textContent), ['Keyboard', 'Mouse']);
  assert.deepEqual(errors, []);
});

test('a pushed update whose patches fail resyncs too', async () => {
  const { app, window, container, session, warnings, errors } = await failedPatchPage(true);
  assert.deepEqual(errors, []);
  assert.equal(app.snapshots, 1);
  assert.match(warnings[0], /patch 0 \(op "remove", id 7\)/);
  assert.equal(container.innerHTML, app.html());
  click(window, container.querySelector('a'));
  await session.idle();
  assert.equal(container.querySelector('h1').textContent, 'Keyboard');
});

test('autoStart checks data-navdom-check and resyncs from GET /_navdom/resync?session=S', async () => {
  const app = fakeApp();
  const { window, document, container } = serverPage(app, FOREIGN['a text node appended to the heading']);
  container.setAttribute('data-navdom-root', '');
  container.setAttribute('data-navdom-session', 'S1');
  container.setAttribute('data-navdom-patches', JSON.stringify(app.patches()));
  const requests = [];
  const realFetch = globalThis.fetch;
  const warn = console.warn;
  const warnings = [];
  console.warn = (message) => warnings.push(String(message));
  globalThis.fetch = async (url, init) => {
    requests.push([url, (init && init.method) || 'GET']);
    const body = url.startsWith('/_navdom/resync') ? JSON.stringify(await app.snapshot()) : JSON.stringify(await app.send(JSON.parse(init.body)));
    return { ok: true, status: 200, text: async () => body };
  };
  try {
    const [session] = await autoStart(document);
    await session.idle();
    assert.deepEqual(requests, [['/_navdom/resync?session=S1', 'GET']]);
    assert.equal(warnings.length, 1);
    assert.equal(container.querySelector('h1').textContent, 'Inventory');
    click(window, buttons(container)[1]);
    await session.idle();
    assert.equal(container.querySelectorAll('li').length, 1);
  } finally {
    globalThis.fetch = realFetch;
    console.warn = warn;
  }
});

/** A page with a form: a named text field and checkbox that send input, a password field. */
function formPage(window, sent, gone) {
  const document = window.document;
  document.body.innerHTML = '';
  const container = document.createElement('main');
  container.innerHTML = '<form><input name="title" value=""><input type="checkbox" id="urgent"><input type="password" name="secret"><textarea name="notes"></textarea></form>';
  document.body.appendChild(container);
  hydrate(container);
  applyPatches(container, [2, 3, 4, 5].flatMap((id) => [{ op: 'listen', id, event: 'input' }]));
  const send = async (event) => {
    if (gone()) throw Object.assign(new Error('410'), { sessionGone: true });
    sent.push(event);
    return { patches: [] };
  };
  return { container, session: start(container, { send, onError: () => {} }) };
}

test('form fields outlive a renewal reload: kept per URL (never passwords), written back and sent as input events', async () => {
  const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', { url: 'http://localhost/items/1/edit' });
  const { window } = dom;
  const sent = [];
  let gone = false;
  const first = formPage(window, sent, () => gone);
  const [title, urgent, secret, notes] = first.container.querySelectorAll('input, textarea');
  title.value = 'Desk lamp';
  urgent.checked = true;
  secret.value = 'hunter2';
  notes.value = 'by the window';
  gone = true; // the server restarted: the next event hears 410 and the page reloads
  title.value = 'Desk lamp!';
  title.dispatchEvent(new window.Event('input', { bubbles: true }));
  await first.session.idle();
  const kept = JSON.parse(window.sessionStorage.getItem('navdom:form:/items/1/edit'));
  assert.deepEqual(kept, [
    { key: 'name:title', index: 0, value: 'Desk lamp!' }, { key: '#urgent', index: 0, checked: true },
    { key: 'name:notes', index: 0, value: 'by the window' }]);
  first.session.stop();

  // The reloaded page (jsdom cannot reload: a fresh container from the server stands in).
  gone = false;
  const second = formPage(window, sent, () => gone);
  await second.session.idle();
  const [title2, urgent2, secret2, notes2] = second.container.querySelectorAll('input, textarea');
  assert.equal(title2.value, 'Desk lamp!');
  assert.equal(urgent2.checked, true);
  assert.equal(secret2.value, '', 'passwords are never kept');
  assert.equal(notes2.value, 'by the window');
  assert.deepEqual(sent.filter((e) => e.event === 'input'), [
    { id: 2, event: 'input', value: 'Desk lamp!' }, { id: 3, event: 'input', value: 'true', checked: true }, { id: 5, event: 'input', value: 'by the window' }]);
  assert.equal(window.sessionStorage.getItem('navdom:form:/items/1/edit'), null, 'used once');
});

test('a pushed update that arrives during a rebuild is applied after it, not overwritten by an older snapshot', async () => {
  const app = fakeApp();
  const { window, container } = serverPage(app);
  hydrate(container);
  applyPatches(container, app.patches());
  let push = null;
  const snapshot = () => new Promise((resolve) => window.setTimeout(() => resolve(app.snapshot()), 20));
  const warn = console.warn;
  console.warn = () => {};
  try {
    const session = start(container, { send: app.send, snapshot, subscribe: (onReply) => { push = onReply; }, onError: (e) => { throw e; } });
    const rebuilt = session.resync('asked to resync');
    push({ patches: [{ op: 'text', id: 13, text: 'Pushed' }] });
    assert.equal(container.querySelector('h1').textContent, 'Inventory', 'not applied to the page being replaced');
    assert.equal(await rebuilt, true);
    await settle(window);
    assert.equal(container.querySelector('h1').textContent, 'Pushed');
  } finally {
    console.warn = warn;
  }
});

test('a rebuild keeps focus, the caret and what was typed (sent to the app as input events)', async () => {
  const dom = new JSDOM('<!DOCTYPE html><html><body><main><p>Search</p><input name="q"></main></body></html>', { url: 'http://localhost/' });
  const { window } = dom;
  const container = window.document.querySelector('main');
  hydrate(container);
  applyPatches(container, [{ op: 'listen', id: 3, event: 'input' }]);
  const sent = [];
  const snapshot = async () => ({ html: '<p>Search</p><input name="q">', ids: [1, 2, 7], patches: [{ op: 'listen', id: 7, event: 'input' }], url: '/' });
  const warn = console.warn;
  console.warn = () => {};
  try {
    const session = start(container, { send: async (event) => (sent.push(event), { patches: [] }), snapshot });
    const field = container.querySelector('input');
    field.focus();
    field.value = 'lamp'; // typed, and its input event not yet sent
    field.setSelectionRange(2, 2);
    assert.equal(await session.resync('a test'), true);
    await session.idle();
    const rebuilt = container.querySelector('input');
    assert.notEqual(rebuilt, field, 'a new element');
    assert.equal(nodeId(rebuilt), 7, 'with the snapshot\'s id');
    assert.equal(window.document.activeElement, rebuilt);
    assert.equal(rebuilt.selectionStart, 2);
    assert.equal(rebuilt.value, 'lamp');
    assert.deepEqual(sent, [{ id: 7, event: 'input', value: 'lamp' }]);
  } finally {
    console.warn = warn;
  }
});

test('hydrate with ids numbers the nodes with them, and refuses a page with more or fewer nodes', () => {
  const dom = new JSDOM('<!DOCTYPE html><main><p>a</p></main>');
  const container = dom.window.document.querySelector('main');
  assert.equal(hydrate(container, [4, 9]), 9);
  assert.equal(nodeById(9, container), container.firstChild.firstChild);
  assert.throws(() => hydrate(container, [4]), /more nodes than the 1 ids given/);
  assert.throws(() => hydrate(container, [4, 9, 10]), /2 nodes for 3 ids/);
});

test('mountPage puts a module\'s first render (nodes) into an empty container, numbered and listening', async () => {
  const { mountPage } = await import('../../Sources/LiveSessions/Resources/runtime/resync.js');
  const dom = new JSDOM('<!DOCTYPE html><div id="app"></div>', { url: 'http://localhost/' });
  const container = dom.window.document.getElementById('app');
  const app = fakeApp();
  app.addLamp();
  app.sendsNodes = true;
  mountPage(container, await app.snapshot());
  assert.equal(container.innerHTML, app.html());
  assert.equal(nodeId(container.querySelectorAll('li')[1]), 14);
  assert.equal(nodeById(17, container), container.querySelectorAll('button')[1], 'the Lamp\'s Delete has its id');
  assert.throws(() => mountPage(container, { nodes: [], patches: [] }), /needs an empty container/);
});
