/*
 * navdom runtime, the entry module: hydrates server-rendered HTML, applies the patches of
 * docs/PROTOCOL.md, and wires browser events back to the app. No build step, no dependencies:
 * ES modules, this one importing the rest, its siblings in runtime/ (docs/RUNTIME.md has the
 * map); the server serves them bundled as /runtime.js (BrowserRuntimeBundle).
 *
 * Load it as a module, `<script type="module" src="/runtime.js">`: it sets `window.navdom` (its
 * one global, for the console and for scripts that drive a page) and starts every
 * `[data-navdom-root]` once the DOM is parsed, unless its script element has
 * `data-navdom-manual`. Imported by another module it sets `window.navdom` and starts nothing;
 * any module of runtime/ can be imported on its own (the tests do).
 *
 * Data attributes on the container (the element holding the app, node id 0):
 *
 *   data-navdom-root              marks a container for autoStart().
 *   data-navdom-session="S"       the live session id. Without it the container is only
 *                                 hydrated (a static page): no events are sent.
 *   data-navdom-endpoint="/url"   where events are POSTed (default "/_navdom/event").
 *   data-navdom-stream[="/url"]   present: subscribe to server-pushed updates with
 *                                 Server-Sent Events at URL?session=S (empty value:
 *                                 "/_navdom/stream").
 *   data-navdom-patches='[...]'   a JSON patch list applied right after hydration, for what
 *                                 HTML cannot say: `listen` ops for the elements that listen,
 *                                 `setProp` ops for properties.
 *   data-navdom-check="N:H"       the node count and hash of what the server rendered: a DOM
 *                                 changed before the runtime ran (an extension, a translator)
 *                                 is rebuilt from the app's current state (resyncSession).
 *   data-navdom-resync="/url"     where the live page fetches that state (default
 *                                 "/_navdom/resync").
 *   data-navdom-wasm[="/url"]     present: the app runs client-side in the WebAssembly module
 *                                 at URL (empty value: "/navdom.wasm"; `navdom serve --wasm`),
 *                                 through wasmTransport; no session.
 *   data-navdom-wasm-app="name"   the module's app to run (default: the first it registers).
 *   data-navdom-watch[="/url"]    present (`serve --watch`): reload when the server is
 *                                 rebuilt and show build errors (watchForRebuilds; empty
 *                                 value: "/_navdom/watch").
 */

import { hydrate } from './hydration.js';
import { verifyHydration } from './check.js';
import { applyPatches } from './patches.js';
import { start } from './session.js';
import { httpTransport } from './http-transport.js';
import { wasmTransport } from './wasm-transport.js';
import { autoStart, idle } from './auto-start.js';
import { nodeById, nodeId } from './root.js';
import { disableLatencySim, enableLatencySim } from './pending.js';
import { watchForRebuilds } from './watch.js';
import { mountPage } from './resync.js';

export {
  hydrate, verifyHydration, applyPatches, mountPage, start, httpTransport, wasmTransport, autoStart, idle, nodeId,
  nodeById, enableLatencySim, disableLatencySim, watchForRebuilds,
};

/** The API as one object: `window.navdom` in a page. */
export const navdom = Object.freeze({
  hydrate, verifyHydration, applyPatches, mountPage, start, httpTransport, wasmTransport, autoStart, idle, nodeId,
  nodeById, enableLatencySim, disableLatencySim, watchForRebuilds,
});

/**
 * The <script> element that loaded this module in `doc`, or null (imported by another module,
 * or not in a page). A module has no `document.currentScript`, so it is found by its URL.
 */
export function ownScript(doc, url = import.meta.url) {
  if (!doc || typeof doc.querySelectorAll !== 'function') return null;
  return Array.from(doc.querySelectorAll('script[src]')).find((script) => script.src === url) || null;
}

// In a page: the one global, and the automatic start unless the page asked for none.
if (typeof window !== 'undefined' && window.document) {
  window.navdom = navdom;
  const script = ownScript(window.document);
  if (script && !script.hasAttribute('data-navdom-manual')) autoStart(window.document);
}
