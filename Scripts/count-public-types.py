#!/usr/bin/env python3
"""Counts the public types (struct, class, enum, protocol, typealias, actor) of each library
product's module, from the symbol graphs `swift package dump-symbol-graph` writes, with how
many of them are deprecated.

    swift package dump-symbol-graph --minimum-access-level public
    python3 Scripts/count-public-types.py .build/x86_64-unknown-linux-gnu/symbolgraph [--names]

Nested types count (AppRoutes.Place is one); extension graphs (Module@Other) add no types.
"""
import json
import os
import sys

TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
# The package's library products (Package.swift), the modules users import.
PRODUCTS = [
    "VirtualDOM", "HTMLRenderer", "NavigationCore", "NavigationTesting", "VirtualDOMTesting", "LiveSessions",
    "PublishSubscribe", "HTTPServerCore", "StaticServe", "NavDOMCommandLine", "NavigationWasm", "PageProtocol",
    "NavDOMWasmABI",
]


def deprecated(symbol):
    for entry in symbol.get("availability", []) or []:
        if entry.get("isUnconditionallyDeprecated") or "deprecated" in entry:
            return True
    return False


def main():
    folder = sys.argv[1]
    show_names = "--names" in sys.argv
    total = 0
    print(f"{'module':<20} {'types':>5} {'deprecated':>10}")
    for module in PRODUCTS:
        path = os.path.join(folder, module + ".symbols.json")
        if not os.path.exists(path):
            continue
        graph = json.load(open(path))
        names = []
        old = 0
        for symbol in graph["symbols"]:
            if symbol["kind"]["identifier"] in TYPE_KINDS and symbol.get("accessLevel") == "public":
                name = ".".join(symbol["pathComponents"])
                if name.startswith("_"):
                    continue
                names.append(name + (" (deprecated)" if deprecated(symbol) else ""))
                old += deprecated(symbol)
        total += len(names)
        print(f"{module:<20} {len(names):>5} {old:>10}")
        if show_names:
            for name in sorted(names):
                print("    " + name)
    print(f"{'total':<20} {total:>5}")


if __name__ == "__main__":
    main()
