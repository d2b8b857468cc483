#!/usr/bin/env python3
"""Where a WebAssembly module's bytes go: its code attributed to functions and to source modules.

    Scripts/wasm-size-report.py MODULE.names.wasm [--shipped MODULE.wasm] [--top N] [--markdown] [--forbid TEXT]
    Scripts/wasm-size-report.py .build-wasm/navdom.names.wasm --shipped .build-wasm/navdom.wasm --markdown > docs/WASM-SIZE.md

MODULE.names.wasm is the module as shipped but with its name section kept: the build-wasm plugin
writes it with `--names-output` (Scripts/build-wasm.sh does, for the demo and navdom-bench.wasm).
Its code section is the shipped module's, byte for byte (the script checks this when given
`--shipped`), so each function body's size is what that function costs in the module.

Functions are attributed to the Swift module that defines them, read from the mangled name
(`$e10VirtualDOM...`, Embedded Swift's mangling: VirtualDOM); a generic function specialised for another module's types
counts where it is defined, with `(specialized)` in the function table. `Swift` is the Embedded
standard library, `C/runtime` what has no Swift mangling (the C library, the Swift runtime's
retain and release, allocation). The names are demangled with the toolchain's swift-demangle when
it is on PATH or under /opt/swift/usr/bin; the module attribution does not need it.

Per-function bytes are raw code bytes: gzip compresses the whole module, so the gzip share of a
function is not measurable on its own; the totals line gives the module's gzip -9 size.
"""
import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys


def read_leb(data, offset):
    """An unsigned LEB128 at `offset`: (value, offset after it)."""
    result = shift = 0
    while True:
        byte = data[offset]
        offset += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, offset
        shift += 7


def read_name(data, offset):
    length, offset = read_leb(data, offset)
    return data[offset:offset + length].decode("utf-8", "replace"), offset + length


def sections(data):
    """(id, custom name or None, payload start, payload end) for each section."""
    if data[:4] != b"\0asm":
        raise SystemExit("wasm-size-report: not a WebAssembly module")
    offset = 8
    while offset < len(data):
        section_id = data[offset]
        size, start = read_leb(data, offset + 1)
        end = start + size
        name = read_name(data, start)[0] if section_id == 0 else None
        yield section_id, name, start, end
        offset = end


def imported_function_count(data, start):
    count, offset = read_leb(data, start)
    functions = 0
    for _ in range(count):
        _, offset = read_name(data, offset)
        _, offset = read_name(data, offset)
        kind = data[offset]
        offset += 1
        if kind == 0:  # function: a type index
            _, offset = read_leb(data, offset)
            functions += 1
        elif kind == 1:  # table: reftype, limits
            offset += 1
            flags = data[offset]
            _, offset = read_leb(data, offset + 1)
            if flags & 1:
                _, offset = read_leb(data, offset)
        elif kind == 2:  # memory: limits
            flags = data[offset]
            _, offset = read_leb(data, offset + 1)
            if flags & 1:
                _, offset = read_leb(data, offset)
        elif kind == 3:  # global: valtype, mutability
            offset += 2
        else:
            raise SystemExit(f"wasm-size-report: unknown import kind {kind}")
    return functions


def function_bodies(data, start):
    """The size in bytes of each function body (its size prefix included), in order."""
    count, offset = read_leb(data, start)
    sizes = []
    for _ in range(count):
        size, body = read_leb(data, offset)
        sizes.append(body + size - offset)
        offset = body + size
    return sizes


def function_names(data, start, end):
    """Function index -> name, from the name section's function subsection."""
    names = {}
    offset = start
    _, offset = read_name(data, offset)  # "name"
    while offset < end:
        kind = data[offset]
        size, payload = read_leb(data, offset + 1)
        if kind == 1:
            count, cursor = read_leb(data, payload)
            for _ in range(count):
                index, cursor = read_leb(data, cursor)
                names[index], cursor = read_name(data, cursor)
        offset = payload + size
    return names


# The decimal length before a mangled identifier (`10` of `10VirtualDOM`).
LENGTH_PREFIX = re.compile(r"(\d+)")


