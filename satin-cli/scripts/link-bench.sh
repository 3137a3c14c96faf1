#!/usr/bin/env bash
# Encrypted against plain IPL transports over a real, rate-limited link (issue 32, deliverable 5): two network
# namespaces joined by a veth pair whose rate tc limits on each end, each end a JVM pinned to its own processor
# (client on the first, server on the second). The one-way delay comes from tc netem where the kernel has it; where
# it does not (sch_netem is not built into every kernel: this machine's has tbf and htb only), the rate is a tbf and
# the delay is added to every message by the IPL's WAN emulation stacked on the real transport (--delay-ms). For every link and round, the four variants
# (tcp, tcp+tls, udp, udp+aead) run in rotating order, each a fresh server and client (`satin bench link`); the
# medians over rounds and the encrypted/plain ratios are printed at the end, and every figure is kept in OUT.
#
#   sudo satin-cli/scripts/link-bench.sh [--rounds N] [--links "1gbit/10ms 100mbit/50ms"] [--out FILE]
#                                        [--variants "tcp tcp+tls udp udp+aead"]
#
# JVM options for both ends (a profiler, a flag): JAVA_TOOL_OPTIONS.
# Needs root, iproute2 (ip, tc with netem) and util-linux (taskset), and a built satin-cli/target/satin.jar
# (./satin builds it). Leaves nothing behind: the namespaces are deleted on exit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="$root/satin-cli/target/satin.jar"
rounds=3
links="1gbit/10ms 100mbit/50ms"
variants_opt="tcp tcp+tls udp udp+aead"
out="link-bench-$(date -u +%Y%m%dT%H%M%SZ).tsv"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --links) links="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --variants) variants_opt="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "link-bench: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ $(id -u) == 0 ]] || { echo "link-bench: needs root (network namespaces, tc)" >&2; exit 2; }
for tool in ip tc taskset java; do
  command -v "$tool" >/dev/null || { echo "link-bench: $tool is missing (apt-get install iproute2 util-linux)" >&2; exit 2; }
done
[[ -f "$jar" ]] || { echo "link-bench: $jar is missing: build it with ./satin --help" >&2; exit 2; }
cpus=$(nproc)
client_cpu=0
server_cpu=$(( cpus > 1 ? 1 : 0 ))

