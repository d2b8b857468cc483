// The timing harness shared by plain.html and wasm.html (Scripts/bench-wasm-dom.py drives
// them): window.benchRun(ready) clicks each button, waits until the DOM is updated and returns
// the milliseconds, without and with a forced layout.
'use strict';
window.benchOps = ['create', 'update', 'swap', 'clear'];
window.benchMeasure = async (whenUpdated) => {
  const timings = {};
  for (const op of window.benchOps) {
    const button = document.getElementById(op);
    const start = performance.now();
    button.click();
    await whenUpdated();
    const updated = performance.now();
    void document.body.offsetHeight; // layout, as the browser would before painting
    const laidOut = performance.now();
    // The rows on the page, so a run that did nothing is caught.
    timings[op] = { script: updated - start, layout: laidOut - start, rows: document.querySelectorAll('tbody > tr').length };
  }
  return timings;
};
