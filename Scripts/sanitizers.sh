#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and under ThreadSanitizer.
#   Scripts/sanitizers.sh [address|thread|all]     (default: all)
# Each sanitizer builds into its own folder so that the normal build is not invalidated.
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
# LeakSanitizer is off: at exit it reports the test harness's static tables and Swift Testing's
# argument collections (no frame of the library appears in those reports).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
run() {
    echo "== swift test --sanitize=$1"
    swift test --sanitize="$1" --scratch-path ".build-$1"
}
case "$which" in
    address) run address ;;
    thread) run thread ;;
    all) run address; run thread ;;
    *) echo "usage: $0 [address|thread|all]" >&2; exit 2 ;;
esac
