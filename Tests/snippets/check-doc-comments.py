"""Type-checks every ```swift example in the doc comments (`///`) and DocC articles of the
library's public products against the built modules, so an API's documentation cannot show code
that does not compile.

    python3 Tests/snippets/check-doc-comments.py BIN_PATH   # BIN_PATH: `swift build --show-bin-path`

check-snippets.py runs it after README.md and docs/. Prints `FAIL Sources/X/Y.swift:LINE` and the
compiler's error for each failing example, and `doc comments: N passed, M failed`; exits 1 when
one fails.

How an example is compiled. Examples are short and use names the surrounding doc implies
(`model`, `driver`, `session`, `runtime`, `request`, `server`, `Item`, `Route`, ...): those come
from one shared vocabulary, `Tests/snippets/doc-comments.prelude.swift`, compiled first as the
module `DocVocabulary` that every example imports (`@testable`, so the vocabulary needs no
`public`). Each example is split into its top-level declarations (types, extensions, functions,
`@Test`s, imports), which go at file scope, and its statements, which become the body of
`@MainActor func example_<n>() async throws`; an example whose statements `return` at top level
is a router's body: its function returns `HTTPResponse?` (HTTPServerCore, StaticServe,
LiveSessions). A name an example declares shadows the vocabulary's. Examples go into as few
programs as their declarations allow (an example declaring a name shares a program with no
example that declares or uses that name): one swiftc run per program, each importing every
public product, Foundation and Testing (about 4 s for all of them). An import of the app's own
module (`import ContactsApp`) stands for the vocabulary. Nothing is run.

Which modules. The public products (below); NavigationWasm is wasm-only but builds natively (its
exports do nothing there), so its examples are checked natively too. NavDOMWasmABI is a product
but empty natively, and its examples are JavaScript and a diagram: nothing to compile. The
internal modules (NavDOMSupport, WorkScheduling, RandomTrees, DemoApp, the navdom executable,
the C runtime and checker targets) are not user API: their doc comments are not public docs and are not checked.
Nor are the examples on a public module's internal declarations (a declaration that is neither
`public`/`open`, an extension, an enum case, nor in a public protocol or extension): users
cannot call them. The summary line before the count says how many those are.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
PUBLIC = ["NavigationCore", "NavigationTesting", "VirtualDOM", "HTMLRenderer", "VirtualDOMTesting",
          "PageProtocol", "LiveSessions", "PublishSubscribe", "HTTPServerCore", "StaticServe",
          "NavDOMCommandLine", "NavigationWasm"]
APP_MODULES = {"ContactsApp"}  # a user's app module in an example: the vocabulary stands for it
ROUTER_MODULES = {"HTTPServerCore", "StaticServe", "LiveSessions"}
PRELUDE = ROOT / "Tests" / "snippets" / "doc-comments.prelude.swift"
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|final|indirect)\s+)*"
    r"(class|struct|enum|protocol|extension|actor|typealias|func|import)\s+([A-Za-z_]\w*)")


def documents_public_api(lines, index):
    """Whether the doc comment around line `index` documents public API: the declaration after
    it (past comments, attributes and `#if`s) is `public` or `open`, an extension, an enum case,
    or a requirement of a public protocol or a member of a public extension (the nearest less
    indented type or extension)."""
    parentheses = 0
    while index < len(lines) and (parentheses > 0 or re.match(r"\s*(//|@|#if|#else|#endif|$)", lines[index])):
        parentheses += lines[index].count("(") - lines[index].count(")")
        index += 1
    if index == len(lines):
        return False
    declaration = lines[index]
    if re.search(r"\b(public|open)\b", declaration) or re.match(r"\s*(case|extension)\b", declaration):
        return True
    indent = len(declaration) - len(declaration.lstrip())
    for line in reversed(lines[:index]):
        stripped = line.lstrip()
        if stripped and not stripped.startswith("//") and len(line) - len(stripped) < indent:
            return bool(re.match(r"public (protocol|extension)\b", stripped))
    return False


def blocks_of(path):
    """(first line, lines) of each ```swift block in a Swift file's `///` comments that documents
    public API, or in a DocC article; the lines are the code without the comment marker."""
    found, skipped, lines, index = [], 0, path.read_text().split("\n"), 0
    prefix = r"\s*/// ?" if path.suffix == ".swift" else ""
    while index < len(lines):
        if re.fullmatch(prefix + r"```swift\s*", lines[index]):
            body, index = [], index + 1
            while index < len(lines) and not re.fullmatch(prefix + r"```\s*", lines[index]):
                body.append(re.sub("^" + prefix, "", lines[index], count=1) if prefix else lines[index])
                index += 1
            if not prefix or documents_public_api(lines, index):
                found.append((index - len(body) + 1, body))
            else:
                skipped += 1
        index += 1
    return found, skipped


def brace_delta(line):
    """Net `{` minus `}` of a line, outside string literals and `//` comments."""
    line = re.sub(r'#"(?:[^"]|"(?!#))*"#', '""', line)
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    line = line.split("//")[0]
    return line.count("{") - line.count("}")


class Example:
    """One block: its declarations (file scope) and statements (a function body), each line with
    the source line it came from."""

    def __init__(self, number, module, path, first, lines):
        self.number, self.module, self.path, self.first = number, module, path, first
        self.imports, self.declarations, self.statements, self.names = [], [], [], set()
        depth, target = 0, None
        for offset, line in enumerate(lines):
            entry = (first + offset, line)
            if depth == 0:
                match = DECLARATION.match(line)
                if match and match.group(1) == "import":
                    if match.group(2) not in APP_MODULES:
                        self.imports.append(entry)
                    continue
                target = self.declarations if match else self.statements
                if match:
                    self.names.add(match.group(2) if match.group(1) != "extension" else "")
            depth += brace_delta(line)
            target.append(entry)
            if target is self.declarations and match and match.group(1) == "extension":
                self.names |= {"." + name for name in re.findall(r"\b(?:var|func|static var)\s+(\w+)", line)}
        self.names.discard("")
        self.words = set(re.findall(r"\w+", "\n".join(lines)))
        self.router = module in ROUTER_MODULES and any(
            brace_delta_prefix(self.statements, index) == 0
            and re.match(r"\s*(return\b|(if|guard|while)\b.*\breturn\b)", line)
            for index, (_, line) in enumerate(self.statements))

    def where(self, source_line):
        return f"{self.path.relative_to(ROOT)}:{source_line}"


def brace_delta_prefix(entries, index):
    return sum(brace_delta(line) for _, line in entries[:index])


def collect():
    """The examples of the public products, and how many were left out as internal."""
    examples, internal = [], 0
    for module in PUBLIC:
        folder = ROOT / "Sources" / module
        for path in sorted(folder.rglob("*.swift")) + sorted(folder.rglob("*.docc/*.md")):
            found, skipped = blocks_of(path)
            internal += skipped
            for first, lines in found:
                examples.append(Example(len(examples) + 1, module, path, first, lines))
    return examples, internal


def programs(examples):
    """Examples packed into programs in which no example's file-scope declaration clashes with
    another's or shadows a name another example uses."""
    packed = []
    for example in examples:
        for program in packed:
            if all(compatible(example, other) for other in program):
                break
        else:
            program = []
            packed.append(program)
        program.append(example)
    return packed


