// The keyed diff as the WebAssembly build compiles it (Embedded Swift, navdom-check.wasm) on
// thousands of random trees, not only the benchmark's nine operations:
// - inside the module, diff then apply equals the new tree, on the random trees the native
//   DiffPropertyTests use (keyed shuffles, insertions, removals, text, attribute and listener
//   edits, adjacent text nodes, SVG);
// - the module's patches for `navdom random-cases` trees are the native build's, patch for
//   patch, so they are as minimal as the native diff's.
//
//   Scripts/build-wasm.sh && swift build --product navdom && node --test Tests/wasm/diff-property.test.js
//
// NAVDOM_WASM_CHECK: the module (default .build-wasm/navdom-check.wasm).
// NAVDOM_BIN: the native CLI, which prints the random cases. NAVDOM_PROPERTY_CASES: how many.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { root, instantiate, native, expandInserts } = require('./module.js');

const checkPath = path.resolve(root, process.env.NAVDOM_WASM_CHECK || '.build-wasm/navdom-check.wasm');
const COUNT = Number(process.env.NAVDOM_PROPERTY_CASES || 3000);

test(`diff then apply gives the new tree for ${COUNT} random tree pairs inside the wasm module`, () => {
  const wasm = instantiate(checkPath);
  // In rounds, so a failure names its seed early and memory is measured between rounds.
  const pagesBefore = wasm.exports.memory_pages();
  for (let first = 0; first < COUNT; first += 500) {
    const count = Math.min(500, COUNT - first);
    assert.equal(wasm.call('check_random_diffs', first, count), `ok ${count}`);
  }
  assert.deepEqual(wasm.logged, []);
  assert.ok(wasm.exports.memory_pages() <= pagesBefore + 64, 'memory stays bounded over the rounds');
});

test(`the wasm diff emits the native build's patches for ${COUNT} random cases`, () => {
  const cases = native('random-cases', '--count', String(COUNT), '--seed', '29').trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(cases.length, COUNT);
  const wasm = instantiate(checkPath);
  let keyedMoves = 0;
  for (const c of cases) {
    const patches = JSON.parse(wasm.call('diff_trees', JSON.stringify(c.oldTree), JSON.stringify(c.newTree)));
    // The tree format has no listeners, so neither the native trees' listener patches nor the
    // listeners of the nodes they insert are expected.
    const expected = withoutListeners(expandInserts(c.patches).filter((patch) => patch.op !== 'listen' && patch.op !== 'unlisten'));
    assert.deepEqual(patches, expected, `seed ${c.seed}`);
    keyedMoves += patches.filter((patch) => patch.op === 'move').length;
  }
  // The cases exercise the keyed path, not only text and attribute edits.
  assert.ok(keyedMoves > 0, 'some cases move keyed children');
});

/** `value` with every element's `on` (its listened events) left out. */
function withoutListeners(value) {
  if (Array.isArray(value)) return value.map(withoutListeners);
  if (value === null || typeof value !== 'object') return value;
  const copy = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === 'on' && 'tag' in value) continue;
    copy[key] = withoutListeners(member);
  }
  return copy;
}

test('trees the module cannot read are refused with where', () => {
  const wasm = instantiate(checkPath);
  assert.throws(() => wasm.call('diff_trees', '{"tag":"p"', '{"tag":"p"}'), /line 1, column/);
  assert.throws(() => wasm.call('diff_trees', '{"tag":"p"}', '{"tag":"bad tag"}'), /\$\.tag/);
});
