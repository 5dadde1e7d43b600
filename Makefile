# Trellis: the two commands of the README, plus the fixture generator.
#   make run       lays out the bundled demo screen at two widths (terminal picture and
#                  demo.svg) and solves a bundled system (installs libglpk-dev when missing)
#   make test      runs the test suite (installs what is missing)
#   make fixtures  regenerates the conformance fixtures with kiwi + HiGHS (Python)

SWIFT ?= swift
# Type-checking budget for every expression (the operator DSL must stay fast to compile).
TYPECHECK_FLAGS = -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=200
BUILD_LOG = .build/trellis-build.log

.PHONY: run test fixtures deps

deps:
	@if [ ! -f /usr/include/glpk.h ]; then \
		echo "Installing libglpk-dev (GLPK headers and library)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libglpk-dev; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6.1 or newer is required (swift.org/install)"; exit 1; }

run: deps
	$(SWIFT) build -c release --product trellis
	@echo "== trellis demo: a profile screen at phone and tablet width (also written to demo.svg)"
	.build/release/trellis demo --columns 100
	@echo "== trellis solve Sources/TrellisCLI/Examples/split-view.json (a splitter dragged in 3 steps)"
	.build/release/trellis solve Sources/TrellisCLI/Examples/split-view.json

test: deps
	@mkdir -p .build
	$(SWIFT) build --build-tests $(TYPECHECK_FLAGS) 2>&1 | tee $(BUILD_LOG)
	@if grep -q "warning:" $(BUILD_LOG); then \
		echo "error: the build printed warnings (type-checking budget or other); see above"; exit 1; \
	fi
	$(SWIFT) test --skip-build $(TYPECHECK_FLAGS)

fixtures:
	python3 -m pip install --quiet -r Tests/Conformance/requirements.txt
	python3 Tests/Conformance/generate.py
