"""Type-checks every ```swift block of README.md and docs/*.md against the built modules, so
the documentation cannot show code that does not compile.

    python3 Tests/snippets/check-snippets.py BIN_PATH     # BIN_PATH: `swift build --show-bin-path`

Each block is checked on its own, as the main file of a program (top-level code allowed), in
Swift 6 language mode; a block without imports gets the library's (NavigationCore, NavigationTesting, VirtualDOM,
HTMLRenderer). A block that needs names it does not declare (a model the surrounding prose
introduced) gets them from `Tests/snippets/<document>-<n>.prelude.swift` (n counts the
document's Swift blocks from 1), a second file of the program; a prelude whose first line is
`// include: <document>-<n>` is that block instead. Prints one line per block and
`N passed, M failed`.

Then it runs check-doc-comments.py, which compiles the examples in the public products' doc
comments and DocC articles the same way (its docstring says how), and fails if either part does.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parents[2]
modules = pathlib.Path(sys.argv[1]) / "Modules"
documents = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
blocks = {}
for document in documents:
    found = re.findall(r"```swift\n(.*?)```", document.read_text(), re.S)
    for number, block in enumerate(found, start=1):
        blocks[f"{document.stem}-{number}"] = (document, number, block)

library_imports = "import NavigationCore\nimport NavigationTesting\nimport VirtualDOM\nimport HTMLRenderer\n"
passed = failed = 0
with tempfile.TemporaryDirectory() as work:
    for name, (document, number, block) in blocks.items():
            if not re.search(r"^import ", block, re.M):
                block = library_imports + block
            source = pathlib.Path(work) / "main.swift"
            source.write_text(block)
            files = [str(source)]
            prelude = root / "Tests" / "snippets" / f"{name}.prelude.swift"
            if prelude.exists():
                text = prelude.read_text()
                included = re.match(r"// include: (\S+)", text)
                if included:
                    text = blocks[included.group(1)][2]
                second = pathlib.Path(work) / "prelude.swift"
                second.write_text(text)
                files.append(str(second))
            # The package's C modules are found through their module maps: the system libraries'
            # own (zlib's, ...), and the ones SwiftPM writes for C targets (NavDOMThreadSlot, ...).
            c_modules = [arg for path in sorted((root / "Sources").glob("*/module.modulemap"))
                         for arg in ("-I", str(path.parent))]
            c_modules += [arg for path in sorted(pathlib.Path(sys.argv[1]).glob("*.build/module.modulemap"))
                          for arg in ("-Xcc", f"-fmodule-map-file={path}")]
            result = subprocess.run(
                ["swiftc", "-typecheck", "-swift-version", "6", "-I", str(modules), *c_modules, *files],
                capture_output=True, text=True)
            where = f"{document.relative_to(root)} swift block {number}"
            if result.returncode == 0:
                passed += 1
                print(f"ok   {where}")
            else:
                failed += 1
                print(f"FAIL {where}:\n{result.stderr}")
print(f"snippets: {passed} passed, {failed} failed", flush=True)
doc_comments = subprocess.run(
    [sys.executable, str(pathlib.Path(__file__).with_name("check-doc-comments.py")), sys.argv[1]])
sys.exit(1 if failed or doc_comments.returncode else 0)
