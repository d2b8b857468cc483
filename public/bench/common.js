// The timing harness shared by plain.html and wasm.html (Scripts/bench-wasm-dom.py drives
// them): js-framework-benchmark's nine operations in its order, each a click on the element it
// names. window.benchRun(whenUpdated) returns, per operation, the milliseconds from the click
// to the DOM being updated ("script"), to a forced layout after it ("layout": the main
// thread's whole share, without waiting for the frame clock) and to the next paint ("paint":
// the next animation frame has run, then a task after it; `paintOf` says why it is asked for
// before the click).
'use strict';
window.benchOps = [
  { name: 'create1k', click: '#run', rows: 1000 },
  { name: 'replace1k', click: '#run', rows: 1000 },
  { name: 'update10th', click: '#update', rows: 1000 },
  { name: 'select', click: 'tbody > tr:nth-child(2) > td:nth-child(2) > a', rows: 1000, selected: 1 },
  { name: 'swap', click: '#swaprows', rows: 1000 },
  { name: 'remove', click: 'tbody > tr:nth-child(4) > td:nth-child(3) > a', rows: 999 },
  { name: 'create10k', click: '#runlots', rows: 10000 },
  { name: 'append1k', click: '#add', rows: 11000 },
  { name: 'clear', click: '#clear', rows: 0 },
];
// The time of the paint that shows an update: the first frame after `isUpdated()` holds, then
// a task after it. Asked for before the click: a page may put work of its own into a task after
// its next frame (runtime.js frees the tree a render replaced so, off the answer's path), and
// a probe asked for after the click queued its task behind that work and counted it as the
// paint's. A frame that comes before the update is done is not the one: the probe waits on.
const paintOf = (isUpdated) => new Promise((resolve) => {
  const probe = () => requestAnimationFrame(() => {
    if (!isUpdated()) return probe();
    setTimeout(() => resolve(performance.now()), 0);
  });
  probe();
});
/** The next paint, whatever it shows. */
const nextPaint = () => paintOf(() => true);
window.benchMeasure = async (whenUpdated) => {
  const timings = {};
  for (const op of window.benchOps) {
    await nextPaint(); // start from a page with nothing pending
    const target = document.querySelector(op.click);
    if (!target) throw new Error(`${op.name}: nothing matches ${op.click}`);
    let updated = null;
    const paint = paintOf(() => updated !== null);
    const start = performance.now();
    target.click();
    await whenUpdated();
    updated = performance.now();
    void document.body.offsetHeight; // style and layout, as the browser does before painting
    const laidOut = performance.now();
    const painted = await paint;
    // The rows and the highlighted ones, so a run that did nothing is caught.
    timings[op.name] = {
      script: updated - start, layout: laidOut - start, paint: painted - start,
      rows: document.querySelectorAll('tbody > tr').length,
      selected: document.querySelectorAll('tbody > tr.danger').length,
    };
  }
  return timings;
};
