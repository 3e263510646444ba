#!/bin/bash
# Adds the shards' partial results of slurm-shards.sh into the run's reports (submit with
# --dependency=afterok on the array job; see slurm-shards.sh).
#SBATCH --job-name=citadels-merge
#SBATCH --cpus-per-task=1
#SBATCH --time=00:10:00
#SBATCH --output=citadels-merge.log
set -euo pipefail

RESULTS=${RESULTS:-$PWD/citadels-results}
# merge refuses (status 2) if a shard is missing, doubled or from another run.
citadels-sim merge "$RESULTS"/parts/shard-* --out "$RESULTS/report"
