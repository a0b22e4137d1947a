#!/usr/bin/env bash
# Instructions per round, ours (partners) and the dominoes package's, counted by
# callgrind: a figure that does not depend on what else the machine is doing.
# Each side is run for two numbers of rounds (LOW and HIGH, 200 and 600 unless given:
# bash bench/instructions.sh [LOW HIGH]); the difference cancels start-up.
set -euo pipefail
cd "$(dirname "$0")/.."
low_rounds=${1:-200}
high_rounds=${2:-600}
(( high_rounds > low_rounds && low_rounds > 0 )) || { echo "usage: $0 [LOW HIGH], 0 < LOW < HIGH" >&2; exit 2; }
python=${BENCH_PYTHON:-.venv/bin/python}  # the interpreter, .venv's unless given
export PYTHONHASHSEED=0  # the same dictionary layouts every run: the counts repeat exactly
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: apt-get install valgrind)" >&2; exit 1; }
count() {  # side rounds -> instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" -m bench.engine --only "$1" --rounds "$2" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
declare -A per_round
for side in partners dominoes; do
    low=$(count "$side" "$low_rounds")
    high=$(count "$side" "$high_rounds")
    per_round[$side]=$(( (high - low) / (high_rounds - low_rounds) ))
    printf '%-10s %12d instructions per round\n' "$side" "${per_round[$side]}"
done
awk -v o="${per_round[partners]}" -v t="${per_round[dominoes]}" \
    'BEGIN { printf "ratio, theirs / ours (instructions): %.2f\n", t / o }'
