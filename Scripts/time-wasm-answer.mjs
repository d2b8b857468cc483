// How long a WebAssembly module takes to answer a click on one of its buttons, in node: no DOM
// and no browser, only the module's `app_dispatch` through runtime.js's wasmTransport (render,
// diff, the reply's JSON, and its parse). Prints the median and the fastest of N clicks.
//
//   Scripts/build-wasm.sh
//   node Scripts/time-wasm-answer.mjs .build-wasm/navdom-bench-app.wasm run 30
//   node Scripts/time-wasm-answer.mjs .build-wasm/navdom-bench-app.wasm clear 10 runlots
//
// The button is named by its `id` attribute (the benchmark app's: run, runlots, add, update,
// clear, swaprows). A fourth argument names a button clicked, untimed, before each timed click
// (`clear` after `runlots` times clearing 10,000 rows). Between clicks the timers run, so work
// the transport leaves for after the next paint (`app_release`) is done untimed, as it is in a
// browser.
import fs from 'node:fs';
import { wasmTransport } from '../Sources/LiveSessions/Resources/runtime/wasm-transport.js';

const [file, button, clicks = '20', before] = process.argv.slice(2);
if (!file || !button) {
  console.error('usage: node Scripts/time-wasm-answer.mjs MODULE BUTTON-ID [CLICKS] [BUTTON-ID-BEFORE]');
  process.exit(2);
}
const transport = wasmTransport({ module: await WebAssembly.compile(fs.readFileSync(file)), location: '/' });
const started = await transport.ready;

const ids = {};
const visit = (node) => {
  for (const [name, value] of node.attrs || []) if (name === 'id') ids[value] = node.id;
  (node.children || []).forEach(visit);
};
started.nodes.forEach(visit);
for (const name of [button, before].filter(Boolean)) {
  if (ids[name] === undefined) throw new Error(`the app's first page has no element with id "${name}"`);
}

const timersRun = () => new Promise((resolve) => setTimeout(resolve, 0));
const times = [];
for (let i = 0; i < Number(clicks); i++) {
  if (before) {
    await transport.send({ id: ids[before], event: 'click' });
    await timersRun();
  }
  const start = performance.now();
  await transport.send({ id: ids[button], event: 'click' });
  times.push(performance.now() - start);
  await timersRun();
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({
  module: file, button, before: before || null, clicks: times.length,
  median_ms: Number(times[times.length >> 1].toFixed(2)), fastest_ms: Number(times[0].toFixed(2)),
}));
