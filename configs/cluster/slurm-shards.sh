#!/bin/bash
# One shard of a citadels-sim run per array task; the partial results go to a shared folder.
# Submit, then merge once the whole array is done:
#   jobid=$(sbatch --parsable configs/cluster/slurm-shards.sh)
#   sbatch --dependency=afterok:$jobid configs/cluster/slurm-merge.sh
# The shard count is the array size: keep --array=0-(N-1) and --shard auto/N together.
#SBATCH --job-name=citadels-shards
#SBATCH --array=0-15
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
#SBATCH --output=citadels-shard-%a.log
set -euo pipefail

# A folder every node sees (the merge reads it); override with RESULTS=... sbatch ...
RESULTS=${RESULTS:-$PWD/citadels-results}
mkdir -p "$RESULTS/parts"

# SLURM_ARRAY_TASK_ID (0-15) picks the shard: every task runs the same command.
citadels-sim run --preset all-characters --players 3-8 --games 1000000 --seed 1 \
    --threads "${SLURM_CPUS_PER_TASK:-1}" --quiet \
    --shard auto/16 --out "$RESULTS/parts/shard-$SLURM_ARRAY_TASK_ID"
