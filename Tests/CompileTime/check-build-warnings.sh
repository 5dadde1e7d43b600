#!/usr/bin/env bash
# The compile-time check of `make test`.
#
#   check-build-warnings.sh LOG -- BUILD COMMAND...
#
# LOG is the output of a build made with -warn-long-expression-type-checking=100.
# - Any warning other than the type-checking budget (and SwiftPM's note about the `-pthread`
#   that glib's pkg-config file gives every Pango user, which is not ours) fails at once.
# - A budget warning is a timing, and one timing on a loaded machine is one sample: the files it
#   names are compiled again (touched, then BUILD COMMAND, which recompiles only them), and the
#   check fails if any expression is over budget in that second build too. An expression that
#   really is slow (the operator overload sets growing, say) is slow both times; one that took
#   60 ms here and 101 ms once while other compiler jobs shared the cores is not.
set -uo pipefail

log=$1
shift
[ "${1:-}" = "--" ] && shift

budget='warning: expression took [0-9]+ms to type-check'

others=$(grep "warning:" "$log" | grep -v "warning: prohibited flag(s): -pthread" | grep -Ev "$budget" || true)
if [ -n "$others" ]; then
    echo "$others"
    echo "error: the build printed warnings (see above)"
    exit 1
fi

slow=$(grep -E "$budget" "$log" | sort -u || true)
[ -z "$slow" ] && exit 0

echo "$slow"
files=$(echo "$slow" | sed -E 's/^([^:]+):[0-9]+:[0-9]+: .*/\1/' | sort -u)
echo "note: over the type-checking budget in the build above; compiling $(echo "$files" | wc -l) file(s) again to see whether it reproduces"
# shellcheck disable=SC2086
touch $files
if ! "$@" > "$log.again" 2>&1; then
    cat "$log.again"
    echo "error: the second build failed"
    exit 1
fi
again=$(grep -E "$budget" "$log.again" | sort -u || true)
if [ -n "$again" ]; then
    echo "$again"
    echo "error: these expressions took over 100 ms to type-check twice; split them or give their parts types"
    exit 1
fi
echo "note: not over budget when compiled again; the first timings were noise"
