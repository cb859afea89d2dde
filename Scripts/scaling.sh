#!/usr/bin/env bash
# Linear time on any input: builds Benchmarks/Scaling in release and decodes each input shape
# that once made decoding super-linear (reports on one-line documents, every error collected,
# locations deep in long lines, wide objects with respelled, absent or ambiguous keys,
# `.permissive` drops, streaming) at n and 4n. Prints PASS/FAIL per shape with the ratio of
# the times (4x is linear; FAIL above 5x) and exits 1 on any FAIL.
#
#   Scripts/scaling.sh [n=5000] [runs=3] [shape ...]     (about 2 minutes with the build)
#   Scripts/scaling.sh --partial [items=500] [runs=3]     (snapshots of a partial document, a
#                                                         snapshot every 256 bytes, at n, 2n, 4n items)
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks/Scaling"
swift build -c release --product scaling >&2
"$(swift build -c release --show-bin-path)/scaling" "$@"
