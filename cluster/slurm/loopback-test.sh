#!/bin/sh
# The Slurm recipe tried for real: a one-node Slurm (slurmctld and slurmd on this machine,
# munge for their keys, everything under a temporary folder) runs a sim as 4 slices through
# run-sim.sh, and the merged summary must equal the one the sim gives in one go (every count,
# interval and card line; only the clocks may differ). Needs root and Debian's slurmctld,
# slurmd, slurm-client and munge (.ci/run installs them). Run from anywhere:
#
#   cluster/slurm/loopback-test.sh [path/to/wizwar]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export WIZWAR="${1:-$root/target/release/wizwar}"
for tool in slurmctld slurmd sbatch munged python3; do
  command -v "$tool" >/dev/null || { echo "loopback-test: $tool is missing (apt-get install slurmctld slurmd slurm-client munge)" >&2; exit 2; }
done
work=$(mktemp -d /tmp/wizwar-slurm.XXXXXX)
node=$(hostname -s)
pids=""
stop() {
  for p in $pids; do kill "$p" 2>/dev/null || true; done
  sleep 1
  rm -rf "$work"
}
trap stop EXIT INT TERM

# munge: a key of our own, its socket in the work folder.
mkdir -p "$work/munge" "$work/spool" "$work/state" "$work/log"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 2>/dev/null
chmod 700 "$work/munge"
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/seed"
pids="$(cat "$work/munge/munged.pid")"

# One node with this machine's CPUs, one partition, no cgroups (a container has none to give).
cpus=$(nproc)
cat > "$work/slurm.conf" <<CONF
ClusterName=wizwar-loopback
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/socket
CredType=cred/munge
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$node CPUs=$cpus State=UNKNOWN
PartitionName=loopback Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -f "$SLURM_CONF" > "$work/log/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -f "$SLURM_CONF" > "$work/log/slurmd.out" 2>&1 &
pids="$pids $!"

# Wait for the node to take work.
tries=0
until sinfo -h -o '%T' 2>/dev/null | grep -q idle; do
  tries=$((tries + 1))
  if [ "$tries" -gt 60 ]; then
    echo "loopback-test: the Slurm node never came up" >&2
    tail -n 20 "$work"/log/*.log "$work"/log/*.out >&2 || true
    exit 1
  fi
  sleep 1
done

# The same sim, in 4 slices through Slurm and in one go.
args="--ruleset 8th --games 40 --seed 7 --bots hunter,random"
# shellcheck disable=SC2086 # args is a list of words on purpose
"$here/run-sim.sh" 4 "$work/run" $args > "$work/merged.txt"
# shellcheck disable=SC2086
(cd "$root" && "$WIZWAR" sim $args --quiet --json "$work/whole.json" > /dev/null)
python3 - "$work/run/merged.json" "$work/whole.json" <<'PY'
import json, sys
# (clocks and the peak memory are the machine's, not the games': a merge plays no game)
clocks = {"seconds", "games_per_second", "events_per_second", "lua_share", "primitive_share", "peak_memory_mib"}
def summary(path):
    s = json.load(open(path))["summary"]
    return {k: v for k, v in s.items() if k not in clocks}
merged, whole = summary(sys.argv[1]), summary(sys.argv[2])
if merged != whole:
    for k in sorted(set(merged) | set(whole)):
        if merged.get(k) != whole.get(k):
            print(f"loopback-test: `{k}` differs:\n  slices: {merged.get(k)}\n  whole:  {whole.get(k)}", file=sys.stderr)
    sys.exit(1)
print(f"loopback-test: 4 Slurm slices merged = the whole sim ({merged['games']} games, "
      f"{len(merged['cards'])} cards, ends {merged['ends']})")
PY
