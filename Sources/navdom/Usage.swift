/// The help texts, one per command.
enum Usage {
  static let main = """
    usage: navdom <command> [options]

    commands:
      serve                  serve the demo app at http://127.0.0.1:8080 (see: navdom serve --help);
                             --demo likes serves the shared-likes demo (with --redis URL, across
                             processes)
      demo-trace FILE        run scripted demo flows natively, one JSON line per step
      render [--pretty] FILE render a JSON tree (or - for stdin) as HTML
      render --route URL     render the demo app's page for URL as a full HTML document
      diff OLD NEW           print the patches from tree OLD to tree NEW as JSON
      bench                  says where the benchmarks are (Benchmarks/, navdom-bench)
      random-cases           print random (old, new, patches) cases for the runtime's tests
      runtime [--output F]   the browser runtime pages load from /runtime.js (for nginx, a CDN)

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
    the benchmarks moved to a package of their own, Benchmarks/:
      cd Benchmarks && swift run -c release navdom-bench render --rows 10000
    (render, diff, diff-scaling, payload, live, memory; README.md's "Benchmarks" section)
    """

  static let randomCases = """
    usage: navdom random-cases [--count N] [--seed S]

    Prints N random (old, new) tree pairs as JSON lines:
    {"seed": S, "old": "<compact html>", "new": "<compact html>", "patches": [...],
     "oldTree": <tree>, "newTree": <tree>}   (trees in the JSON tree format)
    The runtime's tests apply the patches to the old HTML and compare with the new.
    """
}
