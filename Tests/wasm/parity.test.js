// Parity between the renderer+diff WebAssembly module (Embedded Swift, navdom-bench.wasm) and
// the native build: the same benchmark table renders to the same bytes, and the same
// operations diff to the same patches.
//
//   Scripts/build-wasm.sh && (cd Benchmarks && swift build --product navdom-bench) && node --test Tests/wasm/
//
// NAVDOM_WASM_BENCH: the module (default .build-wasm/navdom-bench.wasm).
// NAVDOM_BENCH_BIN: the native benchmark command (default Benchmarks/.build/debug/navdom-bench),
// used for the reference output.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { expandInserts } = require('./module.js');

const root = path.resolve(__dirname, '..', '..');
const wasmPath = path.resolve(root, process.env.NAVDOM_WASM_BENCH || '.build-wasm/navdom-bench.wasm');
const nativePath = path.resolve(root, process.env.NAVDOM_BENCH_BIN || 'Benchmarks/.build/debug/navdom-bench');

const OPERATIONS = [
  'unchanged', 'swapRows', 'removeOne', 'updateEveryTenth', 'select',
  'moveLastToFirst', 'appendThousand', 'clear', 'replaceAll',
];

/** Instantiates the module; `logged` collects what it writes through env.navdom_write. */
function instantiate() {
  if (!fs.existsSync(wasmPath)) {
    throw new Error(`${wasmPath} is missing: run Scripts/build-wasm.sh first`);
  }
  const logged = [];
  let memory = null;
  const imports = {
    env: {
      // One line of text from the module (fatal errors, print); see NavDOMWasmLibc.c's putchar.
      navdom_write(pointer, length) {
        logged.push(Buffer.from(memory.buffer, pointer, length).toString('utf8'));
      },
      // VisitorStorage's imports (BrowserStorage.swift); these tests store nothing.
      navdom_storage_get: () => 0n,
      navdom_storage_set: () => {},
    },
  };
  const module = new WebAssembly.Module(fs.readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(module, imports);
  memory = instance.exports.memory;
  return { exports: instance.exports, memory, logged };
}

/** Reads and frees a packed (pointer | length << 32) result; throws on an error result. */
function takeString(wasm, result) {
  const bits = BigInt.asUintN(64, result);
  const isError = (bits >> 63n) === 1n;
  const pointer = Number(bits & 0xFFFFFFFFn);
  const length = Number((bits >> 32n) & 0x7FFFFFFFn);
  const text = Buffer.from(wasm.memory.buffer, pointer, length).toString('utf8');
  if (pointer !== 0) wasm.exports.navdom_free(pointer);
  if (isError) throw new Error(`wasm error: ${text}`);
  return text;
}

/** Copies a string into module memory; returns [pointer, length]; free with navdom_free. */
function putString(wasm, text) {
  const bytes = Buffer.from(text, 'utf8');
  const pointer = wasm.exports.navdom_alloc(bytes.length);
  assert.notEqual(pointer, 0, 'navdom_alloc returned null');
  new Uint8Array(wasm.memory.buffer, pointer, bytes.length).set(bytes);
  return [pointer, bytes.length];
}

function wasmDiff(wasm, operation, rows) {
  const [pointer, length] = putString(wasm, operation);
  try {
    return takeString(wasm, wasm.exports.diff_operation(pointer, length, rows));
  } finally {
    wasm.exports.navdom_free(pointer);
  }
}

/** The native navdom-bench's stdout, without the one trailing newline a command line adds. */
function native(...args) {
  if (!fs.existsSync(nativePath)) {
    throw new Error(`${nativePath} is missing: run cd Benchmarks && swift build --product navdom-bench (or set NAVDOM_BENCH_BIN)`);
  }
  const out = execFileSync(nativePath, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  return out.endsWith('\n') ? out.slice(0, -1) : out;
}

/** Asserts equality without dumping megabytes: reports the first differing offset. */
function assertSameText(actual, expected, what) {
  if (actual === expected) return;
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  assert.fail(
    `${what} differs at offset ${at} (wasm ${actual.length} chars, native ${expected.length}):\n` +
    `  wasm:   ${JSON.stringify(actual.slice(Math.max(0, at - 40), at + 60))}\n` +
    `  native: ${JSON.stringify(expected.slice(Math.max(0, at - 40), at + 60))}`);
}

test('the module exports the ABI and declares only env imports', () => {
  const module = new WebAssembly.Module(fs.readFileSync(wasmPath));
  const exported = WebAssembly.Module.exports(module).map((e) => e.name);
  for (const name of ['memory', 'navdom_alloc', 'navdom_free', 'render_table', 'diff_operation', 'memory_pages']) {
    assert.ok(exported.includes(name), `missing export ${name} (has ${exported.join(', ')})`);
  }
  for (const entry of WebAssembly.Module.imports(module)) {
    assert.equal(entry.module, 'env', `unexpected import ${entry.module}.${entry.name}`);
    assert.ok(['navdom_write', 'navdom_storage_get', 'navdom_storage_set'].includes(entry.name), `undeclared import env.${entry.name}`);
  }
});

test('render_table(1000) is byte-identical to the native renderer', () => {
  const wasm = instantiate();
  const html = takeString(wasm, wasm.exports.render_table(1000));
  assert.ok(html.startsWith('<table class="table table-hover table-striped test-data"><tbody><tr>'), html.slice(0, 80));
  assertSameText(html, native('table-html', '--rows', '1000'), 'table HTML (1,000 rows)');
  assert.deepEqual(wasm.logged, []);
});

test('render_table(0) and render_table(10) match too', () => {
  const wasm = instantiate();
  for (const rows of [0, 10]) {
    assertSameText(takeString(wasm, wasm.exports.render_table(rows)),
      native('table-html', '--rows', String(rows)), `table HTML (${rows} rows)`);
  }
});

for (const operation of OPERATIONS) {
  test(`diff_operation(${operation}, 1000) is byte-identical to the native diff, its runs of inserts expanded`, () => {
    const wasm = instantiate();
    const json = wasmDiff(wasm, operation, 1000);
    const nativeJSON = JSON.stringify(expandInserts(JSON.parse(native('diff-json', '--operation', operation, '--rows', '1000'))));
    assertSameText(json, nativeJSON, `${operation} patches`);
    const patches = JSON.parse(json);
    if (operation === 'swapRows') assert.equal(patches.filter((p) => p.op === 'move').length, 2);
    if (operation === 'updateEveryTenth') assert.equal(patches.filter((p) => p.op === 'text').length, 100);
    if (operation === 'unchanged') assert.deepEqual(patches, []);
  });
}

test('an unknown operation is an error result, not a trap', () => {
  const wasm = instantiate();
  assert.throws(() => wasmDiff(wasm, 'shuffle', 10), /unknown operation: shuffle/);
});

test('repeated work keeps linear memory flat (the allocator reuses freed blocks)', () => {
  const wasm = instantiate();
  const round = () => {
    takeString(wasm, wasm.exports.render_table(1000));
    wasmDiff(wasm, 'swapRows', 1000);
    wasmDiff(wasm, 'updateEveryTenth', 1000);
  };
  // Reach the high-water mark, then repeat: a bump allocator would grow by megabytes a round.
  for (let index = 0; index < 3; index++) round();
  const pages = wasm.exports.memory_pages();
  const inUse = wasm.exports.bytes_in_use();
  for (let index = 0; index < 40; index++) round();
  assert.equal(wasm.exports.memory_pages(), pages, 'linear memory grew');
  assert.equal(wasm.exports.bytes_in_use(), inUse, 'bytes in use grew (a leak)');
  assert.ok(pages * 65536 < 16 << 20, `memory is ${pages} pages`);
});
