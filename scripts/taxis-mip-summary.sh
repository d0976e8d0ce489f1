#!/usr/bin/env bash
# Merges the per-setting lines that `bench/taxis_ideal --mip M --from F` prints on stderr, so a
# long CBC run made in shards gets the bench's summary: settings, proven, open, different from
# the search, mean / median / largest CBC CPU seconds (open settings count with the CPU they
# used up to the limit), the slowest proven setting and the open ones. A setting that appears
# twice (a shard run again) counts once, with its last line.
#   usage: scripts/taxis-mip-summary.sh SHARD.err...
set -euo pipefail
grep -h '^N_D [0-9]* setting [0-9]*: CBC ' "$@" | awk '
{ key = $2 " " $4; sub(":", "", key); line[key] = $0 }
END {
  for (k in line) {
    split(k, p, " "); d = p[1]; $0 = line[k]
    cpu = $6; status = $NF; setting = p[2]
    n[d]++; sum[d] += cpu; times[d, n[d]] = cpu
    if (cpu > max[d]) max[d] = cpu
    if (status == "open") { open[d]++; opened[d, setting] = 1 }
    else if (status == "proven") { proven[d]++; if (cpu >= slow[d]) { slow[d] = cpu; slow_at[d] = setting } }
    else diff[d]++
  }
  printf "N_D settings proven open different mean_s median_s max_s slowest_proven\n"
  for (d = 1; d <= 64; d++) {
    if (!n[d]) continue
    m = n[d]
    for (i = 1; i <= m; i++) v[i] = times[d, i]
    for (i = 2; i <= m; i++) { x = v[i]; for (j = i - 1; j >= 1 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
    median = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
    printf "%d %d %d %d %d %.2f %.3f %.1f %s\n", d, m, proven[d], open[d], diff[d], sum[d] / m, median, max[d],
           proven[d] ? sprintf("setting %d (%.1f s)", slow_at[d], slow[d]) : "-"
    if (open[d]) {
      printf "  open at N_D %d:", d
      for (i = 0; i < 100000; i++) if ((d, i) in opened) printf " %d", i
      printf "\n"
    }
  }
}'
