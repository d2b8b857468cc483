// serve --watch: the page reloads when the server is rebuilt, and shows the build's state.

import { keepFormForReload } from './form-recovery.js';
import { RENEWED_AFTER_REBUILD, renewSession } from './renewal.js';

/**
 * Under `serve --watch` (the container has `data-navdom-watch`): listens to the watch stream.
 * Its `hello` names the server's instance; once the stream reconnects to another instance
 * (a rebuilt server), the page reloads at its URL, keeping typed text as a renewal does.
 * Each `build` event ({"state": "building" | "failed", "log"?, "detail"?}) shows in a box before the
 * container; a reload clears it. Returns a function that stops listening.
 *
 *   const stop = watchForRebuilds(container, '/_navdom/watch')
 */
export function watchForRebuilds(container, url, EventSourceImpl = globalThis.EventSource) {
  const win = container.ownerDocument.defaultView;
  if (typeof EventSourceImpl !== 'function' || !win) return () => {};
  const watch = { instance: null, source: null, retry: null };
  const connect = () => {
    const source = (watch.source = new EventSourceImpl(url));
    source.addEventListener('hello', (message) => {
      if (watch.instance !== null && message.data !== watch.instance) {
        source.close();
        keepFormForReload(container);
        return renewSession(win, RENEWED_AFTER_REBUILD);
      }
      watch.instance = message.data;
    });
    source.addEventListener('build', (message) => {
      try {
        showBuildState(container, JSON.parse(message.data));
      } catch (_) {
        console.error(`navdom: a build state is not JSON: ${String(message.data).slice(0, 200)}`);
      }
    });
    // A stream the browser gave up on (an answer other than a stream, mid-restart): again soon.
    source.addEventListener('error', () => {
      if (source.readyState === 2 && watch.retry === null) watch.retry = setTimeout(() => ((watch.retry = null), connect()), 500);
    });
  };
  connect();
  return () => {
    clearTimeout(watch.retry);
    watch.source.close();
  };
}

/** The build's state in a box before the container: "Rebuilding…", or the compiler's errors. */
function showBuildState(container, build) {
  const doc = container.ownerDocument;
  let box = doc.querySelector('.navdom-build');
  if (!box && container.parentNode) {
    box = doc.createElement('pre');
    box.className = 'navdom-build';
    box.setAttribute('role', 'status');
    container.parentNode.insertBefore(box, container);
  }
  if (!box) return;
  box.dataset.state = build.state;
  box.textContent = build.state === 'failed'
    ? 'The build failed; the page runs the last build.\n\n' + (build.log || '')
    : build.detail || 'Rebuilding…';
}
