#!/usr/bin/env bash
# Fuzzes the decoder with libFuzzer + AddressSanitizer.
#   Scripts/fuzz.sh [seconds] [jobs] [target] [libFuzzer flags...]   (defaults: 60 seconds, 1 job, decoder)
# Targets (each built with the library sources, Fuzz/FuzzModels.swift and Fuzz/FuzzChecks.swift,
# whose checks Tests/LenientJSONTests/FuzzFindingsTests.swift runs on Fuzz/Findings/*.bin; the
# xml target's are run by Tests/LenientXMLTests/XMLFuzzFindingsTests.swift):
#   decoder        Fuzz/FuzzTarget.swift: every input gives a value or a DecodingError, never a trap.
#                  Corpus in .build/fuzz/corpus, crashers in .build/fuzz/crashes/.
#   differential   Fuzz/DifferentialFuzzTarget.swift: .strict gives JSONDecoder's value or error
#                  case, .lenient and .permissive its value wherever it succeeds.
#                  Corpus in .build/fuzz-differential/corpus, mismatches in .build/fuzz-differential/crashes/.
#   xml            Fuzz/XMLFuzzTarget.swift: every input to decode(_:fromXML:) gives a value or a
#                  DecodingError, never a trap (check in Fuzz/XMLFuzzCheck.swift), with the
#                  LenientXML library's sources (Sources/LenientXML) too. Seeded with XML
#                  documents, not JSON. Corpus in .build/fuzz-xml/corpus, crashers in .build/fuzz-xml/crashes/.
#   messy          Fuzz/MessyRewriteFuzzTarget.swift: the input's bytes drive a generator of a model
#                  value, its clean document and a messy rewrite (Fuzz/MessyRewrite.swift, which
#                  Tests/LenientJSONTests/MessyRewritePropertyTests.swift runs on fixed seeds); the
#                  messy one decodes under .lenient to JSONDecoder's value of the clean one, with
#                  one report event per rewrite. Corpus in .build/fuzz-messy/corpus, failures in
#                  .build/fuzz-messy/crashes/. MESSY_KNOWN_ISSUES=name,name leaves out rewrites
#                  that hit an open finding (MessyRewriteCheck.knownIssues), so a run goes past it.
#   partial        Fuzz/PartialFuzzTarget.swift: the document, fed to a PartialDecoder in pieces of
#                  1 to 16 bytes (the second byte picks their sizes) with a snapshot after each,
#                  never traps, and finish() gives decode(_:from:)'s value and events or its error
#                  (check in Fuzz/PartialFuzzCheck.swift, which PartialPropertyTests also runs).
#                  Corpus in .build/fuzz-partial/corpus, mismatches in .build/fuzz-partial/crashes/.
# Extra arguments go to libFuzzer, e.g. `-fork=1 -ignore_crashes=1` to keep going after a finding.
# FUZZ_ADDRESS=0 builds without AddressSanitizer (about 5x the executions per second, for long
# runs of the differential and messy targets whose findings are wrong values, not memory errors).
# FUZZ_MODELS=word,word limits the differential target to the models whose names contain a word.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
jobs=${2:-1}
target=${3:-decoder}
shift $(($# < 3 ? $# : 3))
target_flags=()
extra_sources=()
case "$target" in
    decoder)
        source=Fuzz/FuzzTarget.swift
        out=.build/fuzz
        # The first byte of an input picks the decoder (5) and the model (11): one seed each.
        selectors=$(seq 0 54) ;;
    differential)
        source=Fuzz/DifferentialFuzzTarget.swift
        out=.build/fuzz-differential
        # The first byte picks the model (17) and the configuration (3): one seed each.
        selectors=$(seq 0 50) ;;
    xml)
        source=Fuzz/XMLFuzzTarget.swift
        out=.build/fuzz-xml
        # The LenientXML library's sources join LenientJSON's in the one module (they import
        # LenientJSON only where it is a module of its own: `#if canImport(LenientJSON)`).
        extra_sources=($(find Sources/LenientXML -name '*.swift') Fuzz/XMLFuzzCheck.swift)
        # The first byte picks the decoder (3) and the model (6): one seed each.
        selectors=$(seq 0 17)
        # swift-corelibs-foundation's XMLParser leaks the CFString of each libxml2 error
        # (_CFErrorCreateFromXMLInterface, 72 bytes): not ours, so leak detection is off here.
        target_flags=(-detect_leaks=0)
        export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} ;;
    messy)
        source=Fuzz/MessyRewriteFuzzTarget.swift
        out=.build/fuzz-messy
        extra_sources=(Fuzz/MessyRewrite.swift)
        # Any bytes are choices; the seed documents below serve as well as random ones.
        selectors=$(seq 0 3) ;;
    partial)
        source=Fuzz/PartialFuzzTarget.swift
        out=.build/fuzz-partial
        extra_sources=(Fuzz/PartialFuzzCheck.swift)
        # The first byte picks the decoder (5), options (4) and model (9); the second byte the
        # piece sizes. Seeds: each selector with a piece-size byte of 0 or 6.
        selectors=$(seq 0 179) ;;
    *) echo "usage: $0 [seconds] [jobs] [decoder|differential|xml|messy|partial] [libFuzzer flags...]" >&2; exit 2 ;;
