# Trellis: the two commands of the README, plus the fixture generator.
#   make run       lays out the bundled demo screen at two widths (terminal picture, demo.svg,
#                  demo.png with Pango text) and at every width from 320 to 1024 (demo.html, a
#                  page with a width slider), draws the finished examples (social-card.png,
#                  invoice.pdf), and solves a bundled system (installs what is missing)
#   make test      runs the size check (Tests/Size) and the test suite (installs what is missing,
#                  rsvg-convert included)
#   make fixtures  regenerates the conformance fixtures with kiwi + HiGHS (Python)
#   make fuzz | asan | tsan | valgrind   the reliability checks (SECURITY.md, Tests/Fuzz/README.md)
#   make docs      builds the DocC documentation of every library into .build/docs/<Library>
#                  (swift-docc-plugin), failing on any DocC warning
#   make e2e       the --html page in headless Chromium (installs Debian's chromium when missing;
#                  not part of `make test`): boxes read from the DOM at several widths against
#                  `trellis layout --width W --json`, and screenshots in .build/e2e/
#   make typecheck-margin   every target and test built again (its own scratch directory) with a
#                  50 ms type-checking budget, listing the expressions over it: `make test`'s
#                  100 ms budget with room for a machine twice as slow (not part of `make test`)
#   make soak      10^6 drag steps and 10^4 relayouts of a changing view tree in release, failing
#                  if the resident memory grows past a margin (not part of `make test`; SOAK_ARGS
#                  passes --drag-steps N, --relayouts N, --margin-mb M)

SWIFT ?= swift
# bash with pipefail, so that `swift build ... | tee LOG` fails when the build does.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
# Type-checking budget for every expression (the operator DSL must stay fast to compile).
TYPECHECK_FLAGS = -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=100
BUILD_LOG = .build/trellis-build.log
# Release builds of the command: metadata through accessor functions, not demangled names (a
# process's first layout pass 8-16 % fewer instructions at 10 rows; README, "How it works").
RELEASE_FLAGS = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

.PHONY: run test fixtures deps docs fuzz asan tsan valgrind soak e2e typecheck-margin

deps:
	@if [ ! -f /usr/include/glpk.h ]; then \
		echo "Installing libglpk-dev (GLPK headers and library)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libglpk-dev; \
	fi
	@if [ ! -f /usr/include/pango-1.0/pango/pangocairo.h ] || [ ! -f /usr/include/cairo/cairo.h ] || \
		[ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then \
		echo "Installing libpango1.0-dev, libcairo2-dev and fonts-dejavu-core (text measuring and PNG/PDF pictures)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libpango1.0-dev libcairo2-dev fonts-dejavu-core; \
	fi
	@# DejaVu covers Latin, Cyrillic and Arabic; the social card's Japanese title needs a CJK font (VL Gothic, 8 MB).
	@if [ ! -f /usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf ]; then \
		echo "Installing fonts-vlgothic (Japanese glyphs for docs/examples/social-card.json)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-vlgothic; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6.1 or newer is required (swift.org/install)"; exit 1; }

run: deps
	$(SWIFT) build -c release --product trellis $(RELEASE_FLAGS)
	@echo "== trellis demo: a profile screen at phone and tablet width (demo.svg), with Pango text (demo.png), and at every width from 320 to 1024 (demo.html)"
	.build/release/trellis demo --columns 100
	@echo "== trellis layout docs/examples/chat.json --png chat.png: a chat screen, its text measured by Pango and drawn by Cairo"
	.build/release/trellis layout docs/examples/chat.json --png chat.png --scale 2
	@echo "== trellis layout docs/examples/social-card.json --png social-card.png: a finished 1200 x 630 card (styles, an image, four scripts)"
	.build/release/trellis layout docs/examples/social-card.json --png social-card.png
	@echo "== trellis layout docs/examples/invoice.json --pdf invoice.pdf: a one-page A4 invoice (table from stacks, totals right-aligned)"
	.build/release/trellis layout docs/examples/invoice.json --pdf invoice.pdf
	@echo "== trellis solve Sources/TrellisCLI/Examples/split-view.json (a splitter dragged in 3 steps)"
	.build/release/trellis solve Sources/TrellisCLI/Examples/split-view.json

