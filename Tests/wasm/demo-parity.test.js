// Parity of the demo app between the WebAssembly module and the native build: for every
// scripted flow of Tests/wasm/demo-flows.txt (every page, every dialog, every flow of
// Tests/DemoAppTests/InventoryFlowTests.swift), the module starts with the same page (nodes
// with their ids) and hydration patches, answers each event with the same reply (patches, url,
// history) byte for byte (the native runs of inserts expanded: the demo's module writes each insert),
// and holds the same page after each step.
//
//   Scripts/build-wasm.sh && swift build --product navdom && node --test Tests/wasm/
//
// The native side is `navdom demo-trace Tests/wasm/demo-flows.txt` (the live server's code
// path); the module replays the events it printed, by node id, through app_start,
// app_dispatch and app_popstate, the exports runtime.js's wasmTransport calls.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { root, instantiate, native, expandInserts } = require('./module.js');

const script = path.join(root, 'Tests', 'wasm', 'demo-flows.txt');

/** A native reply with its runs of inserts expanded, as the module writes them. */
function expanded(reply) {
  return reply.patches ? { ...reply, patches: expandInserts(reply.patches) } : reply;
}

/** The native trace, grouped by flow: [{name, start, steps: [{action, event, reply, html, tree}]}]. */
function nativeFlows() {
  const flows = [];
  for (const line of native('demo-trace', script).split('\n')) {
    if (!line) continue;
    // Re-serialised parts are compared as text, so keep the raw JSON of start and reply.
    const entry = JSON.parse(line);
    if (entry.start) flows.push({ name: entry.flow, url: entry.start.url, start: entry.start, steps: [] });
    else flows[flows.length - 1].steps.push(entry);
  }
  return flows;
}

function assertSameText(actual, expected, what) {
  if (actual === expected) return;
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  assert.fail(
    `${what} differs at offset ${at} (wasm ${actual.length} chars, native ${expected.length}):\n` +
    `  wasm:   ${JSON.stringify(actual.slice(Math.max(0, at - 60), at + 80))}\n` +
    `  native: ${JSON.stringify(expected.slice(Math.max(0, at - 60), at + 80))}`);
}

const flows = nativeFlows();

test('the script covers every page and every dialog', () => {
  const urls = new Set(flows.map((flow) => flow.url));
  for (const url of ['/', '/items/1', '/items/1/edit', '/items/1/edit/color', '/items/2']) {
    assert.ok(urls.has(url), `no flow starts at ${url}`);
  }
  const html = flows.flatMap((flow) => flow.steps.map((step) => step.html)).join('\n');
  for (const dialog of ['id="addItem"', 'id="importItems"', 'id="deleteAlert"', 'id="duplicateDialog"']) {
    assert.ok(html.includes(dialog), `no step shows the dialog ${dialog}`);
  }
});

for (const flow of flows) {
  test(`flow ${flow.name} (${flow.url}, ${flow.steps.length} steps): the module renders and patches as native`, () => {
    const wasm = instantiate();
    const started = wasm.call('app_start', 'inventory', flow.url);
    assertSameText(started, JSON.stringify(flow.start), `${flow.name}: first paint and hydration patches`);
    for (const step of flow.steps) {
      const { id, event, value, key } = step.event;
      const reply = id === 0 && event === 'popstate'
        ? wasm.call('app_popstate', value)
        : wasm.call('app_dispatch', id, event, value ?? null, key ?? null);
      assertSameText(reply, JSON.stringify(expanded(step.reply)), `${flow.name}, "${step.action}": reply`);
      assertSameText(wasm.call('app_snapshot'), JSON.stringify(step.tree), `${flow.name}, "${step.action}": page after`);
    }
    assert.deepEqual(wasm.logged, []);
  });
}

test('a stale event and an unknown URL are refused without change, as the live server refuses them', () => {
  const wasm = instantiate();
  wasm.call('app_start', 'inventory', '/');
  const before = wasm.call('app_snapshot');
  assert.throws(() => wasm.call('app_dispatch', 99999, 'click', null, null), /no node #99999/);
  assert.throws(() => wasm.call('app_popstate', '/nowhere'), /does not have/);
  assert.throws(() => wasm.call('app_start', 'inventory', '/items/99'), /app "inventory" has no page at \/items\/99/);
  assert.throws(() => wasm.call('app_dispatch', 1, 'click', null, null), /no app is running/);
  wasm.call('app_start', 'inventory', '/');
  assert.equal(wasm.call('app_snapshot'), before);
});

test('a page that names no app runs the first one main.swift registered; an unknown name is refused', () => {
  const wasm = instantiate();
  const named = JSON.parse(wasm.call('app_start', 'inventory', '/items/1'));
  const unnamed = JSON.parse(wasm.call('app_start', '', '/items/1'));
  assert.deepEqual(unnamed.nodes, named.nodes);
  assert.deepEqual(unnamed.patches, named.patches);
  assert.throws(() => wasm.call('app_start', 'contacts', '/'), /the module has no app "contacts"/);
  assert.throws(() => wasm.call('app_snapshot'), /no app is running/);
  // The benchmark table is a module of its own (navdom-bench-app.wasm), not part of the demo's.
  assert.throws(() => wasm.call('app_start', 'bench', '/'), /the module has no app "bench"/);
});
