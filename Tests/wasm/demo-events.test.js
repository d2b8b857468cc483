// Random events against the demo in the WebAssembly module: whatever the page sends (clicks,
// typing, Escape, dialogs closing, stale or made-up node ids, back and forward to any URL),
// the module never traps, and an event it refuses changes nothing.
//
//   Scripts/build-wasm.sh && node --test Tests/wasm/demo-events.test.js
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { instantiate } = require('./module.js');

/** xorshift32: the same sequences on every run. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

const URLS = ['/', '/items/1', '/items/1/edit', '/items/1/edit/color', '/items/2', '/items/3/edit', '/items/9', '/nowhere'];
const EVENTS = ['click', 'input', 'change', 'cancel', 'close', 'keydown', 'submit'];
const SEQUENCES = 600;
const STEPS = 60;

test(`${SEQUENCES} random sequences of ${STEPS} events: no trap, and a refused event changes nothing`, () => {
  const next = random(20261125);
  const pick = (items) => items[Math.floor(next() * items.length)];
  let delivered = 0;
  let refused = 0;
  for (let sequence = 0; sequence < SEQUENCES; sequence++) {
    const wasm = instantiate();
    const start = pick(URLS.slice(0, 6));
    const steps = [`start ${start}`];
    const listening = new Map(); // id -> the events it listens to, from every reply so far
    const learn = (patches) => (function walk(value) {
      if (!value || typeof value !== 'object') return;
      // An element can listen to several events, one `listen` patch each.
      if (value.op === 'listen') listening.set(value.id, [...(listening.get(value.id) || []), value.event]);
      if (Array.isArray(value.on) && typeof value.id === 'number') listening.set(value.id, value.on);
      Object.values(value).forEach(walk);
    })(patches);
    learn(JSON.parse(wasm.call('app_start', '', start)).patches);
    for (let step = 0; step < STEPS; step++) {
      const before = wasm.call('app_snapshot');
      let call;
      if (next() < 0.15) {
        call = ['app_popstate', pick(URLS)];
      } else {
        const ids = [...listening.keys()];
        const id = next() < 0.1 || !ids.length ? Math.floor(next() * 400) : pick(ids);
        const event = next() < 0.8 && listening.has(id) ? pick(listening.get(id)) : pick(EVENTS);
        const value = event === 'input' || event === 'change' ? pick(['', 'Mouse', 'é<&>"', 'x'.repeat(300)]) : null;
        const key = event === 'keydown' ? pick(['Escape', 'Enter', 'a']) : null;
        call = ['app_dispatch', id, event, value, key];
      }
      steps.push(JSON.stringify(call));
      try {
        learn(JSON.parse(wasm.call(...call)).patches);
        delivered++;
      } catch (error) {
        assert.ok(!(error instanceof WebAssembly.RuntimeError), `the module trapped (${error.message}) after:\n${steps.join('\n')}`);
        assert.match(error.message, /^wasm app_(dispatch|popstate) error: ./, 'a refusal says why');
        assert.equal(wasm.call('app_snapshot'), before, `a refused event changed the page:\n${steps.join('\n')}`);
        refused++;
      }
    }
    assert.deepEqual(wasm.logged, [], 'the module wrote nothing (no fatal error)');
  }
  console.log(JSON.stringify({ sequences: SEQUENCES, events: SEQUENCES * STEPS, delivered, refused }));
  assert.ok(delivered > SEQUENCES * STEPS / 4, `only ${delivered} events were delivered: the sequences test little`);
});
