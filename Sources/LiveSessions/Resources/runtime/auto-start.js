// Starting a page from its markup: every `[data-navdom-root]` container is hydrated and, by
// its data attributes, started live (a session), on the WebAssembly module, or left static.
// The sessions started are kept on the document they belong to, for idle().

import { DEFAULT_ENDPOINT, DEFAULT_RESYNC, DEFAULT_STREAM, DEFAULT_WASM, DEFAULT_WATCH } from './dom.js';
import { rootIfAny } from './root.js';
import { hydrate } from './hydration.js';
import { mismatchMessage, verifyHydration } from './check.js';
import { applyPatches } from './patches.js';
import { start } from './session.js';
import { httpTransport } from './http-transport.js';
import { wasmTransport } from './wasm-transport.js';
import { watchForRebuilds } from './watch.js';

const AUTO_STARTED = Symbol('navdom.autoStarted'); // document -> the sessions autoStart started

/**
 * Hydrates every `[data-navdom-root]` of `doc` once it is parsed and starts those with a
 * session or a module (docs/RUNTIME.md lists the data attributes). Resolves to the sessions
 * started. options.fetch: the fetch() wasmTransport loads modules with (tests).
 *
 *   const [session] = await autoStart(document)
 */
export function autoStart(doc, options) {
  return new Promise((resolve) => {
    const run = () => {
      const sessions = Array.from(doc.querySelectorAll('[data-navdom-root]'), (container) => startFromAttributes(container, options)).filter(Boolean);
      if (!doc[AUTO_STARTED]) doc[AUTO_STARTED] = [];
      doc[AUTO_STARTED].push(...sessions);
      resolve(sessions);
    };
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  });
}

/**
 * Resolves once every session autoStart started in `doc` (default: the page's document) has
 * sent its queued events and applied their replies (for tests and tools that drive a page
 * from outside): `await navdom.idle()`.
 */
export function idle(doc = globalThis.document) {
  const sessions = (doc && doc[AUTO_STARTED]) || [];
  return Promise.all(sessions.map((session) => session.idle())).then(() => undefined);
}

function startFromAttributes(container, options) {
  if (rootIfAny(container)) return null; // started already
  const data = container.dataset;
  try {
    if (data.navdomWatch !== undefined) watchForRebuilds(container, data.navdomWatch || DEFAULT_WATCH);
    hydrate(container);
    const patches = data.navdomPatches ? JSON.parse(data.navdomPatches) : null;
    // A DOM changed before the runtime ran gets no patches: its ids do not line up.
    const mismatch = verifyHydration(container);
    if (data.navdomPatches && !mismatch) applyPatches(container, patches);
    if (data.navdomWasm !== undefined) return startWasm(container, patches, options, mismatch);
    if (!data.navdomSession) {
      if (mismatch) console.warn(`navdom: the page is not the one the server rendered (${mismatch.found}, expected ${mismatch.expected})`);
      return null;
    }
    const stream = data.navdomStream === undefined ? null : data.navdomStream || DEFAULT_STREAM;
    const resync = data.navdomResync || DEFAULT_RESYNC;
    const transport = httpTransport({ session: data.navdomSession, endpoint: data.navdomEndpoint || DEFAULT_ENDPOINT, stream, resync });
    const session = start(container, { ...transport, sequence: data.navdomSeq });
    if (mismatch) session.resync(mismatchMessage(mismatch));
    return session;
  } catch (error) {
    console.error(error);
    return null;
  }
}

/**
 * Starts a server-rendered, hydrated container on the WebAssembly module. The module renders
 * the same page for the URL; if its hydration patches differ from the server's, ids or
 * listeners would not line up, so that is reported. `patches`: the server's, as parsed.
 */
function startWasm(container, patches, options, mismatch) {
  const data = container.dataset;
  const win = container.ownerDocument.defaultView;
  const transport = wasmTransport({
    url: data.navdomWasm || DEFAULT_WASM,
    app: data.navdomWasmApp || '',
    location: win ? win.location.pathname + win.location.search : '/',
    fetch: options && options.fetch,
  });
  const session = start(container, transport);
  // The module starts the app afresh, so its first render is the page's current state.
  if (mismatch) session.resync(mismatchMessage(mismatch), () => transport.ready);
  session.ready = transport.ready.then((started) => {
    // The module can know what the server could not (the visitor's storage, in localStorage):
    // its page then differs from the first paint, and is the one to show.
    if (!mismatch && data.navdomPatches && JSON.stringify(started.patches) !== JSON.stringify(patches)) {
      session.resync('the module rendered a different page than the server (state only the browser has, such as the visitor\'s storage)');
    }
    return started;
  });
  session.ready.catch((error) => console.error(error));
  return session;
}
