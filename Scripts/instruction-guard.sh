#!/usr/bin/env bash
# The regression guard of CI: instructions per decode (valgrind's callgrind) of the plain decode of
# each clean and messy corpus and of a messy decode whose report is read in full, against the
# baseline committed in Benchmarks/instruction-baseline.tsv. Fails when any figure is more than 3 %
# over its baseline. Instruction counts, not time: the same binary on the same input counts the
# same whatever else the machine runs (SWIFT_DETERMINISTIC_HASHING=1 fixes the hash seed).
#
#   Scripts/instruction-guard.sh            compare with the baseline (CI)
#   Scripts/instruction-guard.sh --update   write the figures measured now as the baseline
#
# Moving the baseline is a commit of its own whose message gives the figures before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
baseline=$root/Benchmarks/instruction-baseline.tsv
update=false
case "${1:-}" in
    --update) update=true ;;
    '') ;;
    *) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac
tolerance=1.03
decodes=2
out=${INSTRUCTIONS_OUT:-$root/Benchmarks/.build/instruction-guard}
# shellcheck source=Scripts/callgrind-counts.sh
source "$root/Scripts/callgrind-counts.sh"

runs=(
    "lenient twitter" "lenient canada" "lenient citm_catalog"
    "lenient messy_twitter" "lenient messy_canada" "lenient messy_citm_catalog"
    "lenient-report-read messy_twitter" "lenient-report-read messy_canada" "lenient-report-read messy_citm_catalog"
)

# Counts every run into "$out/total.DECODER.CORPUS", as many at once as the machine has cores: a
# count is the same whatever runs beside it, and side by side the nine take half the time on 2 cores.
count_all() {
    local jobs decoder corpus run pids=()
    jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
    for run in "${runs[@]}"; do
        read -r decoder corpus <<<"$run"
        count "$decoder" "$corpus" >"$out/total.$decoder.$corpus" &
        pids+=("$!")
        if ((${#pids[@]} >= jobs)); then
            wait "${pids[0]}" || exit 1
            pids=("${pids[@]:1}")
        fi
    done
    for pid in "${pids[@]}"; do wait "$pid" || exit 1; done
}

# Instructions per decode of DECODER CORPUS: counted by count_all, or now if it was not.
per_decode() {
    local file="$out/total.$1.$2"
    [[ -s "$file" ]] || count "$1" "$2" >"$file"
    echo $(($(cat "$file") / decodes))
}

if ! $update && [[ ! -f "$baseline" ]]; then
    echo "$0: no baseline at $baseline (run $0 --update)" >&2
    exit 1
fi
rm -f "$out"/total.*
count_all

if $update; then
    {
        echo "# Instructions per decode under callgrind (Scripts/instruction-guard.sh): decoder, corpus, count."
        echo "# Measured at $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' (Sources modified)')."
        for run in "${runs[@]}"; do
            read -r decoder corpus <<<"$run"
            printf '%s\t%s\t%s\n' "$decoder" "$corpus" "$(per_decode "$decoder" "$corpus")"
        done
    } > "$baseline.new"
    mv "$baseline.new" "$baseline"
    cat "$baseline"
    exit 0
fi

failed=0
printf '%-22s %-20s %14s %14s %7s\n' decoder corpus baseline now ratio
while IFS=$'\t' read -r decoder corpus expected; do
    [[ -z "$decoder" || "$decoder" == \#* ]] && continue
    now=$(per_decode "$decoder" "$corpus")
    ratio=$(awk -v a="$now" -v b="$expected" 'BEGIN { printf "%.3f", a / b }')
    verdict=ok
    if awk -v r="$ratio" -v t="$tolerance" 'BEGIN { exit !(r > t) }'; then verdict=FAIL; failed=1; fi
    printf '%-22s %-20s %14s %14s %7s %s\n' "$decoder" "$corpus" "$expected" "$now" "$ratio" "$verdict"
done < "$baseline"
if [[ $failed -ne 0 ]]; then
    echo "error: an instruction count is more than 3 % over Benchmarks/instruction-baseline.tsv" >&2
    exit 1
fi
echo "instruction guard: every figure within 3 % of its baseline"
