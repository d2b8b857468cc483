// Loading the WebAssembly module under node and calling its exports (the ABI of
// Sources/NavDOMWasmABI/WasmABI.swift), shared by the tests in this folder.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const wasmPath = path.resolve(root, process.env.NAVDOM_WASM || '.build-wasm/navdom.wasm');
const nativePath = path.resolve(root, process.env.NAVDOM_BIN || '.build/debug/navdom');

/**
 * Instantiates the module at `modulePath` (default the app module, NAVDOM_WASM); `logged`
 * collects what it writes through env.navdom_write.
 */
function instantiate(modulePath = wasmPath) {
  if (!fs.existsSync(modulePath)) throw new Error(`${modulePath} is missing: run Scripts/build-wasm.sh first`);
  const logged = [];
  let memory = null;
  // VisitorStorage's imports, over a Map (runtime.js gives the module localStorage).
  const stored = new Map();
  const text = (pointer, length) => Buffer.from(memory.buffer, pointer, length).toString('utf8');
  const imports = {
    env: {
      navdom_write(pointer, length) {
        logged.push(text(pointer, length));
      },
      navdom_storage_get(pointer, length) {
        const value = stored.get(text(pointer, length));
        if (value === undefined) return 0n;
        const bytes = Buffer.from(value, 'utf8');
        const copy = instance.exports.navdom_alloc(bytes.length);
        new Uint8Array(memory.buffer, copy, bytes.length).set(bytes);
        return BigInt(copy) | (BigInt(bytes.length) << 32n);
      },
      navdom_storage_set(keyPointer, keyLength, valuePointer, valueLength) {
        const key = text(keyPointer, keyLength);
        if (valueLength < 0) stored.delete(key);
        else stored.set(key, text(valuePointer, valueLength));
      },
    },
  };
  let instance = null;
  instance = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(modulePath)), imports);
  memory = instance.exports.memory;
  const wasm = { exports: instance.exports, memory, logged };

  /** Calls export `name`; strings are copied in (null: absent, length -1); returns the text. */
  wasm.call = (name, ...args) => {
    const allocated = [];
    const flat = [];
    for (const arg of args) {
      if (typeof arg === 'number') { flat.push(arg); continue; }
      if (arg === null || arg === undefined) { flat.push(0, -1); continue; }
      const bytes = Buffer.from(arg, 'utf8');
      const pointer = instance.exports.navdom_alloc(bytes.length);
      new Uint8Array(memory.buffer, pointer, bytes.length).set(bytes);
      allocated.push(pointer);
      flat.push(pointer, bytes.length);
    }
    try {
      const bits = BigInt.asUintN(64, instance.exports[name](...flat));
      const pointer = Number(bits & 0xFFFFFFFFn);
      const length = Number((bits >> 32n) & 0x7FFFFFFFn);
      const text = Buffer.from(memory.buffer, pointer, length).toString('utf8');
      if (pointer !== 0) instance.exports.navdom_free(pointer);
      if (bits >> 63n) throw new Error(`wasm ${name} error: ${text}`);
      return text;
    } finally {
      allocated.forEach((pointer) => instance.exports.navdom_free(pointer));
    }
  };
  return wasm;
}

/** The native CLI's stdout. */
function native(...args) {
  if (!fs.existsSync(nativePath)) throw new Error(`${nativePath} is missing: run swift build --product navdom (or set NAVDOM_BIN)`);
  return execFileSync(nativePath, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/**
 * `patches` with each `inserts` entry (PROTOCOL.md) expanded into the `insert` patches it
 * stands for, keys in the order the Swift writer puts them. A native build writes runs of
 * inserts as one entry; the demo's module writes each insert (its app does not ask for runs:
 * WasmApp.PatchFormat), so parity compares the two expanded.
 */
function expandInserts(patches) {
  const expanded = [];
  for (const patch of patches) {
    if (patch.op !== 'inserts') {
      expanded.push(patch);
      continue;
    }
    const { parent, before, node, more } = patch;
    expanded.push({ op: 'insert', parent, before, node });
    const size = countNodes(node);
    more.forEach((values, index) => {
      let next = 0;
      const copy = (wire) => {
        const result = { ...wire, id: wire.id + (index + 1) * size };
        if ('text' in wire) result.text = values[next++];
        else if ('comment' in wire) result.comment = values[next++];
        else {
          if ('key' in wire) result.key = values[next++];
          if (wire.children) result.children = wire.children.map(copy);
        }
        return result;
      };
      expanded.push({ op: 'insert', parent, before, node: copy(node) });
    });
  }
  return expanded;
}

function countNodes(wire) {
  return 1 + (wire.children || []).reduce((total, child) => total + countNodes(child), 0);
}

module.exports = { root, wasmPath, nativePath, instantiate, native, expandInserts, countNodes };
