# Sourced by Scripts/instructions.sh and Scripts/instruction-guard.sh: builds Benchmarks'
# `instructions` executable (release, DWARF 4, which valgrind 3.19 reads) and counts, under
# callgrind, the instructions of its decode loop alone (`countedDecodes`).
#
# Set before sourcing: `out` (where callgrind files go) and `decodes` (N decodes per count).
# Defines `bin` (the executable) and `count DECODER CORPUS`, which prints the total instructions
# of N decodes.

for tool in valgrind swift; do
    command -v "$tool" >/dev/null || { echo "$0: $tool not found" >&2; exit 1; }
done
mkdir -p "$out"

build=(swift build -c release -Xswiftc -dwarf-version=4 --product instructions)
echo "== (cd Benchmarks && ${build[*]})" >&2
(cd Benchmarks && "${build[@]}" >&2)
bin="$(cd Benchmarks && "${build[@]}" --show-bin-path)/instructions"

# Swift seeds its hash function per process, which moves dictionary costs by up to 2% from
# run to run (JSONDecoder's keyed containers too); a fixed seed makes the counts repeatable.
export SWIFT_DETERMINISTIC_HASHING=1

# Instructions of N decodes of corpus $2 by decoder $1, read from callgrind's totals line.
count() {
    local file="$out/callgrind.out.$2.$1"
    echo "== $1 $2 (N=$decodes) under callgrind" >&2
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*countedDecodes*' \
        --callgrind-out-file="$file" "$bin" "$1" "$2" "$decodes" >"$file.log" 2>&1 \
        || { cat "$file.log" >&2; echo "$0: $1 $2 failed" >&2; exit 1; }
    local total
    total=$(awk '$1 == "totals:" || $1 == "summary:" { print $2; exit }' "$file")
    [[ -n "$total" && "$total" -gt 0 ]] || { echo "$0: nothing counted in $file (is countedDecodes inlined?)" >&2; exit 1; }
    echo "$total"
}
