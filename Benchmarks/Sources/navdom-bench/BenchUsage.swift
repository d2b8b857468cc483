/// `navdom-bench --help`: every benchmark and what it prints.
enum BenchUsage {
  static let text = """
    usage: navdom-bench render [--rows N] [--iterations K]
           navdom-bench diff [--rows N] [--iterations K] [--operation NAME]
           navdom-bench diff-scaling [--rows N] [--factor F] [--rounds R] [--iterations K]
                                     [--operation NAME] [--in-process]
           navdom-bench live [--sessions K] [--seconds S] [--cores "0;0,1"] [--rounds R]
                             [--new-session-ms M] [--server PATH]
           navdom-bench memory [--updates N]
           navdom-bench payload [--rows N]
           navdom-bench listening-rows [--rows N] [--iterations K]
           navdom-bench table-html [--rows N]
           navdom-bench diff-json --operation NAME [--rows N]

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
            second), its CPU over the run in cores and per event ("server_cpu_share",
            "server_us_per_event"), and the load generator's ("generator_cpu_share").
            --new-session-ms M also opens a new session every M ms (the soak; adds
            "rss_rise_after_10s_mb"). --server PATH runs that navdom build as the server (to
            measure an older build with this bench). --rounds R runs every core set R times,
            the order reversed every other round, and ends with each set's median events/s
            and the median of the rounds' ratios, last set over first
            ({"bench":"live-summary","ratios":[...],"ratio_median":x,...}). The server is the
            root package's navdom (NAVDOM_BIN, else ../.build/release/navdom from a release
            build of this, debug from a debug one), serving the repository's public/.
    memory: the demo natively, as a page runs it (its patches applied to a DOM in memory):
            200 warm-up rounds, then N updates (default 10000) in rounds of 5 (open the "Add
            item" sheet, type into it, cancel it, push an item's page, go back), as
            Tests/wasm/demo-memory.test.js runs them in the module; the heap bytes in use
            (glibc's mallinfo2) and the resident set after the warm-up and every 2000 updates,
            then {"bench":"memory-summary","updates":N,"heap_growth_bytes":x,
            "rss_growth_bytes":y,...}.
    listening-rows: N rows (default 1000) built with a listener on each of their two links,
            as the browser benchmark's app builds them, diffed into an empty table body and
            their patches encoded, K times (default 50): {"bench":"listening-rows","ms_per_round":x,...}.
    payload: bytes of a live reply (JSON, and gzip as served) against the table's HTML.
    table-html / diff-json: the reference outputs the WebAssembly parity test compares with.
    """
}
