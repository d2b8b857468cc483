// A module whose app registers with `patches: .insertRuns` (WasmApp.PatchFormat) answers with
// one `inserts` entry for a run of rows; the demo's module, registered without, writes each
// insert (demo-parity.test.js compares it with the native build's expanded runs). The app is
// the browser benchmark's table, navdom-bench-app.wasm (Scripts/build-wasm.sh builds it).
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { root, instantiate, expandInserts, countNodes } = require('./module.js');

const benchApp = path.resolve(root, process.env.NAVDOM_WASM_BENCH_APP || '.build-wasm/navdom-bench-app.wasm');

/** The id of the element whose `id` attribute is `domID`, among wire nodes. */
function idOf(nodes, domID) {
  for (const node of nodes) {
    if ((node.attrs || []).some(([name, value]) => name === 'id' && value === domID)) return node.id;
    const found = idOf(node.children || [], domID);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The text of a wire node's first text descendant. */
function firstText(wire) {
  if (typeof wire.text === 'string') return wire.text;
  for (const child of wire.children || []) {
    const text = firstText(child);
    if (text !== undefined) return text;
  }
  return undefined;
}

test('an app registered for insert runs answers 1,000 new rows with one inserts entry', () => {
  const wasm = instantiate(benchApp);
  const page = JSON.parse(wasm.call('app_start', 'bench', '/'));
  const run = idOf(page.nodes, 'run');
  assert.equal(typeof run, 'number', 'the page has the Create 1,000 rows button');

  const { patches } = JSON.parse(wasm.call('app_dispatch', run, 'click', null, null));
  const runs = patches.filter((patch) => patch.op === 'inserts');
  assert.equal(runs.length, 1, `one inserts entry: ${JSON.stringify(patches.map((patch) => patch.op))}`);
  assert.equal(runs[0].more.length, 999);
  assert.equal(patches.filter((patch) => patch.op === 'insert').length, 0, 'no row is written alone');

  // Expanded, the entry is the 1,000 inserts it stands for: rows in order, ids following on,
  // each row's key and texts its own (the key is the row's id, as is its first cell's text).
  const rows = expandInserts(patches).filter((patch) => patch.op === 'insert');
  assert.equal(rows.length, 1000);
  const size = countNodes(rows[0].node);
  rows.forEach((row, index) => {
    assert.equal(row.node.tag, 'tr');
    assert.equal(row.node.id, rows[0].node.id + index * size);
    assert.equal(row.node.key, firstText(row.node), `row ${index}'s key and first cell`);
    assert.equal(row.parent, rows[0].parent);
  });
  assert.equal(new Set(rows.map((row) => row.node.key)).size, 1000, 'every row has a key of its own');

  // Appending 1,000 more is a run too, after the rows there are.
  const add = idOf(page.nodes, 'add');
  const appended = JSON.parse(wasm.call('app_dispatch', add, 'click', null, null)).patches;
  const appendedRun = appended.find((patch) => patch.op === 'inserts');
  assert.ok(appendedRun, 'appending writes a run');
  assert.equal(appendedRun.more.length, 999);
  assert.ok(appendedRun.node.id > rows[999].node.id + size - 1, 'new ids above every id given');
});