def identifier(symbol, offset, words):
    """An identifier at `offset`: (name, offset after it), or None. Either length-prefixed
    (`10VirtualDOM`) or, after a `0`, words of earlier identifiers (`words`, which this
    extends) named by letters, lowercase while more follow, then an optional length-prefixed
    rest: `0C8Protocol` is word C ("Page") + "Protocol". The words are split as Swift's
    mangler splits them: a word starts at a letter after a non-letter or at an uppercase letter
    after a lowercase one, and counts from two letters."""
    name = ""
    if symbol[offset:offset + 1] == "0":
        offset += 1
        while offset < len(symbol) and symbol[offset].isalpha():
            letter = symbol[offset]
            index = ord(letter.lower()) - ord("a")
            if index >= len(words):
                return None
            name += words[index]
            offset += 1
            if letter.isupper():
                break
    match = LENGTH_PREFIX.match(symbol, offset)
    if match and match.group(1) != "0":
        end = match.end() + int(match.group(1))
        literal = symbol[match.end():end]
        name += literal
        add_words(literal, words)
        offset = end
    return (name, offset) if name else None


def add_words(text, words):
    """Appends `text`'s words (see `identifier`) to `words`, at most 26 in all."""
    start = None
    for position, character in enumerate(text + "_"):
        previous = text[position - 1] if position else "_"
        ends = character == "_" or character.isdigit() or (character.isupper() and not previous.isupper())
        if start is not None and ends:
            if position - start >= 2 and len(words) < 26:
                words.append(text[start:position])
            start = None
        if start is None and not (character == "_" or character.isdigit()):
            start = position


def module_of(symbol):
    """The Swift module that defines a mangled symbol, `Swift` for the standard library's,
    `C/runtime` for a symbol with no Swift mangling. A member of an extension counts in the
    extension's module: `$e10VirtualDOM4NodeV14NavigationCoreE...` (NavigationCore's
    `extension Node`) is NavigationCore's, `$eSS14NavigationCoreE...` too."""
    if not symbol.startswith(("$s", "$e")):
        return "C/runtime"
    offset = 2
    words = []
    first = identifier(symbol, offset, words)
    if first:
        module, offset = first
    elif symbol[offset:offset + 1] == "S" and symbol[offset + 1:offset + 2].isalpha():
        module, offset = "Swift", offset + 2  # a standard type: SS String, Sa Array, ...
    else:
        return "Swift"
    # Nested nominal types (`4NodeV`, `7ElementV5ExtrasV`), then an extension's module (`...E`).
    while True:
        nominal = identifier(symbol, offset, words)
        if not nominal:
            break
        name, after = nominal
        kind = symbol[after:after + 1]
        if kind == "E":
            return name
        if kind not in ("V", "C", "O", "P"):
            break
        offset = after + 1
    return module


# Symbols whose module the attribution must get right, checked on every run (the test suite's
# size report runs it): an extension's module named by word substitution was once "Protocol".
KNOWN_MODULES = {
    "$e14NavigationCore8PageTreeV0C8ProtocolE4jsonSSvg": "PageProtocol",
    "$e14NavigationCore0A5RouteV__5parse5printACSS_xmxSgAA0C10ParametersV_AFtYbcSaySSGSgxYbctcSHRzs16SendableMetatypeRzlufcAA16UINavigationPathV7ElementVSg": "NavigationCore",
    "$e10VirtualDOM4NodeO14NavigationCoreE18confirmationDialog_9onDismiss6actionAcD9UIBindingVyAD012ConfirmationG5StateVyxGSgG_yycSgyxSgctlFACSS_SSSayACGyy": "NavigationCore",
    "$eSS14NavigationCoreE4testyyF": "NavigationCore",
    "$es11_StringGutsV6appendyyABF": "Swift",
    "swift_release": "C/runtime",
}


def check_module_attribution():
    for symbol, expected in KNOWN_MODULES.items():
        found = module_of(symbol)
        if found != expected:
            sys.exit(f"wasm-size-report: {symbol} is attributed to {found}, not {expected}")


def demangler():
    found = shutil.which("swift-demangle")
    if found:
        return found
    fallback = "/opt/swift/usr/bin/swift-demangle"
    return fallback if os.access(fallback, os.X_OK) else None


def demangle(symbols):
    tool = demangler()
    if not tool or not symbols:
        return dict(zip(symbols, symbols))
    result = subprocess.run([tool, "--simplified", "--compact"], input="\n".join(symbols) + "\n",
                            capture_output=True, text=True, check=True)
    lines = result.stdout.split("\n")
    return {symbol: (lines[i] if i < len(lines) and lines[i] else symbol) for i, symbol in enumerate(symbols)}