def compatible(one, other):
    if one.names & other.names:
        return False
    return not ({name for name in one.names if name[0] != "."} & other.words
                or {name for name in other.names if name[0] != "."} & one.words)


def render(examples):
    """The program's source and, for each of its lines, the example and source line it shows."""
    out, origin = [], []

    def emit(text, example=None, line=None):
        out.append(text)
        origin.append((example, line))

    for module in PUBLIC + ["Foundation", "Testing"]:
        emit(f"import {module}")
    emit("@testable import DocVocabulary")
    for example in examples:
        for line, text in example.imports:
            emit(text, example, line)
        for line, text in example.declarations:
            emit(text, example, line)
        result = " -> HTTPResponse?" if example.router else ""
        emit(f"@MainActor func example_{example.number}() async throws{result} {{", example, example.first)
        for line, text in example.statements:
            emit(text, example, line)
        if example.router:
            emit("return nil", example, example.first)
        emit("}", example, example.first)
    return "\n".join(out) + "\n", origin


def swiftc(bin_path, *arguments):
    c_modules = [arg for path in sorted((ROOT / "Sources").glob("*/module.modulemap"))
                 for arg in ("-I", str(path.parent))]
    c_modules += [arg for path in sorted(pathlib.Path(bin_path).glob("*.build/module.modulemap"))
                  for arg in ("-Xcc", f"-fmodule-map-file={path}")]
    return subprocess.run(["swiftc", "-swift-version", "6", "-I", str(pathlib.Path(bin_path) / "Modules"),
                           *c_modules, *arguments], capture_output=True, text=True)


def main():
    bin_path = sys.argv[1]
    examples, internal = collect()
    failures = {}
    with tempfile.TemporaryDirectory() as work:
        vocabulary = swiftc(bin_path, "-emit-module", "-enable-testing", "-parse-as-library",
                            "-module-name", "DocVocabulary", "-emit-module-path",
                            f"{work}/DocVocabulary.swiftmodule", str(PRELUDE))
        if vocabulary.returncode != 0:
            print(f"FAIL {PRELUDE.relative_to(ROOT)}:\n{vocabulary.stderr}")
            print(f"doc comments: 0 passed, {len(examples)} failed (the vocabulary does not compile)")
            return 1
        for number, group in enumerate(programs(examples)):
            source, origin = render(group)
            file = pathlib.Path(work) / f"examples{number}.swift"
            file.write_text(source)
            result = swiftc(bin_path, "-typecheck", "-parse-as-library", "-module-name", "DocExamples",
                            "-I", work, str(file))
            for match in re.finditer(rf"^{re.escape(str(file))}:(\d+):(\d+): error: (.*)$", result.stderr, re.M):
                example, line = origin[int(match.group(1)) - 1]
                if example is None:
                    print(f"FAIL {file.name}:{match.group(1)} (the imports): {match.group(3)}")
                    return 1
                failures.setdefault(example.number, []).append(f"{example.where(line)}: {match.group(3)}")
            if result.returncode != 0 and not any(e.number in failures for e in group):
                print(f"FAIL program {number}, no error located:\n{result.stderr}")
                return 1
    counts = {}
    for example in examples:
        passed, failed = counts.setdefault(example.module, [0, 0])
        errors = failures.get(example.number)
        if errors:
            print(f"FAIL {example.where(example.first)}")
            for error in errors:
                print(f"  {error}")
        counts[example.module][1 if errors else 0] += 1
    for module, (passed, failed) in counts.items():
        print(f"  {module}: {passed} passed, {failed} failed")
    print(f"  not checked: {internal} examples on internal declarations of these modules")
    failed = sum(failed for _, failed in counts.values())
    print(f"doc comments: {len(examples) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
