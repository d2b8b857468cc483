// Memory: 10,000 updates of the demo in the WebAssembly module keep its linear memory flat.
//
//   Scripts/build-wasm.sh && node --test Tests/wasm/demo-memory.test.js
//
// The updates are the demo's own events through app_dispatch / app_popstate (what runtime.js
// sends): typing into the new-item sheet, opening and cancelling it, pushing and popping pages.
// After a warm-up, memory_pages must not grow and bytes_in_use must come back to where it was.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { instantiate } = require('./module.js');

/** The ids of the elements that listen, in document order, from app_start's hydration patches. */
function listenerIds(started) {
  return started.patches.filter((patch) => patch.op === 'listen').map((patch) => patch.id);
}

test('10,000 updates keep memory_pages flat after warm-up', () => {
  const wasm = instantiate();
  const started = JSON.parse(wasm.call('app_start', 'inventory', '/'));
  const addItem = listenerIds(started)[0]; // "Add item", the first listening element
  const first = JSON.stringify(started.nodes);
  assert.match(first, /\{"id":\d+,"tag":"button","attrs":\[\["type","button"\],\["class","primary"\]\][^]*?"text":"Add item"/);

  // One round: open the sheet, type into it, cancel it (Escape), push a page, go back: 5 updates.
  const round = (i) => {
    const opened = JSON.parse(wasm.call('app_dispatch', addItem, 'click', null, null));
    const dialog = opened.patches.find((patch) => patch.op === 'insert').node;
    const ids = {};
    (function walk(node) {
      if (node.tag === 'dialog') ids.dialog = node.id;
      if (node.tag === 'input') ids.input = node.id;
      (node.children || []).forEach(walk);
    })(dialog);
    wasm.call('app_dispatch', ids.input, 'input', `item ${i}`, null);
    wasm.call('app_dispatch', ids.dialog, 'cancel', null, null);
    const pushed = JSON.parse(wasm.call('app_popstate', '/items/1'));
    assert.equal(pushed.url, '/items/1');
    wasm.call('app_popstate', '/');
  };

  for (let i = 0; i < 200; i++) round(i); // warm-up: 1,000 updates
  const pagesAfterWarmUp = wasm.exports.memory_pages();
  const bytesAfterWarmUp = wasm.exports.bytes_in_use();
  for (let i = 0; i < 2000; i++) round(i); // 10,000 updates
  const pages = wasm.exports.memory_pages();
  const bytes = wasm.exports.bytes_in_use();
  console.log(JSON.stringify({ updates: 10000, memory_pages: pages, memory_bytes: pages * 65536, pages_after_warm_up: pagesAfterWarmUp, bytes_in_use: bytes, bytes_in_use_after_warm_up: bytesAfterWarmUp }));
  assert.equal(pages, pagesAfterWarmUp, `linear memory grew from ${pagesAfterWarmUp} to ${pages} pages`);
  assert.ok(bytes <= bytesAfterWarmUp + 1024, `bytes in use grew from ${bytesAfterWarmUp} to ${bytes}`);
  assert.deepEqual(wasm.logged, []);
});
