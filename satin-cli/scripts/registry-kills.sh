#!/usr/bin/env bash
# Issue 31's registry check, as a user would run it: R runs of a pool formed by hand (satin server, then four
# satin run --registry nodes in two clusters running nqueens 16), each with the registry's process killed with
# kill -9 mid-run: once some node has run 20 jobs (its progress line, an event; N-queens 16 runs 100-200 jobs per
# node), after a further random delay of 0 to MAXDELAY ms drawn from the seed; a run that ended before is a failure. Each run must print the right answer (14,772,512), every node must exit with
# status 0 and no process may be left behind. With RESTART=1 the registry is started again on its port right after.
# With NODE (0-3, or "any": drawn from the seed) that node is killed with kill -9 too, once every node has said it lost
# the registry (a death while the registry is gone, seen over the links only): it must end with status 137, the
# others with 0; node 0 is the master.
#
#   satin-cli/scripts/registry-kills.sh [RUNS=10] [SEED=1] [MAXDELAY=4000] [RESTART=0] [NODE=]
# (needs satin-cli/target/satin.jar; on a 2-core machine a run takes about 20 s)
set -uo pipefail
runs=${1:-10} seed=${2:-1} maxdelay=${3:-4000} restart=${4:-0} node=${5:-}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="$root/satin-cli/target/satin.jar"
[[ -f $jar ]] || { echo "no $jar: build satin-cli first" >&2; exit 2; }
RANDOM=$seed
out=$(mktemp -d)
ok=0
echo "registry kills: $runs runs, seed $seed, kill -9 of satin server 0-$maxdelay ms after a node ran 20 jobs$([[ $restart == 1 ]] && echo ', then started again')$([[ -n $node ]] && echo ", then of node $node"); output in $out"
for ((i = 1; i <= runs; i++)); do
  delay=$(( RANDOM % (maxdelay + 1) ))
  pool="kills-$$-$i"
  java -jar "$jar" server --insecure --bind 127.0.0.1 --port 0 > "$out/$i.server" 2>&1 &
  server=$!
  port=""
  for ((t = 0; t < 600; t++)); do
    [[ -n $port ]] && break
    port=$(grep -o 'listening on [^ ]*:[0-9]*' "$out/$i.server" | sed 's/.*://'); [[ -z $port ]] && sleep 0.05
  done
  [[ -n $port ]] || { echo "run $i: the registry did not start"; kill -9 "$server"; continue; }
  start=$(date +%s%N)
  pids=()
  for n in 0 1 2 3; do
    java -jar "$jar" run --registry "127.0.0.1:$port" --pool "$pool" --insecure --nodes 4 --cluster "c$((n % 2))" \
      --node-name "n$n" --workers 1 --announce-jobs 20 nqueens 16 > "$out/$i.n$n.out" 2> "$out/$i.n$n.err" &
    pids+=($!)
  done
  # the event: a node has run 20 jobs (or every node ended: then there is nothing to kill mid-run)
  while ! grep -qs " has run 20 jobs" "$out/$i".n*.err; do
    alive=0; for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [[ $alive == 1 ]] || break
    sleep 0.02
  done
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  killed_at=$(( ($(date +%s%N) - start) / 1000000 ))
  alive=0; for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=$((alive + 1)); done
  kill -9 "$server" 2>/dev/null && what="killed at ${killed_at} ms with $alive of 4 nodes running" || what="had ended"
  wait "$server" 2>/dev/null
  again=""
  if [[ $restart == 1 ]]; then
    java -jar "$jar" server --insecure --bind 127.0.0.1 --port "$port" > "$out/$i.server2" 2>&1 &
    again=$!
  fi
  victim=-1
  if [[ -n $node ]]; then
    victim=$node; [[ $node == any ]] && victim=$(( RANDOM % 4 ))
    # the event: every node said it lost the registry (or ended)
    for ((t = 0; t < 3000; t++)); do
      lost=0; for n in 0 1 2 3; do grep -qs "lost the registry" "$out/$i.n$n.err" && lost=$((lost + 1)); done
      [[ $lost == 4 ]] && break
      sleep 0.02
    done
    kill -9 "${pids[$victim]}" 2>/dev/null && what="$what, then node $victim killed with $lost of 4 told" \
      || what="$what, then node $victim had ended"
  fi
  statuses=""
  good=1
  for ((k = 0; k < 4; k++)); do
    wait "${pids[$k]}" 2>/dev/null; s=$?; statuses="$statuses $s"
    if [[ $k == "$victim" ]]; then [[ $s == 137 ]] || good=0; else [[ $s == 0 ]] || good=0; fi
  done
  took=$(( ($(date +%s%N) - start) / 1000000 ))
  [[ -n $again ]] && { kill "$again" 2>/dev/null; wait "$again" 2>/dev/null; }
  sleep 1
  left=""
  for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
  answer=$(cat "$out/$i".n*.out | grep -c "= 14772512")
  back=$(grep -l "the registry is back" "$out/$i".n*.err 2>/dev/null | wc -l)
  verdict=FAIL
  [[ $good == 1 && $answer == 1 && -z $left && $alive == 4 ]] && { verdict=ok; ok=$((ok + 1)); }
  echo "run $i: registry $what (delay ${delay} ms): node statuses$statuses, answer $([[ $answer == 1 ]] && echo right || echo "MISSING ($answer)"), ${took} ms, nodes that got it back: $back, left behind:${left:- none} -> $verdict"
done
echo "registry kills: $ok of $runs right (seed $seed)"
[[ $ok == "$runs" ]]
