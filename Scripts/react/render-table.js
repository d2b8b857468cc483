// React 18's renderToString of the benchmark table (Benchmarks/Sources/BenchmarkTable), the yardstick for
// the renderer's speed and its byte-for-byte parity. Uses Debian's node-react and
// node-react-dom (Scripts/test.sh installs them; NODE_PATH=/usr/share/nodejs).
//
//   node Scripts/react/render-table.js ROWS ITERATIONS          # one JSON line of timings
//   node Scripts/react/render-table.js ROWS 1 --print           # the HTML, nothing else
"use strict";
const React = require("react");
const { renderToString } = require("react-dom/server");

// The same deterministic labels as Benchmarks/Sources/BenchmarkTable/Row.swift: adjective, colour, noun,
// each list cycled by the row's index.
const adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain",
  "quaint", "clean", "elegant", "easy", "angry", "crazy", "helpful", "mushy", "odd", "unsightly",
  "adorable", "important", "inexpensive", "cheap", "expensive", "fancy"];
const colours = ["red", "yellow", "blue", "green", "pink", "brown", "purple", "brown", "white",
  "black", "orange"];
const nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich",
  "burger", "pizza", "mouse", "keyboard"];

function makeRows(count) {
  const rows = new Array(count);
  for (let index = 0; index < count; index++) {
    const label = adjectives[index % adjectives.length] + " " + colours[index % colours.length] +
      " " + nouns[index % nouns.length];
    rows[index] = { id: index + 1, label };
  }
  return rows;
}

const e = React.createElement;
function table(rows) {
  const body = rows.map((row) => e("tr", { key: row.id },
    e("td", { className: "col-md-1" }, String(row.id)),
    e("td", { className: "col-md-4" }, e("a", null, row.label)),
    e("td", { className: "col-md-1" },
      e("a", null, e("span", { className: "glyphicon glyphicon-remove", "aria-hidden": "true" }))),
    e("td", { className: "col-md-6" })));
  return e("table", { className: "table table-hover table-striped test-data" }, e("tbody", null, body));
}

const rowCount = Number(process.argv[2] || 10000);
const iterations = Number(process.argv[3] || 20);
const rows = makeRows(rowCount);
let html = renderToString(table(rows));
if (process.argv[4] === "--print") {
  process.stdout.write(html);
} else {
  for (let warmUp = 0; warmUp < 3; warmUp++) renderToString(table(rows));
  const start = process.hrtime.bigint();
  for (let round = 0; round < iterations; round++) html = renderToString(table(rows));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(JSON.stringify({
    engine: "react-dom/server renderToString 18", rows: rowCount, bytes: html.length,
    ms_per_render: +(seconds / iterations * 1000).toFixed(3),
    MBps: +(html.length * iterations / seconds / 1e6).toFixed(1),
  }));
}
