#!/usr/bin/env bash
# Runs one stage of `make test` or `make run` and says what it cost, so the loop's time can be
# read stage by stage (docs/development.md, "Where the time goes"):
#
#   scripts/stage.sh NAME COMMAND [ARGUMENT...]
#
# prints "== stage NAME: 312 s wall, 540 s CPU" when COMMAND ends and appends the same figures as
# a line "NAME<TAB>WALL<TAB>CPU<TAB>EXIT" to $STAGE_TIMES (default .build-times/stages.tsv); the exit
# status is COMMAND's. CPU is user + system time of COMMAND and every process it waited for (the
# compiler's jobs included): on a shared machine wall time grows with the other load, CPU time
# hardly, so CPU is the figure to compare runs by. `scripts/stage.sh --summary` prints the table
# of the stages recorded so far and `--reset` empties it.
set -uo pipefail
cd "$(dirname "$0")/.."
times_file=${STAGE_TIMES:-.build-times/stages.tsv}

case "${1:-}" in
  --reset) mkdir -p "$(dirname "$times_file")"; : >"$times_file"; exit 0 ;;
  --summary)
    [ -f "$times_file" ] || { echo "stage: no stages recorded in $times_file" >&2; exit 0; }
    awk -F'\t' '{ printf "  %-28s %6d s wall %7d s CPU%s\n", $1, $2, $3, ($4 == 0 ? "" : "  (exit " $4 ")"); wall += $2; cpu += $3 }
      END { printf "  %-28s %6d s wall %7d s CPU\n", "total", wall, cpu }' "$times_file"
    exit 0 ;;
  "" | -*) echo "usage: scripts/stage.sh NAME COMMAND [ARGUMENT...] | --summary | --reset" >&2; exit 64 ;;
esac

name=$1
shift
started=$(date +%s)
"$@"
status=$?
wall=$(($(date +%s) - started))
# `times` prints this shell's user and system time, then its children's: the second line. It runs
# in this shell (a pipe or $(...) would ask a new one, whose children are none), into a file.
mkdir -p "$(dirname "$times_file")"
times >"$times_file.cpu"
cpu=$(sed -n 2p "$times_file.cpu" | awk '{
  total = 0
  for (i = 1; i <= 2; i++) { split($i, part, "m"); sub("s", "", part[2]); total += part[1] * 60 + part[2] }
  printf "%d", total + 0.5 }')
rm -f "$times_file.cpu"
echo "== stage $name: $wall s wall, $cpu s CPU$([ "$status" -eq 0 ] || echo ", exit $status")" >&2
printf '%s\t%s\t%s\t%s\n' "$name" "$wall" "$cpu" "$status" >>"$times_file"
exit "$status"
