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
#   check fails if the same expression (file, line, column) is over budget in that second build
#   too. An expression that really is slow (the operator overload sets growing, say) is slow both
#   times; one that took 60 ms here and 101 ms once while other compiler jobs shared the cores is
#   not. Only the same expression counts: a compiler job charges its one-time costs (starting the
#   macro plugin server for the first `#expect`, loading the operator overloads for the first
#   `==`) to the first such expression it meets, and a file compiled again alone is its job's
#   first file, so its first `#expect` takes ~40-80 ms more than in the full build. (CI failed on
#   exactly that: line 43 over in the first build, line 42, the file's first `#expect`, in the
#   second.)
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

# Only the compiler's own lines (`path:line:col: warning: ...`), not the source excerpts under them.
located="^[^ |]+:[0-9]+:[0-9]+: $budget"
slow=$(grep -E "$located" "$log" | sort -u || true)
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
# file:line:col of each over-budget expression, in both builds.
where() { grep -E "$located" | sed -E 's/^([^:]+:[0-9]+:[0-9]+): .*/\1/' | sort -u; }
again=$(where < "$log.again")
twice=$(comm -12 <(echo "$slow" | where) <(echo "$again"))
if [ -n "$twice" ]; then
    grep -E "$located" "$log.again" | grep -F "$twice" | sort -u
    echo "error: these expressions took over 100 ms to type-check twice; split them or give their parts types"
    exit 1
fi
[ -n "$again" ] && echo "note: over budget in the second build only (its first expressions carry the job's one-time costs):" && echo "$again"
echo "note: no expression over budget in both builds; the first timings were noise"
