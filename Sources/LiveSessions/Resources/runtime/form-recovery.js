// Form recovery: what a visitor typed survives a rebuilt page (a resync) and a renewal reload
// (kept in sessionStorage for the page's URL), and is sent to the app as input events.

const FORM_KEY = 'navdom:form:'; // + path and query: the fields kept across a renewal
const UNKEPT_TYPES = Object.freeze(['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image']);

/** Whether a field's value is kept: a named (or id'd) field a visitor types or picks in. */
function isRecoverable(field) {
  const tag = field.localName;
  if (tag === 'textarea' || tag === 'select') return !!(field.name || field.id);
  if (tag !== 'input') return false;
  const type = (field.getAttribute('type') || 'text').toLowerCase();
  if (UNKEPT_TYPES.includes(type)) return false;
  return !!(field.name || field.id);
}

function fieldKey(field) {
  return field.id ? '#' + field.id : 'name:' + field.name;
}

/** The values of the recoverable fields in `container`: [{key, index, value?, checked?}]. */
export function captureFields(container) {
  const fields = [];
  const seen = new Map();
  container.querySelectorAll('input, textarea, select').forEach((field) => {
    if (!isRecoverable(field)) return;
    const key = fieldKey(field);
    const index = seen.get(key) || 0;
    seen.set(key, index + 1);
    const type = (field.getAttribute('type') || '').toLowerCase();
    if (type === 'checkbox' || type === 'radio') fields.push({ key, index, checked: field.checked });
    else fields.push({ key, index, value: field.value });
  });
  return fields;
}

/**
 * Writes captured values back into the fields of `container` that have the same id or name
 * (the nth of a name), and fires `input` and `change` on each one it changed, so the app
 * hears them as if typed. Returns how many it changed.
 */
export function restoreFields(container, fields) {
  if (!Array.isArray(fields) || !fields.length) return 0;
  const current = new Map();
  container.querySelectorAll('input, textarea, select').forEach((field) => {
    if (!isRecoverable(field)) return;
    const key = fieldKey(field);
    if (!current.has(key)) current.set(key, []);
    current.get(key).push(field);
  });
  const win = container.ownerDocument.defaultView;
  let changed = 0;
  for (const kept of fields) {
    const field = kept && current.has(kept.key) ? current.get(kept.key)[kept.index] : undefined;
    if (!field || !writeField(field, kept)) continue;
    changed++;
    field.dispatchEvent(new win.Event('input', { bubbles: true }));
    field.dispatchEvent(new win.Event('change', { bubbles: true }));
  }
  return changed;
}

/** Writes one kept value into its field; false when there was nothing to change. */
function writeField(field, kept) {
  if (typeof kept.checked === 'boolean') {
    if (field.checked === kept.checked) return false;
    field.checked = kept.checked;
    return true;
  }
  if (typeof kept.value !== 'string' || field.value === kept.value) return false;
  field.value = kept.value;
  return true;
}

/** Before a renewal reload: keeps the page's field values for its URL (sessionStorage). */
export function keepFormForReload(container) {
  const win = container.ownerDocument.defaultView;
  try {
    const fields = captureFields(container);
    if (fields.length) win.sessionStorage.setItem(FORM_KEY + win.location.pathname + win.location.search, JSON.stringify(fields));
  } catch (_) {
    // no sessionStorage (privacy settings): the reload starts from the app's state
  }
}

/** After a renewal reload: writes the kept values back (once) and sends them to the app. */
export function recoverFormAfterReload(container) {
  const win = container.ownerDocument.defaultView;
  let fields = null;
  try {
    const key = FORM_KEY + win.location.pathname + win.location.search;
    fields = JSON.parse(win.sessionStorage.getItem(key) || 'null');
    win.sessionStorage.removeItem(key);
  } catch (_) {
    return 0;
  }
  return restoreFields(container, fields);
}
