#!/usr/bin/env bash
# Builds the DocC catalog Sources/LenientJSON/LenientJSON.docc with the toolchain's own `docc`:
# no plugin, no package dependency, no network. Symbol graphs come from the compiler
# (`swift build -Xswiftc -emit-symbol-graph`), then `docc convert` builds the
# archive in .build/docs/LenientJSON.doccarchive. Any DocC warning (an unresolved symbol link,
# a parameter documented that does not exist, ...) fails the script.
#
# Usage: Scripts/docs.sh            (DOCC=/path/to/docc to use another docc)
set -euo pipefail
cd "$(dirname "$0")/.."

# The docc that ships next to the swift in use (/opt/swift/usr/bin/docc on the build machine);
# with Xcode, `xcrun --find docc`.
if [ -z "${DOCC:-}" ]; then
    swift_bin=$(command -v swift)
    swift_dir=$(dirname "$(readlink -f "$swift_bin" 2>/dev/null || echo "$swift_bin")")
    if [ -x "$swift_dir/docc" ]; then
        DOCC="$swift_dir/docc"
    elif command -v xcrun >/dev/null 2>&1; then
        DOCC=$(xcrun --find docc)
    else
        DOCC=docc
    fi
fi

out=.build/docs
graphs="$out/symbol-graphs"
log="$out/docc.log"
rm -rf "$out"
mkdir -p "$graphs"

echo "== symbol graphs (public symbols of LenientJSON)"
# The compiler writes them while it compiles the library. A scratch path of its own keeps these
# flags out of .build, so the ordinary build and `swift test` are not rebuilt afterwards.
# (`swift package dump-symbol-graph` would reuse .build, but it fails on the test modules.)
# An up-to-date build compiles nothing and writes no graph: the graphs of the last compile stay
# in the scratch path, and if they are gone the scratch path is rebuilt from nothing.
scratch=.build/docs-build
emitted="$PWD/$scratch/symbol-graphs"
build_graphs() {
    swift build --target LenientJSON --scratch-path "$scratch" \
        -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$emitted" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
        -Xswiftc -symbol-graph-skip-synthesized-members \
        >"$out/symbol-graph.log" 2>&1 || {
        cat "$out/symbol-graph.log" >&2
        exit 1
    }
}
build_graphs
if [ ! -f "$emitted/LenientJSON.symbols.json" ]; then
    rm -rf "$scratch"
    build_graphs
fi
# Only the library's module (and its extension graphs, LenientJSON@Module.symbols.json).
cp "$emitted"/LenientJSON.symbols.json "$graphs"/
find "$emitted" -maxdepth 1 -name 'LenientJSON@*.symbols.json' -exec cp {} "$graphs"/ \;

echo "== docc convert ($DOCC)"
status=0
"$DOCC" convert Sources/LenientJSON/LenientJSON.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name LenientJSON \
    --fallback-bundle-identifier org.lenientjson.LenientJSON \
    --output-dir "$out/LenientJSON.doccarchive" \
    --warnings-as-errors 2>&1 | tee "$log" || status=$?
# --warnings-as-errors makes docc fail on a warning; the grep is a second guard in case a
# docc version only prints it.
if [ "$status" -ne 0 ] || grep -qE "(warning|error):" "$log"; then
    echo "error: DocC reported problems (see above, or $log)" >&2
    exit 1
fi
echo "== documentation built: $out/LenientJSON.doccarchive"