test: deps
	@command -v rsvg-convert >/dev/null || { echo "Installing librsvg2-bin (a second SVG renderer the tests check the pictures with)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y librsvg2-bin; }
	@mkdir -p .build
	@# No file in Sources/ over 500 lines, no function over 80, without a reason (Tests/Size/allow-list.txt).
	@command -v python3 >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y python3; }
	python3 Tests/Size/check-sizes.py
	$(SWIFT) build --build-tests $(TYPECHECK_FLAGS) 2>&1 | tee $(BUILD_LOG)
	@# Any warning fails; a type-checking budget warning must show again when its file is recompiled.
	@bash Tests/CompileTime/check-build-warnings.sh $(BUILD_LOG) -- $(SWIFT) build --build-tests $(TYPECHECK_FLAGS)
	$(SWIFT) test --skip-build $(TYPECHECK_FLAGS)

# The budget with a margin: CI's machine type-checked an expression in 125 ms that takes 69 ms on
# a development machine, failing `make test` there. Run before pushing; any line it prints is an
# expression to split or type (the check's first-`#expect` costs show here too: judge by line).
typecheck-margin: deps
	@mkdir -p .build
	$(SWIFT) build --build-tests --scratch-path .build/typecheck-margin \
		-Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=50 2>&1 | tee .build/typecheck-margin.log >/dev/null
	@slow=$$(grep -E "^[^ |]+:[0-9]+:[0-9]+: warning: expression took [0-9]+ms to type-check" .build/typecheck-margin.log | sort -u); \
		if [ -n "$$slow" ]; then echo "$$slow"; echo "error: expressions over 50 ms (see above)"; exit 1; fi; \
		echo "no expression over 50 ms"

DOC_TARGETS = Trellis TrellisSolver TrellisText TrellisDocument TrellisLinearSystem

docs: deps
	@mkdir -p .build/docs
	@for target in $(DOC_TARGETS); do \
		echo "== DocC: $$target -> .build/docs/$$target"; \
		$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$target \
			--output-path .build/docs/$$target --warnings-as-errors > .build/docs/$$target.log 2>&1 \
			|| { grep -v "prohibited flag" .build/docs/$$target.log | tail -40; exit 1; }; \
		if grep "warning:" .build/docs/$$target.log | grep -vq "prohibited flag(s): -pthread"; then \
			grep -A4 "warning:" .build/docs/$$target.log | grep -v "prohibited flag"; exit 1; fi; \
	done
	@python3 Tests/Docs/doc_coverage.py $(DOC_TARGETS)

fixtures:
	python3 -m pip install --quiet -r Tests/Conformance/requirements.txt
	python3 Tests/Conformance/generate.py

# The page of `trellis layout --html` in a real browser (Tests/E2E/html_e2e.py; not part of `make test`).
e2e: deps
	@command -v chromium >/dev/null || { echo "Installing chromium (the headless browser of the page test)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }
	@command -v python3 >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y python3; }
	$(SWIFT) build --product trellis
	python3 Tests/E2E/html_e2e.py --trellis .build/debug/trellis --out .build/e2e

# Reliability checks (not part of `make test`; see SECURITY.md and Tests/Fuzz/README.md).
FUZZ_FLAGS = -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DTRELLIS_FUZZ
FUZZ_TIME ?= 600

fuzz: deps
	$(SWIFT) build -c release --scratch-path .build-fuzz --product TrellisFuzzSolve $(FUZZ_FLAGS)
	$(SWIFT) build -c release --scratch-path .build-fuzz --product TrellisFuzzDocument $(FUZZ_FLAGS)
	mkdir -p .build-fuzz/corpus/linear-system .build-fuzz/corpus/layout-document .build-fuzz/artifacts
	SWIFT_BACKTRACE=enable=no .build-fuzz/release/TrellisFuzzSolve .build-fuzz/corpus/linear-system Tests/Fuzz/corpus/linear-system \
		-dict=Tests/Fuzz/linear-system.dict -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
		-max_total_time=$(FUZZ_TIME) -print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts/
	SWIFT_BACKTRACE=enable=no .build-fuzz/release/TrellisFuzzDocument .build-fuzz/corpus/layout-document Tests/Fuzz/corpus/layout-document \
		-dict=Tests/Fuzz/layout-document.dict -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
		-max_total_time=$(FUZZ_TIME) -print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts/

asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

valgrind: deps
	@command -v valgrind >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y valgrind)
	$(SWIFT) build --product TrellisFuzzSolve
	valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1 \
		.build/debug/TrellisFuzzSolve --repeat 3 --faults Tests/Fuzz/corpus/linear-system

# Memory stays flat over a long session (Sources/TrellisSoak/main.swift); prints RSS and wall time.
SOAK_ARGS ?=

soak: deps
	$(SWIFT) build -c release --product TrellisSoak $(TYPECHECK_FLAGS)
	.build/release/TrellisSoak $(SOAK_ARGS)
