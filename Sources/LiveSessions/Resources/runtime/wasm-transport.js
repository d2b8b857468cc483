// The WebAssembly transport: the app runs client-side in an app's module
// (Sources/NavigationWasm; the demo's is Sources/NavDOMWasm), whose exports render, diff and
// return the same replies a live server sends.

import { DEFAULT_WASM } from './dom.js';
import { modifierBits } from './event-options.js';

/**
 * A transport that runs the app in the WebAssembly module: each event goes to the module's
 * exports; `start` hands the replies' patches to applyPatches.
 *
 *   start(container, wasmTransport({ url: '/navdom.wasm' }))
 *
 * options.url: where to fetch the module (default "/navdom.wasm"), or options.module: its
 * bytes or a compiled WebAssembly.Module. options.app: the name the module registered the
 * app under (WasmApp.register); default the first it registered. options.location: the URL
 * (path and query) to start the app at; default the window's. options.fetch: a fetch() to
 * load with (tests, other environments). options.storage: where the app's VisitorStorage
 * lives (a Storage: getItem, setItem, removeItem); default the window's localStorage.
 *
 * The module starts the app at that URL at once and renders the same tree as the server's
 * first paint, with the same node ids, so it takes over the hydrated page without a
 * re-render. `ready` resolves to what the module started with: {nodes, patches, url}.
 * A trap in the module rejects that call with an error whose `cause` is the trap and whose
 * `sessionGone` makes a started page reload at its URL; nothing more is sent to the module.
 * Returns {send, ready, snapshot}.
 */
export function wasmTransport(options) {
  const { url = DEFAULT_WASM, app = '' } = options || {};
  const win = typeof window !== 'undefined' ? window : null;
  const location = (options && options.location) || (win ? win.location.pathname + win.location.search : '/');
  const module = new WasmModule();
  module.storage = (options && options.storage) || null;
  const ready = loadModule(module, options, url).then(() =>
    JSON.parse(module.call('app_start', `to start ${app || 'the app'} at ${location}`, app, location)));
  const send = async (event) => {
    await ready;
    let reply;
    if (event.id === 0 && event.event === 'popstate') {
      reply = module.call('app_popstate', `popstate to ${event.value}`, event.value);
    } else {
      const what = `${event.event} on #${event.id}`;
      // checked: 0 absent, 1 false, 2 true; modifiers as EventModifiers' bits (WasmExports.swift).
      const checked = event.checked === undefined ? 0 : event.checked ? 2 : 1;
      reply = module.call('app_dispatch', what, event.id, event.event, event.value, event.key, checked, modifierBits(event.modifiers));
    }
    module.releaseAfterPaint();
    return JSON.parse(reply);
  };
  /** The app's current page, for resyncSession (a module without app_snapshot has none). */
  const snapshot = async () => {
    await ready;
    if (typeof module.exports.app_snapshot !== 'function') throw new Error('navdom: the module has no app_snapshot export to resync from; rebuild it');
    return JSON.parse(module.call('app_snapshot', 'a snapshot of the page'));
  };
  return { send, ready, snapshot };
}

const STORAGE_PREFIX = 'navdom:';

/**
 * Runs `task` in a task of its own after the next paint (a timer where there are no frames).
 * Not when idle: in Chromium, with frames asked for back to back, `requestIdleCallback` waited
 * for its timeout, and the next event's render freed the page instead, so its answer waited.
 */
