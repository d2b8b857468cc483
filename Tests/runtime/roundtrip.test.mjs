// Round trip: for each case, the old tree's HTML, hydrated and patched, must equal the new
// tree's HTML, hydrated. Cases come from the file in NAVDOM_CASES, one JSON object a line:
//   {"old": "<compact html>", "new": "<compact html>", "patches": [...], "container"?: "tbody"}
// (`navdom random-cases --count 300 --seed 7` prints them; fixtures/sample-cases.jsonl is a
// small set.) Without NAVDOM_CASES the suite fails, unless NAVDOM_CASES_OPTIONAL=1.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { hydrate } from '../../Sources/LiveSessions/Resources/runtime/hydration.js';
import { applyPatches } from '../../Sources/LiveSessions/Resources/runtime/patches.js';
import { JSDOM, polyfillDialog } from './helpers.mjs';

const casesFile = process.env.NAVDOM_CASES;
const optional = process.env.NAVDOM_CASES_OPTIONAL === '1';

function readCases(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const cases = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${index + 1}: not JSON: ${error.message}`);
    }
    for (const field of ['old', 'new']) {
      if (typeof parsed[field] !== 'string') throw new Error(`${file}:${index + 1}: "${field}" must be a string of HTML`);
    }
    if (!Array.isArray(parsed.patches)) throw new Error(`${file}:${index + 1}: "patches" must be an array`);
    cases.push({ line: index + 1, ...parsed });
  });
  return cases;
}

/**
 * The container's markup with attributes sorted (setAttr appends; order means nothing) and
 * runtime-only state taken out: a dialog's `open` (showModal() sets it; server HTML does not
 * say a dialog was opened on mount), and the attributes the
 * renderer writes for properties on first paint (input value/checked, option selected),
 * which patches change as properties. The properties themselves are compared instead.
 */
function normalised(container) {
  const copy = container.cloneNode(true);
  for (const dialog of copy.querySelectorAll('dialog')) dialog.removeAttribute('open');
  for (const input of copy.querySelectorAll('input')) { input.removeAttribute('value'); input.removeAttribute('checked'); }
  for (const option of copy.querySelectorAll('option')) option.removeAttribute('selected');
  // setAttr appends, so a patched element may list its attributes in another order.
  for (const element of copy.querySelectorAll('*')) sortAttributes(element);
  const inputs = Array.from(container.querySelectorAll('input'), (input) => `${input.value}|${input.checked}`);
  return { html: copy.innerHTML, structure: structure(container), inputs };
}

function sortAttributes(element) {
  const attributes = Array.from(element.attributes).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const attribute of attributes) element.removeAttributeNode(attribute);
  for (const attribute of attributes) element.setAttributeNodeNS(attribute);
}

/** One line per node: depth, kind and data; shows text-node boundaries innerHTML hides. */
function structure(node, depth = 0, lines = []) {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    const kind = child.nodeType === 1 ? `<${child.namespaceURI === 'http://www.w3.org/1999/xhtml' ? '' : child.namespaceURI.split('/').pop() + ':'}${child.localName}>`
      : child.nodeType === 3 ? `text ${JSON.stringify(child.data)}` : `comment ${JSON.stringify(child.data)}`;
    lines.push('  '.repeat(depth) + kind);
    if (child.nodeType === 1) structure(child, depth + 1, lines);
  }
  return lines.join('\n');
}

// One window for every case (a fresh jsdom per case is ten times slower); each case gets
// fresh containers.
const { window } = new JSDOM('<!DOCTYPE html><html><body></body></html>', { url: 'http://localhost/' });
polyfillDialog(window);

/** A hydrated container (a div, or a tbody inside a table) holding `html`. */
function mount(html, tag) {
  const document = window.document;
  document.body.textContent = '';
  const outer = document.createElement(tag === 'tbody' ? 'table' : tag);
  document.body.appendChild(outer);
  const container = tag === 'tbody' ? outer.appendChild(document.createElement('tbody')) : outer;
  container.innerHTML = html;
  hydrate(container);
  return { container };
}

/** Runs one case; returns a description of what went wrong, or null. */
function runCase(testCase) {
  const tag = testCase.container || 'div';
  const patched = mount(testCase.old, tag);
  try {
    applyPatches(patched.container, testCase.patches);
  } catch (error) {
    return `applyPatches threw: ${error.message}`;
  }
  const got = normalised(patched.container);
  const expected = mount(testCase.new, tag);
  const want = normalised(expected.container);
  if (got.html !== want.html) return `markup differs\n  got:  ${got.html}\n  want: ${want.html}`;
  if (got.structure !== want.structure) return `node structure differs\n  got:\n${got.structure}\n  want:\n${want.structure}`;
  if (got.inputs.join() !== want.inputs.join()) return `input value/checked differ: got ${got.inputs} want ${want.inputs}`;
  return null;
}

if (!casesFile && optional) {
  test('round trip (NAVDOM_CASES not set, NAVDOM_CASES_OPTIONAL=1)', { skip: 'no NAVDOM_CASES file given' }, () => {});
} else {
  test(`round trip: patched old HTML equals new HTML for every case in ${casesFile || '(unset)'}`, () => {
    assert.ok(casesFile, 'NAVDOM_CASES is not set: point it at a JSON-lines file of cases ' +
      '(e.g. NAVDOM_CASES=Tests/runtime/fixtures/sample-cases.jsonl), or set NAVDOM_CASES_OPTIONAL=1 to skip');
    const cases = readCases(casesFile);
    assert.ok(cases.length > 0, `${casesFile} holds no cases`);
    const failures = [];
    for (const testCase of cases) {
      const problem = runCase(testCase);
      if (problem) failures.push(`line ${testCase.line}: ${problem}\n  old: ${testCase.old}\n  new: ${testCase.new}\n  patches: ${JSON.stringify(testCase.patches)}`);
    }
    assert.equal(failures.length, 0, `${failures.length} of ${cases.length} cases failed; the first:\n\n${failures.slice(0, 5).join('\n\n')}`);
  });
}
