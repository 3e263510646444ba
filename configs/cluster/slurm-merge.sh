#!/bin/bash
# Adds the shards' partial results of slurm-shards.sh into the run's reports, in
# $RESULTS/report. Submit it to run once the whole array has succeeded:
#   sbatch --dependency=afterok:$jobid configs/cluster/slurm-merge.sh
# Environment, as for slurm-shards.sh: CITADELS_SIM (default: citadels-sim on the PATH) and
# RESULTS (default: $PWD/citadels-results).
#SBATCH --job-name=citadels-merge
#SBATCH --cpus-per-task=1
#SBATCH --time=00:10:00
#SBATCH --output=citadels-merge-%j.log
set -euo pipefail

RESULTS=${RESULTS:-$PWD/citadels-results}
# merge refuses (status 2) if a shard is missing, doubled or from another run.
exec "${CITADELS_SIM:-citadels-sim}" merge "$RESULTS"/parts/shard-* --out "$RESULTS/report"
