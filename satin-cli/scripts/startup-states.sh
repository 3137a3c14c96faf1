#!/usr/bin/env bash
# Start-up of `./satin run` in the states a user meets it (issue 32, local start): right after a build (the jar is
# new, so neither the launcher's class-data archive nor the node JVMs' exists yet), the second run (the archives
# made by the first), and later runs. Each state is reached REPEAT times (a "build" is a touch of satin.jar, which
# is all that makes both archives stale); every figure is a whole `./satin` process, as a user waits for it:
#   one JVM  = ./satin run fib N            nodes = ./satin run --nodes 2 fib N (run right after it)
# and the state's "extra" is nodes - one JVM. Prints every run and the best of REPEAT per state.
#
#   satin-cli/scripts/startup-states.sh [REPEAT (3)] [N (20)]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
repeat="${1:-3}"
n="${2:-20}"
jar="$root/satin-cli/target/satin.jar"
[[ -f "$jar" ]] || { echo "startup-states: build first (./satin --help)" >&2; exit 2; }
seconds() { # whole process time of ./satin "$@", output discarded
  local t0 t1
  t0=$(date +%s%N)
  "$root/satin" "$@" > /dev/null 2>&1
  t1=$(date +%s%N)
  echo "scale=3; ($t1 - $t0) / 1000000000" | bc
}
echo "startup-states: $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
declare -A best
for r in $(seq 1 "$repeat"); do
  touch "$jar" # what a build leaves: a jar newer than every archive
  for state in after-build second third; do
    one=$(seconds run fib "$n")
    two=$(seconds run --nodes 2 fib "$n")
    extra=$(echo "$two - $one" | bc)
    echo "round $r  $state: one JVM $one s, --nodes 2 $two s, extra $extra s"
    for k in one two extra; do
      v=${!k}; key="$state.$k"
      if [[ -z "${best[$key]:-}" ]] || (( $(echo "$v < ${best[$key]}" | bc) )); then best[$key]=$v; fi
    done
  done
done
echo "best of $repeat (each column on its own):"
for state in after-build second third; do
  echo "  $state: one JVM ${best[$state.one]} s, --nodes 2 ${best[$state.two]} s, extra ${best[$state.extra]} s"
done
echo "startup-states: done $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
