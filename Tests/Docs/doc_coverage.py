#!/usr/bin/env python3
"""Fails when a public symbol of a library product has no `///` doc comment.

Reads the symbol graphs that `make docs` (swift-docc-plugin) extracts under
.build/<triple>/extracted-symbols/main/<Target>/ and lists every public or open symbol without a
doc comment. Members the compiler writes itself (`hashValue` and `hash(into:)` of a synthesized
Hashable conformance, or a protocol's default implementation such as OptionSet's `insert(_:)`:
symbols with no source location) and bare `extension` blocks cannot carry one and are not counted.

    python3 Tests/Docs/doc_coverage.py Trellis TrellisSolver ...
"""
import glob
import json
import sys

SYNTHESIZED = {"hashValue", "hash(into:)"}


def main(targets):
    failed = False
    for target in targets:
        graphs = glob.glob(f".build/*/extracted-symbols/main/{target}/{target}*.symbols.json")
        if not graphs:
            print(f"doc coverage: no symbol graph for {target} (run `make docs` first)")
            failed = True
            continue
        public = missing = 0
        for path in graphs:
            for symbol in json.load(open(path))["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                kind = symbol["kind"]["identifier"]
                name = symbol["pathComponents"][-1]
                if kind == "swift.extension" or name in SYNTHESIZED or "location" not in symbol:
                    continue
                public += 1
                if "docComment" not in symbol:
                    missing += 1
                    location = symbol["location"]["uri"].split("/Sources/")[-1]
                    line = symbol["location"]["position"]["line"] + 1
                    print(f"undocumented public symbol: {'.'.join(symbol['pathComponents'])} ({kind}) at Sources/{location}:{line}")
        print(f"doc coverage: {target}: {public - missing} of {public} public symbols documented")
        failed = failed or missing > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
