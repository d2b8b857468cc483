#!/usr/bin/env python3
"""Reads `swift package diagnose-api-breaking-changes` output and CHANGELOG.md, and fails on a
break the changelog does not announce.

    python3 Scripts/check-api-breaks.py digester-output.txt CHANGELOG.md

A break is announced when a "### Breaking" section names, in backquotes, the broken symbol
(`HTTPServer.run()`, with or without its parameter list), its outermost type (`HTTPServer`:
the whole type's API changed or moved), or its module followed by a colon (`LiveSessions:`,
for a module whose every break one entry explains). Prints every break and whether it is
announced.
"""
import re
import sys

BREAK = re.compile(r"API breakage: (?:\w+ )?(?P<kind>[a-z]+) (?P<name>\S+)")
MODULE = re.compile(r"breaking changes? detected in (?P<module>\w+)")


def announcements(changelog):
    names = set()
    in_breaking = False
    for line in changelog.splitlines():
        if line.startswith("#"):
            in_breaking = line.strip().lower() == "### breaking"
            continue
        if in_breaking:
            for quoted in re.findall(r"`([^`]+)`", line):
                names.add(quoted.strip())
    return names


def forms(module, name):
    """The names that announce a break of `name` in `module`."""
    bare = name.split("(")[0]
    outer = bare.split(".")[0]
    return {name, bare, outer, module + ":", module + "." + bare, module + "." + outer}


def main():
    report = open(sys.argv[1]).read()
    announced = announcements(open(sys.argv[2]).read())
    module = "?"
    missing = []
    count = 0
    for line in report.splitlines():
        found = MODULE.search(line)
        if found:
            module = found.group("module")
            continue
        found = BREAK.search(line)
        if not found:
            continue
        count += 1
        name = found.group("name")
        ok = bool(forms(module, name) & announced)
        print(("announced   " if ok else "UNANNOUNCED ") + module + ": " + line.split("API breakage: ", 1)[1])
        if not ok:
            missing.append(name)
    print(f"{count} break(s) since the baseline, {len(missing)} not in CHANGELOG.md's Breaking sections")
    if missing:
        print("check-api-breaks: announce each under '### Breaking' in CHANGELOG.md, naming it in backquotes", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
