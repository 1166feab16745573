#!/bin/bash
cd /work/wt/fpi2/bench-suite/fpi2
export ARA_TOOLS_DIR=/work/main/.tools
for eng in default horn horn-cells; do
for p in grid_colsum_prod grid_diff grid_lower grid_rowsum_ij long_sq long_sum pow2 prefix_total rev_copy stride2 tri_count two_rec two_sums; do
  if [ $eng = default ]; then args="--timeout 60"; else args="--timeout 45 --engine $eng"; fi
  s=$(date +%s.%N)
  /work/wt/bin/ara check --verbose --data-model ilp32 $args ${p}_safe.c > /tmp/fpi2-gaps/${p}.${eng}.txt 2>&1
  e=$(date +%s.%N)
  echo "$p $eng $(echo "$e - $s" | bc) $(head -1 /tmp/fpi2-gaps/${p}.${eng}.txt)" >> /tmp/fpi2-gaps/summary.txt
done; done