esac
mkdir -p "$out/corpus" "$out/crashes"
# Swift's backtracer misreads the stack under AddressSanitizer; libFuzzer prints the trace.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
trap 'mv fuzz-*.log "$out/" 2>/dev/null || true' EXIT

sanitizers=fuzzer,address
if [ "${FUZZ_ADDRESS:-1}" = 0 ]; then sanitizers=fuzzer; fi
# One module; `-package-name` because the library declares what its other library sees `package`.
swiftc -O -sanitize="$sanitizers" -parse-as-library -module-name LenientFuzz -package-name LenientJSON \
    $(find Sources/LenientJSON -name '*.swift') Fuzz/FuzzModels.swift Fuzz/FuzzChecks.swift \
    "${extra_sources[@]}" "$source" -o "$out/fuzz-$target"

# Seed corpus: small JSON documents from the tests and a few slices of the corpora, each
# document read from standard input (a quoted heredoc keeps every byte as written) and
# prefixed with each selector byte.
seed() {
    local name=$1 document s
    document=$(cat)
    for s in $selectors; do
        if [ "$target" = partial ]; then
            { printf "\\x$(printf %02x "$s")\\x$(printf %02x $((s % 2 * 6)))"; printf '%s' "$document"; } \
                > "$out/corpus/$name-$s"
        else
            { printf "\\x$(printf %02x "$s")"; printf '%s' "$document"; } > "$out/corpus/$name-$s"
        fi
    done
}
if [ "$target" = xml ]; then
seed feed <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><title>T &amp; co</title>
  <item id="1"><title>a</title><price> 9.99 </price><featured>yes</featured><tag>x</tag><tag>y</tag></item>
  <item id="x2"><title><![CDATA[b <c>]]></title>mixed <b>text</b> here<!-- c --></item>
</rss>
XML
seed model <<'XML'
<m><id>1</id><name>x</name><flags>true</flags><flags>0</flags><nested a="2"><b>q</b><c><k>1.5</k></c><d>alpha</d></nested></m>
XML
seed doctype <<'XML'
<?xml version="1.0"?><!DOCTYPE r PUBLIC "-//x//EN" "http://127.0.0.1:9/x.dtd"><r xmlns:a="urn:a"><a:b c='1'>&#x41;&#65;&lt;</a:b><e/></r>
XML
seed hostile <<'XML'
<!DOCTYPE r [<!ENTITY a "aa"><!ENTITY b "&a;&a;">]><r>&b;<x>&undefined;</x></r>
XML
# UTF-16 with a byte order mark (written directly: `seed` reads through $(cat), which drops NUL bytes).
for s in $selectors; do
    printf "\\x$(printf %02x "$s")\xff\xfe<\0r\0>\0x\0<\0/\0r\0>\0" > "$out/corpus/utf16-$s"
done
else
for f in Tests/LenientJSONTests/Resources/*.json Sources/lenient-demo/Resources/*.json; do
    head -c 2048 "$f" | seed "$(basename "$f")"
done
seed model <<'JSON'
{"id":1,"name":"x","flags":[true],"nested":{"a":2,"b":["q"],"c":{"k":1.5},"d":"alpha"}}
JSON
seed lenient <<'JSON'
{"id":"7","name":12,"flags":"yes","kind":"Beta-Gamma","when":"2016-01-17T16:13:00-0800","blob":"aGk","amount":"3.14"}
JSON
seed array <<'JSON'
[{"a":1},{"a":"2"},{"a":null},[],"x",1e999,-0.0,"\ud800"]
JSON
seed json5 <<'JSON'
{a:0x1F, b:[+1,.5,Infinity], // c
 c:{k:NaN}, 'd':"\x41", 'it\'s':'q'}
JSON
seed any <<'JSON'
[1,"1",true,null,1.5,-0,1e2,[],{},{"a":[{"b":null}]},[[1],["x"]],"true"]
JSON
seed record <<'JSON'
[{"id":1,"tags":["1","x"],"extra":{"a":1,"b":[true,"t"]}},{"id":"2","tags":[1,2]}]
JSON
seed numbers <<'JSON'
[0,-0,1.0,1e2,100e-2,9223372036854775807,9223372036854775808,18446744073709551616,0.1,"12","1.5"]
JSON

fi

parallel=()
if [ "$jobs" -gt 1 ]; then parallel=(-jobs="$jobs" -workers="$jobs"); fi
"$out/fuzz-$target" "$out/corpus" -max_total_time="$seconds" "${parallel[@]}" \
    -artifact_prefix="$out/crashes/" -print_final_stats=1 -max_len=8192 -timeout=10 -rss_limit_mb=4096 "${target_flags[@]}" "$@"
