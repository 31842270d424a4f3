#!/bin/sh
# A sim spread over a Slurm cluster: N slices as one job array (sim-shard.sbatch), then the
# slices joined by `wizwar merge` into the summary the whole sim would give.
#
#   cluster/slurm/run-sim.sh N OUT [SIM ARGUMENTS...]
#   cluster/slurm/run-sim.sh 16 /shared/runs/blitz --ruleset 8th-blitz --games 20000 --bots hunter
#
# OUT must be a folder every node sees (the slices' JSON, Slurm's logs, merged.json, the report
# in OUT/report). WIZWAR names the binary (default: the one beside this script's project, built
# with `cargo build --release`); the nodes must see it and the project's rulesets/ and cards/.
# Extra sbatch options (partition, account, time) go in SBATCH_OPTIONS.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
n=${1:?usage: run-sim.sh N OUT [SIM ARGUMENTS...]}
out=${2:?usage: run-sim.sh N OUT [SIM ARGUMENTS...]}
shift 2
WIZWAR=${WIZWAR:-$root/target/release/wizwar}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/slice-*-of-"$n".json
# --wait: sbatch returns when every task has ended, failing if one failed.
# shellcheck disable=SC2086 # SBATCH_OPTIONS is a list of words on purpose
WIZWAR=$WIZWAR OUT=$out SIM_ARGS="$*" sbatch --wait --quiet --array="1-$n" --chdir="$root" \
  --output="$out/%x-%A_%a.out" ${SBATCH_OPTIONS:-} "$here/sim-shard.sbatch"
i=1
slices=""
while [ "$i" -le "$n" ]; do
  slices="$slices $out/slice-$i-of-$n.json"
  i=$((i + 1))
done
# shellcheck disable=SC2086 # one argument per slice
"$WIZWAR" --root "$root" merge $slices --json "$out/merged.json" --report "$out/report"
