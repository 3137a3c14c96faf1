#!/usr/bin/env bash
# Issue 31's first Done-when check, as a user would run it: R runs of ./satin run --nodes 4 --clusters 2 nqueens 16,
# each with one node JVM (the master included) killed from outside with kill -9 at a random moment between FROM and
# TO seconds after the launcher started. Each run must print the right answer (14,772,512), exit with status 0 and
# leave no node JVM behind. The seed is printed; the same seed gives the same victims and moments.
#
#   satin-cli/scripts/outside-kills.sh [RUNS=20] [SEED=1] [FROM=3] [TO=8] [SIGNAL=KILL]
# (on a 2-core machine the run takes about 10 s, start-up included: main runs from about 2.5 s to about 9 s)
set -uo pipefail
runs=${1:-20} seed=${2:-1} from=${3:-3} to=${4:-8} signal=${5:-KILL}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RANDOM=$seed
out=$(mktemp -d)
ok=0
echo "outside kills: $runs runs, seed $seed, SIG$signal between $from and $to s; output in $out"
descendants() { local c; for c in $(pgrep -P "$1"); do echo "$c"; descendants "$c"; done; }
node_pid() { # the pid of node JVM $1 among the descendants of launcher $2
  local p
  for p in $(descendants "$2"); do
    tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx "SATIN_NODE=$1" && { echo "$p"; return; }
  done
}
for ((i = 1; i <= runs; i++)); do
  victim="node$((RANDOM % 4))"
  delay=$(( from * 1000 + RANDOM % ((to - from) * 1000 + 1) ))
  start=$(date +%s%N)
  "$root/satin" run --nodes 4 --clusters 2 nqueens 16 > "$out/$i.out" 2> "$out/$i.err" &
  launcher=$!
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  nodes=$(for n in node0 node1 node2 node3; do node_pid "$n" "$launcher"; done | tr '\n' ' ')
  pid=$(node_pid "$victim" "$launcher")
  if [[ -n $pid ]]; then kill "-$signal" "$pid"; else victim="$victim (not running: the run had ended)"; fi
  wait "$launcher"; status=$?
  took=$(( ($(date +%s%N) - start) / 1000000 ))
  sleep 1
  left=""
  for p in $nodes; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
  answer=$(grep -c "= 14772512" "$out/$i.out")
  verdict=FAIL
  [[ $status == 0 && $answer == 1 && -z $left ]] && { verdict=ok; ok=$((ok + 1)); }
  echo "run $i: SIG$signal to $victim at ${delay} ms: exit $status, answer $([[ $answer == 1 ]] && echo right || echo MISSING), ${took} ms, left behind:${left:- none} -> $verdict"
  grep -h "satin run: .*died\|succeeds it" "$out/$i.err" | sed 's/^/    /' | head -3
done
echo "outside kills: $ok of $runs right (seed $seed)"
[[ $ok == "$runs" ]]
