/// The help texts, one per command.
enum Usage {
  static let main = """
    usage: navdom <command> [options]

    commands:
      serve                  serve the demo app at http://127.0.0.1:8080 (see: navdom serve --help)
      demo-trace FILE        run scripted demo flows natively, one JSON line per step
      render [--pretty] FILE render a JSON tree (or - for stdin) as HTML
      render --route URL     render the demo app's page for URL as a full HTML document
      diff OLD NEW           print the patches from tree OLD to tree NEW as JSON
      bench render|diff      run benchmarks, one JSON object per line
      random-cases           print random (old, new, patches) cases for the runtime's tests

    Run `navdom <command> --help` for a command's options.
    """

  static let demoTrace = """
    usage: navdom demo-trace FILE

    Runs the scripted demo flows of FILE (Tests/wasm/demo-flows.txt) natively and prints one
    JSON line per step: the page at the start of each flow, then each step's event (by node
    id), reply and HTML. The WebAssembly parity test replays the events in the module and
    compares. Script lines:
      flow NAME URL          a fresh app at URL
      press LABEL            click the visible button or link with that text or aria-label
      type LABEL = TEXT      type TEXT into the field labelled LABEL (one input event)
      escape                 press Escape on the open dialog (cancel)
      back                   the stack's Back button
      popstate URL           the browser's back/forward buttons, to URL
    """

  static let render = """
    usage: navdom render [--pretty] [--document] FILE|-
           navdom render --route URL [--pretty]

    Renders a JSON tree (DESIGN.md's tree format) as HTML on stdout. `-` reads stdin.
      --pretty     indented output for snapshots (never changes what a browser shows)
      --document   prefix <!DOCTYPE html>
      --route URL  render the demo app's state at URL as the full page a visitor would get
    Bad input prints what and where on stderr, exits 1, and prints nothing on stdout.
    """

  static let diff = """
    usage: navdom diff [--format json|text] OLD NEW

    Prints the patches that turn tree OLD into tree NEW (files in the JSON tree format, `-` for
    stdin). OLD's nodes are numbered in document order from 1; new nodes get ids after the
    largest. docs/PROTOCOL.md describes every patch.
      --format json   one JSON array (default)
      --format text   one line per patch, for people
    """

  static let bench = """
    usage: navdom bench render [--rows N] [--iterations K]
           navdom bench diff [--rows N] [--iterations K] [--operation NAME]
           navdom bench diff-scaling [--rows N] [--factor F] [--rounds R] [--iterations K]
                                     [--operation NAME] [--in-process]
           navdom bench live [--sessions K] [--seconds S] [--cores "0;0,1"]
                             [--new-session-ms M] [--server PATH]
           navdom bench memory [--updates N]
           navdom bench payload [--rows N]
           navdom bench table-html [--rows N]
           navdom bench diff-json --operation NAME [--rows N]

    render: builds the js-framework-benchmark table with the DSL and renders it to bytes;
            prints {"bench":"render","rows":N,"bytes":B,"ms_per_render":x,"MBps":y}.
    diff:   the nine benchmark operations (or one) on N rows (default 1000): patch counts, and
            the median and minimum ms per diff and per apply over K timed runs, and the median
            ms per diff after evicting the caches (ms_per_diff_cold), one JSON object per
            operation.
    diff-scaling: F times the rows (default 10) against N (default 1000), both in one process,
            R rounds (default 8) of K/F pairs (K default 50; at least 5 pairs), each pair F
            diffs at N and one at F*N, alternating which goes first, its ratio the large
            diff's time over the small ones' median: one line per round with both medians and
            the median ratio of its pairs, warm and cold, then the median, minimum and
            maximum ratio per operation ({"bench":"diff-scaling-summary",...}). Each
            operation runs in a process of its own, so that its trees are not laid out over
            the blocks the ones before freed; --in-process runs them all in this one.
    live:   the live server under load: for each core set (default "0;0,1": 1 core, then 2),
            navdom serve pinned there with taskset, K sessions (default 64) opened as a
            browser does, each sending events one after the other (open and cancel the "Add
            item" sheet, push an item's page and pop it) for S seconds (default 10); one line
            per run: {"bench":"live","sessions":K,"cores":C,"events_per_s":x,"p50_ms":y,
            "p99_ms":z,"errors":E,"threads":T,"rss_mb":R,...}: the server's threads and
            resident set at the end, their maximum and the resident set at 10 s (sampled each
            second). --new-session-ms M also opens a new session every M ms (the soak; adds
            "rss_rise_after_10s_mb"). --server PATH runs that navdom build as the server (to
            measure an older build with this bench). Run from the repository root (it serves
            public/).
    memory: the demo natively, as a page runs it (its patches applied to a DOM in memory):
            200 warm-up rounds, then N updates (default 10000) in rounds of 5 (open the "Add
            item" sheet, type into it, cancel it, push an item's page, go back), as
            Tests/wasm/demo-memory.test.js runs them in the module; the heap bytes in use
            (glibc's mallinfo2) and the resident set after the warm-up and every 2000 updates,
            then {"bench":"memory-summary","updates":N,"heap_growth_bytes":x,
            "rss_growth_bytes":y,...}.
    payload: bytes of a live reply (JSON, and gzip as served) against the table's HTML.
    table-html / diff-json: the reference outputs the WebAssembly parity test compares with.
    """

  static let randomCases = """
    usage: navdom random-cases [--count N] [--seed S]

    Prints N random (old, new) tree pairs as JSON lines:
    {"seed": S, "old": "<compact html>", "new": "<compact html>", "patches": [...],
     "oldTree": <tree>, "newTree": <tree>}   (trees in the JSON tree format)
    The runtime's tests apply the patches to the old HTML and compare with the new.
    """
}
