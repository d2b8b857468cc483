// The browser's history, kept in step with the app's URL, as browsers keep it for links: every
// move the app calls a push (a link click, a filter, a tab, a page pushed) is a new entry, even
// to a URL already in the history, so Back walks back through what the user did. Every entry
// the runtime makes carries the trail of URLs this page has walked (`history.state.navdom`), so
// when the app pops back to a URL it came from (picking a color pops to the editor), the
// runtime moves back through history instead of pushing a copy.

/**
 * The history of one started container: `follow(reply)` applies a reply's {url, history};
 * `absorbPopState(state)` notes where a popstate landed and says whether the runtime itself
 * asked to go there.
 *
 *   const history = startHistory(window); history.follow({url: '/items/2'})
 */
export function startHistory(win) {
  const here = () => win.location.href;
  const saved = win.history.state && win.history.state.navdom;
  const walk = {
    trail: saved && Array.isArray(saved.trail) ? saved.trail.slice() : [here()],
    index: saved && Number.isInteger(saved.index) ? saved.index : 0,
    expectedIndex: null,
  };
  if (!saved) win.history.replaceState({ navdom: { trail: walk.trail, index: walk.index } }, '', here());
  return {
    follow: (reply) => follow(win, walk, reply),
    absorbPopState(state) {
      const entry = state && state.navdom;
      if (entry && Array.isArray(entry.trail) && Number.isInteger(entry.index)) {
        walk.trail = entry.trail.slice();
        walk.index = entry.index;
      }
      const expected = walk.expectedIndex;
      walk.expectedIndex = null;
      return expected !== null && !!entry && entry.index === expected;
    },
  };
}

/** Applies a reply's {url, history} to the page's history and the trail `walk`. */
function follow(win, walk, reply) {
  if (typeof reply.url !== 'string') return;
  const here = win.location.href;
  const target = new win.URL(reply.url, here).href;
  // The reply to a popstate names the page the browser is already on.
  if (target === here) return;
  const replace = () => {
    walk.trail[walk.index] = target;
    win.history.replaceState({ navdom: { trail: walk.trail.slice(), index: walk.index } }, '', target);
  };
  if (reply.history === 'replace') return replace();
  if (reply.history === 'pop') {
    const earlier = walk.trail.lastIndexOf(target, walk.index - 1);
    if (walk.index > 0 && earlier >= 0) {
      walk.expectedIndex = earlier;
      win.history.go(earlier - walk.index);
      walk.index = earlier;
      return;
    }
    // A popped page whose parent this page never showed (a deep link): the popped entry is
    // replaced, never pushed over, so Back never shows a page the app popped.
    return replace();
  }
  walk.trail = walk.trail.slice(0, walk.index + 1).concat(target);
  walk.index += 1;
  win.history.pushState({ navdom: { trail: walk.trail.slice(), index: walk.index } }, '', target);
}
