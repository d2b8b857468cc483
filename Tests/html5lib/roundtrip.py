"""The renderer's output parses back (html5lib, a WHATWG-conformant parser) to exactly the tree
it was given.

Reads JSON lines from `navdom random-cases` (each with "old"/"new" HTML and "oldTree"/"newTree"
in the JSON tree format) and, for each HTML string, parses it as a fragment in a <body>-like
context and compares the parsed DOM with the tree. Hydration's rule for the `<!---->` text
markers (docs/PROTOCOL.md) is applied to the parse first, as runtime.js applies it.

    python Tests/html5lib/roundtrip.py CASES.jsonl
"""
import json
import sys

import html5lib

NAMESPACES = {
    "http://www.w3.org/1999/xhtml": None,
    "http://www.w3.org/2000/svg": "svg",
    "http://www.w3.org/1998/Math/MathML": "math",
}


def parsed_children(element):
    """The children of an etree element as our tree format's nodes, markers resolved."""
    raw = []
    if element.text:
        raw.append({"text": element.text})
    for child in element:
        if callable(child.tag):  # a comment
            raw.append({"comment": child.text or ""})
        else:
            raw.append(to_tree(child))
        if child.tail:
            raw.append({"text": child.tail})
    nodes = []
    index = 0
    while index < len(raw):
        node = raw[index]
        if node.get("comment") == "":
            following = raw[index + 1] if index + 1 < len(raw) else None
            if following is not None and "text" in following:
                nodes.append(following)
                index += 2
                continue
            nodes.append({"text": ""})
            index += 1
            continue
        nodes.append(node)
        index += 1
    return nodes


def to_tree(element):
    namespace, _, tag = element.tag[1:].partition("}")
    node = {"tag": tag}
    if NAMESPACES.get(namespace):
        node["ns"] = NAMESPACES[namespace]
    if element.attrib:
        node["attrs"] = sorted([name, value] for name, value in element.attrib.items())
    children = parsed_children(element)
    if children:
        node["children"] = children
    return node


def normalized(node):
    """Our tree with what the parser cannot know dropped: keys and properties (not markup)."""
    if "tag" not in node:
        return node
    result = {"tag": node["tag"]}
    if node.get("ns") and node["ns"] != "html":
        result["ns"] = node["ns"]
    if node.get("attrs"):
        result["attrs"] = sorted(node["attrs"])
    children = [normalized(child) for child in node.get("children", [])]
    if children:
        result["children"] = children
    return result


def check(html, tree):
    nodes = tree if isinstance(tree, list) else [tree]
    expected = [normalized(node) for node in nodes]
    fragment = html5lib.parseFragment(html, container="div", namespaceHTMLElements=True)
    actual = parsed_children(fragment)
    return expected == actual, expected, actual


def main(path):
    passed = failed = 0
    with open(path, encoding="utf-8") as cases:
        for line in cases:
            case = json.loads(line)
            for side in ("old", "new"):
                ok, expected, actual = check(case[side], case[side + "Tree"])
                if ok:
                    passed += 1
                    continue
                failed += 1
                if failed <= 5:
                    print(f"seed {case['seed']} ({side}): parse differs from the tree", file=sys.stderr)
                    print(f"  html:     {case[side]}", file=sys.stderr)
                    print(f"  expected: {json.dumps(expected)}", file=sys.stderr)
                    print(f"  parsed:   {json.dumps(actual)}", file=sys.stderr)
    print(f"html5lib round trip: {passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
