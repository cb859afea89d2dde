#!/usr/bin/env bash
# Fuzzes the decoder with libFuzzer + AddressSanitizer.
#   Scripts/fuzz.sh [seconds] [jobs]     (defaults: 60 seconds, 1 job)
# Builds Fuzz/FuzzTarget.swift with the library sources, seeds a corpus from the test
# inputs, and runs until the time is up. Crashers are written to .build/fuzz/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
jobs=${2:-1}
out=.build/fuzz
mkdir -p "$out/corpus" "$out/crashes"
trap 'mv fuzz-*.log "$out/" 2>/dev/null || true' EXIT

swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name LenientFuzz \
    $(find Sources/LenientJSON -name '*.swift') Fuzz/FuzzTarget.swift -o "$out/fuzz-decoder"

# Seed corpus: small JSON documents from the tests and a few slices of the corpora.
# The first byte of each input picks the decoder and the model (see Fuzz/FuzzTarget.swift).
seed() { for s in 0 5 10 15 20 25 30 35; do printf "\\x$(printf %02x "$s")%s" "$2" > "$out/corpus/$1-$s"; done; }
for f in Tests/LenientJSONTests/Resources/*.json Sources/lenient-demo/Resources/*.json; do
    seed "$(basename "$f")" "$(head -c 2048 "$f")"
done
seed model '{"id":1,"name":"x","flags":[true],"nested":{"a":2,"b":["q"],"c":{"k":1.5},"d":"alpha"}}'
seed lenient '{"id":"7","name":12,"flags":"yes","kind":"Beta-Gamma","when":"2016-01-17T16:13:00-0800","blob":"aGk","amount":"3.14"}'
seed array '[{"a":1},{"a":"2"},{"a":null},[],"x",1e999,-0.0,"\ud800"]'
seed json5 '{a:0x1F, b:[+1,.5,Infinity], // c
 c:{k:NaN}, 'd':"\x41"}'


parallel=()
if [ "$jobs" -gt 1 ]; then parallel=(-jobs="$jobs" -workers="$jobs"); fi
"$out/fuzz-decoder" "$out/corpus" -max_total_time="$seconds" "${parallel[@]}" \
    -artifact_prefix="$out/crashes/" -print_final_stats=1 -max_len=8192 -timeout=10 -rss_limit_mb=4096
