#!/usr/bin/env bash
# Issue 30's streak: the multi-JVM fault tests (MultiNodeFaultsTest and MultiNodeAppFaultsTest, 15 tests that kill,
# freeze, cut off and drain real node JVMs) run ROUNDS times in a row, one Maven test run per round, stopping at the
# first round with a failure. A failed round keeps Maven's output and, for every `satin run` the tests started, its
# command line and whole output (-Dsatin.multinode.keep), so the failure can be read and its kill replayed; green
# rounds keep one line each in streak.log.
#
#   satin-cli/scripts/fault-streak.sh [ROUNDS=50] [OUT=satin-cli/target/fault-streak]
# Extra Maven options (e.g. -o offline) in STREAK_MVN_ARGS. A round takes 80-120 s on a 2-core machine.
set -uo pipefail
rounds=${1:-50}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out=${2:-$root/satin-cli/target/fault-streak}
mkdir -p "$out" && out=$(cd "$out" && pwd)
read -r -a extra <<< "${STREAK_MVN_ARGS:-}"
cd "$root" || exit 2
echo "fault streak: $rounds rounds of MultiNodeFaultsTest and MultiNodeAppFaultsTest; log in $out/streak.log"
for ((i = 1; i <= rounds; i++)); do
  dir="$out/round-$i"
  rm -rf "$dir" && mkdir -p "$dir"
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  start=$(date +%s)
  mvn -B -ntp "${extra[@]}" -pl satin-cli -am -Dtest='MultiNodeFaultsTest,MultiNodeAppFaultsTest' \
      -Dsurefire.failIfNoSpecifiedTests=false -Dsatin.multinode.keep="$dir/runs" test > "$dir/mvn.log" 2>&1
  status=$?
  line="round $i of $rounds: $( ((status == 0)) && echo green || echo RED) in $(( $(date +%s) - start )) s, load $load, $(date -u +%FT%TZ), $(git rev-parse --short HEAD)"
  echo "$line" | tee -a "$out/streak.log"
  if ((status != 0)); then
    grep -E 'Tests run:.*Fail|FAIL|<<<' "$dir/mvn.log" | head -5
    echo "kept: $dir (mvn.log; runs/ holds each satin run's command line and output)"
    exit 1
  fi
  rm -rf "$dir"
done
echo "$rounds rounds in a row green"