function afterNextPaint(task) {
  if (typeof globalThis.requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}

/**
 * Runs `body` with the storage area (`given`, else localStorage); undefined when there is none
 * or it refuses (storage disabled, quota full): the app then reads nothing and its writes go.
 */
function storageCall(given, body) {
  try {
    const area = given || globalThis.localStorage;
    return area ? body(area) : undefined;
  } catch (_) {
    return undefined;
  }
}

/** Fetches (or takes) the module's bytes and instantiates them into `module`. */
async function loadModule(module, options, url) {
  let source = options && options.module;
  if (!source) {
    const fetchImpl = (options && options.fetch) || globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new Error('navdom: no fetch() to load the module with');
    const response = await fetchImpl(url);
    if (!response.ok) throw new Error(`navdom: ${url} answered ${response.status}; build the module (swift package build-wasm, docs/WASM.md)`);
    source = await response.arrayBuffer();
  }
  const imports = module.imports();
  const instance = source instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(source, imports)
    : (await WebAssembly.instantiate(source, imports)).instance;
  module.exports = instance.exports;
  module.memory = instance.exports.memory;
}

/** One instance of an app's module: strings in and out of its memory, and its trap. */
class WasmModule {
  constructor() {
    this.exports = null;
    this.memory = null;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
    /**
     * The trap that stopped the module, once one has. A trap (a Swift precondition, an
     * overflow, an out-of-bounds index) ends the call halfway, so the app's state in the
     * module can no longer be trusted: nothing more goes to it.
     */
    this.trap = null;
    this.storage = null; // options.storage, or the window's localStorage
    this.releasePending = false; // releaseAfterPaint has a call waiting
  }

  imports() {
    // A line from the module: fatal errors and print(); see Sources/NavDOMWasmLibc.
    const navdom_write = (pointer, length) => console.error('navdom wasm: ' + this.read(pointer, length));
    // VisitorStorage (Sources/NavigationWasm/BrowserStorage.swift): localStorage, under "navdom:".
    const navdom_storage_get = (pointer, length) => {
      const value = storageCall(this.storage, (area) => area.getItem(STORAGE_PREFIX + this.read(pointer, length)));
      if (typeof value !== 'string') return 0n;
      const bytes = this.encoder.encode(value);
      const copy = this.exports.navdom_alloc(bytes.length);
      if (!copy) return 0n;
      new Uint8Array(this.memory.buffer, copy, bytes.length).set(bytes);
      return BigInt(copy) | (BigInt(bytes.length) << 32n);
    };
    const navdom_storage_set = (keyPointer, keyLength, valuePointer, valueLength) => {
      const key = STORAGE_PREFIX + this.read(keyPointer, keyLength);
      const value = valueLength < 0 ? null : this.read(valuePointer, valueLength);
      storageCall(this.storage, (area) => (value === null ? area.removeItem(key) : area.setItem(key, value)));
    };
    return { env: { navdom_write, navdom_storage_get, navdom_storage_set } };
  }

  /** `length` bytes of UTF-8 at `pointer` in the module's memory. */
  read(pointer, length) {
    return this.decoder.decode(new Uint8Array(this.memory.buffer, pointer, length));
  }

  /** Copies `text` into the module's memory; returns [pointer, length] (free with navdom_free). */
  put(text) {
    const bytes = this.encoder.encode(text);
    const pointer = this.exports.navdom_alloc(bytes.length);
    if (!pointer) throw new Error('navdom: the module is out of memory');
    new Uint8Array(this.memory.buffer, pointer, bytes.length).set(bytes);
    return [pointer, bytes.length];
  }

  /** Reads and frees a packed result (pointer | length << 32, bit 63 = error). */
  take(result, what) {
    const bits = BigInt.asUintN(64, result);
    const pointer = Number(bits & 0xFFFFFFFFn);
    const length = Number((bits >> 32n) & 0x7FFFFFFFn);
    const text = pointer ? this.decoder.decode(new Uint8Array(this.memory.buffer, pointer, length)) : '';
    if (pointer) this.exports.navdom_free(pointer);
    if (bits >> 63n) throw new Error(`navdom: the module refused ${what}: ${text || 'out of memory'}`);
    return text;
  }

  /**
   * The error for `what` once the module has trapped: the trap's message and its wasm
   * stack, and `sessionGone`, so a started page reloads at its URL in a new instance (the
   * navigation state lives in the URL). A trap while the app starts is only reported:
   * reloading would start it the same way again.
   */
  trapError(name, what, now) {
    const trap = this.trap;
    const said = `the module trapped during ${trap.during} (${trap.error.message}), so the app's state in it is lost`;
    const error = new Error(now ? `navdom: ${said}` : `navdom: ${what} was not sent: earlier, ${said}`);
    error.moduleTrapped = true;
    error.sessionGone = name !== 'app_start';
    error.cause = trap.error;
    if (trap.error.stack) error.stack = `${error.stack}\nCaused by: ${trap.error.stack}`;
    return error;
  }

  /**
   * Has the module free the tree its last render replaced (app_release) after the next
   * paint: a render keeps it, so that freeing it, a release per element (about 8 ms for
   * 10,000 table rows), comes after the page is updated and painted. A module built without
   * the export frees it as it renders. (A hidden page paints no frames: its module keeps one
   * page more until the next render frees it.)
   */
  releaseAfterPaint() {
    if (this.releasePending || typeof this.exports.app_release !== 'function') return;
    this.releasePending = true;
    afterNextPaint(() => {
      this.releasePending = false;
      if (this.trap) return;
      try {
        this.exports.app_release();
      } catch (error) {
        this.recordTrap(error, 'freeing the page it replaced'); // the next call says so
      }
    });
  }

  /** Keeps a trap as what stopped the module, `during` saying when; any other error is thrown on. */
  recordTrap(error, during) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    this.trap = { error, during };
  }

  /** Calls an export with string arguments (null: absent, passed as length -1). */
  call(name, what, ...args) {
    if (this.trap) throw this.trapError(name, what, false);
    const allocated = [];
    const flat = [];
    // The copies are made inside the try: when one fails (out of memory), those made before
    // it are freed too.
    try {
      for (const arg of args) {
        if (typeof arg === 'number') { flat.push(arg); continue; }
        if (arg === null || arg === undefined) { flat.push(0, -1); continue; }
        const [pointer, length] = this.put(String(arg));
        allocated.push(pointer);
        flat.push(pointer, length);
      }
      return this.take(this.exports[name](...flat), what);
    } catch (error) {
      this.recordTrap(error, what);
      throw this.trapError(name, what, true);
    } finally {
      // A trapped module's allocator may be mid-change: it is not called again.
      if (!this.trap) allocated.forEach((pointer) => this.exports.navdom_free(pointer));
    }
  }
}
