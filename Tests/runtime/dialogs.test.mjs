// Dismissing nested dialogs and focus inside a dialog's stack (issue 31), under jsdom with the
// dialog stand-in of helpers.mjs. The browsers' own behaviour is checked in
// Tests/browser/test_compositions.py.
import test from 'node:test';
import assert from 'node:assert/strict';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { nodeId } from '../../Sources/LiveSessions/Resources/runtime/root.js';
import { start } from '../../Sources/LiveSessions/Resources/runtime/session.js';
import { page, settle } from './helpers.mjs';

// Three nested dialogs as a runtime renders them (in the container, in presentation order).
const NESTED =
  '<main>Projects</main>' +
  '<dialog id="team" open><h2>Team</h2><button>Invite</button></dialog>' +
  '<dialog id="team-invite" open><h2>Invite</h2><button>Send</button></dialog>' +
  '<dialog id="team-invite-confirm" open><h2>Send?</h2><button>OK</button></dialog>';

/** The nested page, started; the app answers `cancel` with `answer(id)` (default: remove it). */
function nestedPage(answer) {
  const env = page(NESTED);
  const dialogs = Array.from(env.container.querySelectorAll('dialog'));
  const ids = dialogs.map((dialog) => nodeId(dialog));
  applyPatches(env.container, ids.flatMap((id) => [{ op: 'listen', id, event: 'cancel' }, { op: 'listen', id, event: 'close' }]));
  const sent = [];
  const opened = [];
  const showModal = env.window.HTMLDialogElement.prototype.showModal;
  env.window.HTMLDialogElement.prototype.showModal = function () {
    opened.push(this.id);
    showModal.call(this);
  };
  const reply = answer || ((id) => ({ patches: [{ op: 'remove', id }] }));
  const session = start(env.container, { send: async (event) => (sent.push(event), reply(event.id)) });
  return { ...env, dialogs, ids, sent, opened, session };
}

/**
 * One Escape as Chromium handles it before any user activation: every dialog of the close
 * request gets an uncancelable `cancel`, top first, and is closed whatever the listener did.
 */
function escapeClosingAll(env) {
  for (const dialog of env.dialogs.slice().reverse()) {
    dialog.dispatchEvent(new env.window.Event('cancel', { cancelable: false }));
    dialog.close();
  }
}

test('an Escape the browser will not let be prevented sends one cancel, for the top dialog', async () => {
  const env = nestedPage();
  escapeClosingAll(env);
  await settle(env.window);
  await env.session.idle();
  await settle(env.window);
  assert.deepEqual(env.sent, [{ id: env.ids[2], event: 'cancel' }], 'no cancel for covered dialogs, no close at all');
  assert.equal(env.dialogs[2].isConnected, false, 'the app removed the top dialog');
  assert.deepEqual(env.opened, ['team', 'team-invite'], 'the others were reopened, bottom first');
  assert.ok(env.dialogs[0].open && env.dialogs[1].open);
});

test('when the app keeps the top dialog (a refused dismissal) all three are reopened in order', async () => {
  const env = nestedPage(() => ({ patches: [] }));
  escapeClosingAll(env);
  await settle(env.window);
  await env.session.idle();
  await settle(env.window);
  assert.deepEqual(env.sent, [{ id: env.ids[2], event: 'cancel' }]);
  assert.deepEqual(env.opened, ['team', 'team-invite', 'team-invite-confirm']);
  assert.ok(env.dialogs.every((dialog) => dialog.open));
});

test('a preventable Escape closes nothing itself and sends one cancel', async () => {
  const env = nestedPage();
  const top = env.dialogs[2];
  assert.equal(top.dispatchEvent(new env.window.Event('cancel', { cancelable: true })), false, 'prevented');
  await env.session.idle();
  await settle(env.window);
  assert.deepEqual(env.sent, [{ id: env.ids[2], event: 'cancel' }]);
  assert.deepEqual(env.opened, []);
  assert.ok(env.dialogs[0].open && env.dialogs[1].open);
});

