#!/usr/bin/env bash
# Formats the package's Swift sources with the toolchain's `swift format` and the configuration
# checked in at .swift-format (4-space indents, lines of at most 120 columns).
#
# Usage: Scripts/format.sh            rewrite the files in place
#        Scripts/format.sh --check    change nothing; fail where a file is not formatted or a line
#                                     (a comment or a string literal, which the formatter leaves
#                                     alone) is longer than 120 characters. CI runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests Fuzz Benchmarks)
[ -d Examples ] && paths+=(Examples)

if [ "${1:-}" != "--check" ]; then
    swift format format --in-place --recursive --parallel "${paths[@]}"
    exit 0
fi

status=0
if ! swift format lint --strict --recursive --parallel "${paths[@]}"; then
    echo "error: not formatted as .swift-format says; run Scripts/format.sh" >&2
    status=1
fi
# Characters, not bytes: a UTF-8 locale makes grep count `é` once.
long=$(find "${paths[@]}" -name '*.swift' -not -path '*/.build/*' -print0 |
    LC_ALL=C.UTF-8 xargs -0 grep -nE '^.{121,}' || true)
if [ -n "$long" ]; then
    echo "$long"
    echo "error: $(printf '%s\n' "$long" | wc -l) lines are longer than 120 characters" >&2
    status=1
fi
exit $status