a=satin-link-a; b=satin-link-b
work="$(mktemp -d)"
cleanup() {
  ip netns pids "$b" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns pids "$a" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$a" 2>/dev/null || true
  ip netns del "$b" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
cleanup_quiet() { ip netns del "$a" 2>/dev/null || true; ip netns del "$b" 2>/dev/null || true; }
cleanup_quiet
ip netns add "$a"
ip netns add "$b"
ip link add veth-sa netns "$a" type veth peer name veth-sb netns "$b"
ip -n "$a" addr add 10.77.0.1/24 dev veth-sa
ip -n "$b" addr add 10.77.0.2/24 dev veth-sb
for ns in "$a" "$b"; do ip -n "$ns" link set lo up; done
ip -n "$a" link set veth-sa up
ip -n "$b" link set veth-sb up
java -jar "$jar" secret "$work/secret" >/dev/null 2>&1 || head -c 32 /dev/urandom | base64 > "$work/secret"
chmod 600 "$work/secret"

run_variant() { # $1 link label, $2 round, $3 variant
  local impl="${3%%+*}" secret_opt=()
  [[ "$3" == *+* ]] && secret_opt=(--secret "$work/secret")
  ip netns exec "$b" taskset -c "$server_cpu" java -jar "$jar" bench link --role server --impl "$impl" \
      --bind 10.77.0.2 "${secret_opt[@]}" "${delay_opt[@]}" > "$work/server.out" 2> "$work/server.err" &
  local server=$! registry=""
  for _ in $(seq 1 300); do
    registry=$(sed -n 's/^registry //p' "$work/server.out" 2>/dev/null | head -1)
    [[ -n "$registry" ]] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  if [[ -z "$registry" ]]; then
    echo "link-bench: the $3 server did not start:" >&2; cat "$work/server.err" >&2; return 1
  fi
  rm -f "$work/figures.json"
  ip netns exec "$a" taskset -c "$client_cpu" java -jar "$jar" bench link --role client --impl "$impl" \
      --bind 10.77.0.1 --registry "$registry" "${secret_opt[@]}" "${delay_opt[@]}" --json "$work/figures.json" \
      2> "$work/client.err" | sed "s|^|  [$1 round $2] |"
  wait "$server" || true
  python3 - "$work/figures.json" "$1" "$2" "$3" >> "$out" <<'PY'
import json, sys
figures = json.load(open(sys.argv[1]))
rtt = next(v for k, v in figures.items() if k.endswith('.roundTripUs'))
mib = next(v for k, v in figures.items() if k.endswith('.mibPerSecond'))
print(f"{sys.argv[2]}\t{sys.argv[3]}\t{sys.argv[4]}\t{rtt:.1f}\t{mib:.2f}")
PY
}

echo "link-bench: $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg), client on cpu $client_cpu, server on cpu $server_cpu, figures in $out"
printf 'link\tround\tvariant\tround_trip_us\tmib_per_s\n' > "$out"
read -r -a variants <<< "$variants_opt"
netem=yes
tc -n "$a" qdisc replace dev veth-sa root netem delay 1ms 2>/dev/null || netem=no
for link in $links; do
  rate="${link%/*}"; delay="${link#*/}"
  delay_opt=()
  for dev in "$a:veth-sa" "$b:veth-sb"; do
    if [[ $netem == yes ]]; then
      tc -n "${dev%%:*}" qdisc replace dev "${dev#*:}" root netem delay "$delay" rate "$rate" limit 100000
    else
      tc -n "${dev%%:*}" qdisc replace dev "${dev#*:}" root tbf rate "$rate" burst 256kb latency 100ms
    fi
  done
  if [[ $netem == yes ]]; then
    echo "link $rate, $delay each way (tc netem on both ends)"
  else
    delay_opt=(--delay-ms "${delay%ms}")
    echo "link $rate (tc tbf on both ends), $delay each way (IPL WAN emulation; this kernel has no tc netem)"
  fi
  for round in $(seq 1 "$rounds"); do
    for i in "${!variants[@]}"; do
      run_variant "$link" "$round" "${variants[$(( (i + round - 1) % ${#variants[@]} ))]}"
    done
  done
done
echo "link-bench: done $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$out" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
links = []
for r in rows:
    if r['link'] not in links:
        links.append(r['link'])
def median(link, variant, field):
    values = [float(r[field]) for r in rows if r['link'] == link and r['variant'] == variant]
    return statistics.median(values) if values else float('nan')
print(f"{'link':<14} {'variant':<9} {'1 B round trip':>15} {'1 MiB MiB/s':>12} {'rtt vs plain':>13} {'MiB/s vs plain':>15}")
for link in links:
    for variant in ['tcp', 'tcp+tls', 'udp', 'udp+aead']:
        if not any(r['link'] == link and r['variant'] == variant for r in rows):
            continue
        plain = variant.split('+')[0]
        rtt, mib = median(link, variant, 'round_trip_us'), median(link, variant, 'mib_per_s')
        ratio = '' if variant == plain or not any(r['variant'] == plain for r in rows) else f"{rtt / median(link, plain, 'round_trip_us'):12.3f}x {mib / median(link, plain, 'mib_per_s') * 100:14.1f}%"
        print(f"{link:<14} {variant:<9} {rtt / 1000:12.2f} ms {mib:12.1f} {ratio}")
print("targets: encrypted 1 B round trip <= 1.10x plain, encrypted 1 MiB throughput >= 90% of plain (medians over rounds)")
PY