def analyse(path):
    with open(path, "rb") as handle:
        data = handle.read()
    imports = 0
    bodies = []
    names = {}
    code_bytes = 0
    section_sizes = {}
    for section_id, custom, start, end in sections(data):
        label = f"custom:{custom}" if custom is not None else str(section_id)
        section_sizes[label] = section_sizes.get(label, 0) + end - start
        if section_id == 2:
            imports = imported_function_count(data, start)
        elif section_id == 10:
            bodies = function_bodies(data, start)
            code_bytes = end - start
        elif custom == "name":
            names = function_names(data, start, end)
    functions = [(names.get(imports + i, f"function[{imports + i}]"), size) for i, size in enumerate(bodies)]
    return data, functions, code_bytes, section_sizes


def code_section(data):
    for section_id, _, start, end in sections(data):
        if section_id == 10:
            return data[start:end]
    return b""


def gzip_size(data):
    """The size `gzip -9` makes of `data`, as Scripts/build-wasm.sh measures its budgets (its
    zlib can differ from Python's by a few dozen bytes); Python's when there is no gzip."""
    if shutil.which("gzip"):
        return len(subprocess.run(["gzip", "-9", "-c"], input=data, capture_output=True, check=True).stdout)
    return len(gzip.compress(data, 9, mtime=0))


def report(args):
    data, functions, code_bytes, section_sizes = analyse(args.names_module)
    shipped_line = ""
    if args.shipped:
        with open(args.shipped, "rb") as handle:
            shipped = handle.read()
        if code_section(shipped) != code_section(data):
            raise SystemExit(f"wasm-size-report: {args.shipped}'s code differs from {args.names_module}'s: rebuild both")
        shipped_line = (f"Shipped module ({os.path.basename(args.shipped)}): {len(shipped):,} bytes raw, "
                        f"{gzip_size(shipped):,} bytes gzip -9 (the stream, as served).")
    readable = demangle([name for name, _ in functions])
    by_module = {}
    for name, size in functions:
        module = module_of(name)
        count, total = by_module.get(module, (0, 0))
        by_module[module] = (count + 1, total + size)
    lines = []
    if args.markdown:
        lines += [f"# Where {os.path.basename(args.shipped or args.names_module)}'s bytes go", "",
                  "Generated by `Scripts/wasm-size-report.py` (Scripts/test.sh's wasm suites regenerate it); do not edit by hand. Bytes are raw code bytes after wasm-opt.", ""]
    if shipped_line:
        lines += [shipped_line, ""]
    lines += [f"Code section: {code_bytes:,} bytes in {len(functions)} functions; "
              f"data and other sections: {sum(section_sizes.values()) - code_bytes - section_sizes.get('custom:name', 0):,} bytes.", ""]
    lines += ["## By source module", "", "| module | functions | code bytes | share |", "|---|---:|---:|---:|"]
    for module, (count, total) in sorted(by_module.items(), key=lambda item: -item[1][1]):
        lines.append(f"| {module} | {count} | {total:,} | {100 * total / max(code_bytes, 1):.1f}% |")
    lines += ["", f"## The {args.top} largest functions", "", "| bytes | module | function |", "|---:|---|---|"]
    for name, size in sorted(functions, key=lambda item: -item[1])[:args.top]:
        shown = readable.get(name, name).replace("|", "\\|")
        if len(shown) > 160:
            shown = shown[:157] + "..."
        lines.append(f"| {size:,} | {module_of(name)} | `{shown}` |")
    return "\n".join(lines) + "\n"


def forbidden_functions(path, patterns):
    """(pattern, function) for each function whose mangled name contains one of `patterns`:
    code that should never reach the module (`_InternalNFC`: String's ==, which a comparison by
    code points, DOMString.equal, avoids)."""
    _, functions, _, _ = analyse(path)
    return [(pattern, name) for name, _ in functions for pattern in patterns if pattern in name]


def main():
    check_module_attribution()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names_module", help="the module with its name section (build-wasm --names-output)")
    parser.add_argument("--shipped", help="the shipped module, checked to hold the same code")
    parser.add_argument("--top", type=int, default=60, help="how many functions to list (default 60)")
    parser.add_argument("--markdown", action="store_true", help="a Markdown page with a title")
    parser.add_argument("--forbid", action="append", default=[], metavar="TEXT",
                        help="fail when a function's mangled name contains TEXT (repeatable)")
    args = parser.parse_args()
    forbidden = forbidden_functions(args.names_module, args.forbid)
    if forbidden:
        for pattern, name in forbidden:
            print(f"wasm-size-report: {args.names_module} holds {name} (forbidden: {pattern})", file=sys.stderr)
        sys.exit(1)
    sys.stdout.write(report(args))


if __name__ == "__main__":
    main()
