#!/usr/bin/env bash
# Instructions per decode (valgrind's callgrind), JSONDecoder against LenientJSONDecoder
# (default policy), on twitter, canada, citm_catalog, and LenientJSON on the messy twitter
# (MessyCorpus, seed 1) against JSONDecoder on the clean one. Deterministic: the counts do
# not depend on what else the machine runs, unlike wall-clock time.
#
#   Scripts/instructions.sh [N=5]
#
# Builds Benchmarks' `instructions` executable (release, DWARF 4, which valgrind 3.19 reads),
# runs it once per corpus and decoder under callgrind, counting only its decode loop
# (`countedDecodes`: N decodes after one warm-up decode), and prints a Markdown table of
# total / N. The callgrind files stay in $INSTRUCTIONS_OUT (default Benchmarks/.build/instructions)
# for `callgrind_annotate --inclusive=yes FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
decodes=${1:-5}
case "$decodes" in
    ''|*[!0-9]*|0) echo "usage: $0 [N=5]   (N decodes per count, N > 0)" >&2; exit 2 ;;
esac
out=${INSTRUCTIONS_OUT:-$root/Benchmarks/.build/instructions}
# shellcheck source=Scripts/callgrind-counts.sh
source "$root/Scripts/callgrind-counts.sh"

# 12345678 -> 12,345,678
grouped() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

declare -A perDecode
for run in twitter.foundation twitter.lenient canada.foundation canada.lenient \
           citm_catalog.foundation citm_catalog.lenient messy_twitter.lenient; do
    total=$(count "${run#*.}" "${run%.*}")
    perDecode[$run]=$(( total / decodes ))
done

echo
echo "| corpus | JSONDecoder instructions/decode | LenientJSON instructions/decode | ratio (LenientJSON/JSONDecoder) |"
echo "|---|---:|---:|---:|"
for corpus in twitter canada citm_catalog; do
    f=${perDecode[$corpus.foundation]} l=${perDecode[$corpus.lenient]}
    echo "| $corpus | $(grouped "$f") | $(grouped "$l") | $(ratio "$l" "$f") |"
done
f=${perDecode[twitter.foundation]} l=${perDecode[messy_twitter.lenient]}
echo "| messy twitter (LenientJSON) vs clean twitter (JSONDecoder) | $(grouped "$f") | $(grouped "$l") | $(ratio "$l" "$f") |"
echo
echo "callgrind, release build, Data input, N=$decodes decodes counted after one warm-up; \
SWIFT_DETERMINISTIC_HASHING=1; LenientJSONDecoder() default policy; messy twitter: MessyCorpus seed 1. Commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' (Sources modified)')."