test('a form method=dialog close still reaches the app, and a kept dialog opens again', async () => {
  const env = nestedPage(() => ({ patches: [] }));
  env.dialogs[2].close(); // what submitting its <form method="dialog"> does
  await settle(env.window);
  await env.session.idle();
  await settle(env.window);
  assert.deepEqual(env.sent, [{ id: env.ids[2], event: 'close' }]);
  assert.deepEqual(env.opened, ['team-invite-confirm']);
});

// A wizard sheet with its own stack: the root page and, after "Next", step 2.
const WIZARD =
  '<main>Projects</main>' +
  '<dialog id="wizard" open><div class="navigation-stack">' +
  '<section class="navigation-page navigation-root" data-depth="0"><h2>New project</h2><button>Next</button></section>' +
  '</div></dialog>';

test('a push inside a dialog\'s stack moves focus to the new page\'s heading, a pop back to the root\'s', () => {
  const { container, document } = page(WIZARD);
  const stack = container.querySelector('.navigation-stack');
  const root = stack.firstChild;
  const next = root.querySelector('button');
  next.focus();
  const stackID = nodeId(stack);
  const rootID = nodeId(root);
  applyPatches(container, [
    { op: 'setAttr', id: rootID, name: 'hidden', value: '' },
    {
      op: 'insert', parent: stackID, before: null,
      node: {
        id: 50, tag: 'section', attrs: [['id', 'wizard-page-1'], ['class', 'navigation-page'], ['aria-labelledby', 'wizard-page-1-title']],
        children: [{ id: 51, tag: 'h2', attrs: [['id', 'wizard-page-1-title']], children: [{ id: 52, text: 'Step 2' }] }],
      },
    },
  ]);
  const heading = document.getElementById('wizard-page-1-title');
  assert.equal(document.activeElement, heading);
  assert.equal(heading.getAttribute('tabindex'), '-1');

  applyPatches(container, [{ op: 'remove', id: 50 }, { op: 'removeAttr', id: rootID, name: 'hidden' }]);
  assert.equal(document.activeElement, root.querySelector('h2'));
});

test('patches that leave the dialog\'s page as it was do not move focus', () => {
  const { container, document } = page(WIZARD);
  const button = container.querySelector('button');
  button.focus();
  applyPatches(container, [{ op: 'setAttr', id: nodeId(button), name: 'class', value: 'primary' }]);
  assert.equal(document.activeElement, button);
});

test('a refused Back (the app answers the popstate with its own URL, pushed) puts the URL back', async () => {
  const env = page('<button>New project</button>', { url: 'http://localhost/projects' });
  applyPatches(env.container, [{ op: 'listen', id: 1, event: 'click' }]);
  const sent = [];
  const session = start(env.container, {
    send: async (event) => {
      sent.push(event.event + (event.value ? ' ' + event.value : ''));
      // A sheet with unsaved changes is up: AppSession.popState refuses and answers like this.
      if (event.event === 'popstate') return { patches: [], url: '/projects/new', history: 'push' };
      return { patches: [], url: '/projects/new' };
    },
  });
  const at = async (pathname) => {
    for (let waited = 0; env.window.location.pathname !== pathname && waited < 2000; waited += 20) await settle(env.window);
    return env.window.location.pathname;
  };
  env.container.firstChild.dispatchEvent(new env.window.MouseEvent('click', { bubbles: true, cancelable: true }));
  await session.idle();
  assert.equal(await at('/projects/new'), '/projects/new');

  const back = async (count) => {
    env.window.history.back();
    for (let waited = 0; sent.length < count && waited < 2000; waited += 20) await settle(env.window);
    await session.idle();
  };
  await back(2);
  assert.equal(await at('/projects/new'), '/projects/new', 'the app kept its state, so the URL follows it');
  await back(3); // Back again asks the app again
  assert.equal(await at('/projects/new'), '/projects/new');
  assert.deepEqual(sent, ['click', 'popstate /projects', 'popstate /projects']);
});
