// The live transport: events POSTed to the server as JSON, replies read back, server-pushed
// updates over Server-Sent Events, and the session's current page for a resync.

import { DEFAULT_ENDPOINT, DEFAULT_RESYNC } from './dom.js';

/**
 * The default transport: POSTs each event as JSON {"session", "id", "event", "value"?,
 * "key"?} to `endpoint` and reads the reply JSON. With `stream`, `subscribe` listens to
 * Server-Sent Events at `stream?session=S`, each `message` a reply.
 * `fetch` and `EventSource` can be passed in (tests, other environments).
 *
 *   start(container, httpTransport({ session: 'S', stream: '/_navdom/stream' }))
 */
export function httpTransport(options) {
  const { session, endpoint = DEFAULT_ENDPOINT, stream = null, resync = DEFAULT_RESYNC } = options || {};
  if (typeof session !== 'string' || session === '') throw new Error('navdom: httpTransport needs a session id');
  const fetchImpl = (options && options.fetch) || globalThis.fetch;
  const EventSourceImpl = (options && options.EventSource) || globalThis.EventSource;
  const send = (event) => sendEvent(fetchImpl, endpoint, session, event);
  const snapshot = () => fetchSnapshot(fetchImpl, resync, session);
  if (!stream) return { send, snapshot };
  const subscribe = (onReply) => subscribeToStream(EventSourceImpl, withSession(stream, session), onReply);
  return { send, subscribe, snapshot };
}

function withSession(url, session) {
  return url + (url.includes('?') ? '&' : '?') + 'session=' + encodeURIComponent(session);
}

async function sendEvent(fetchImpl, endpoint, session, event) {
  if (typeof fetchImpl !== 'function') throw new Error('navdom: no fetch() to send events with');
  const response = await fetchImpl(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ session, ...event }),
  });
  const text = await response.text();
  if (!response.ok) {
    const error = new Error(`navdom: ${endpoint} answered ${response.status} ${response.statusText || ''} to ${JSON.stringify(event)}: ${text.slice(0, 200)}`);
    // 410: the server no longer has this session (it restarted, or the session expired).
    error.sessionGone = response.status === 410;
    throw error;
  }
  return text ? JSON.parse(text) : null;
}

/** The session's current page, for resyncSession: GET resync?session=S. */
async function fetchSnapshot(fetchImpl, resync, session) {
  if (typeof fetchImpl !== 'function') throw new Error('navdom: no fetch() to resync with');
  const response = await fetchImpl(withSession(resync, session), { credentials: 'same-origin' });
  const text = await response.text();
  if (!response.ok) {
    const error = new Error(`navdom: ${resync} answered ${response.status}: ${text.slice(0, 200)}`);
    error.sessionGone = response.status === 410;
    throw error;
  }
  return JSON.parse(text);
}

function subscribeToStream(EventSourceImpl, url, onReply) {
  if (typeof EventSourceImpl !== 'function') {
    console.error('navdom: no EventSource; server-pushed updates are off');
    return undefined;
  }
  const source = new EventSourceImpl(url);
  source.addEventListener('message', (message) => {
    let reply;
    try {
      reply = JSON.parse(message.data);
    } catch (error) {
      return console.error(`navdom: a pushed update is not JSON: ${String(message.data).slice(0, 200)}`);
    }
    onReply(reply);
  });
  return () => source.close();
}
