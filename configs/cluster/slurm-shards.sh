#!/bin/bash
# One shard of a citadels-sim run per task of a Slurm job array; the partial results go to a
# shared folder. Submit the array, then the merge to run once the whole array is done:
#   jobid=$(sbatch --parsable --array=0-15 configs/cluster/slurm-shards.sh)
#   sbatch --dependency=afterok:$jobid configs/cluster/slurm-merge.sh
# The shard count is the array's size: N tasks numbered 0 to N-1 (--array=0-(N-1) on the
# command line, else the #SBATCH line below). Threads per shard: sbatch --cpus-per-task=T.
#
# The run's settings come from the environment of sbatch (Slurm passes it on to the job):
#   CITADELS_SIM      the binary                           default: citadels-sim on the PATH
#   RESULTS           a folder every node sees             default: $PWD/citadels-results
#   CITADELS_PRESET   a built-in preset                    default: all-characters
#   CITADELS_CONFIG   a config file, instead of a preset (a path every node sees)
#   CITADELS_PLAYERS  player counts (N or LO-HI)           default: 3-8
#   CITADELS_GAMES    games per player count               default: 1000000
#   CITADELS_SEED     master seed                          default: 1
#   CITADELS_BOTS     bots (--bots)                        default: heuristic
#   CITADELS_SHARDS   the run's shard count, only to rerun some of its shards with a smaller
#                     array (CITADELS_SHARDS=16 sbatch --array=3 ...); default: the array size
# For example: CITADELS_GAMES=20000 sbatch --parsable --array=0-3 configs/cluster/slurm-shards.sh
# A task whose shard was interrupted (cancelled, timed out, node lost) leaves a checkpoint in
# $RESULTS/parts/.shard-K.run/; the task that runs shard K again resumes from it (--resume).
#SBATCH --job-name=citadels-shards
#SBATCH --array=0-15
#SBATCH --cpus-per-task=1
#SBATCH --time=04:00:00
#SBATCH --output=citadels-shard-%A_%a.log
set -euo pipefail

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    echo "error: SLURM_ARRAY_TASK_ID is not set: submit this script as a job array" \
        "(sbatch --array=0-(N-1) $0)" >&2
    exit 2
fi
task=$SLURM_ARRAY_TASK_ID

# The shard count: the array's size, when the array is 0-(N-1) (an array 1-4 or 0-15:2 is
# refused, it would leave shards out).
if [ -n "${CITADELS_SHARDS:-}" ]; then
    shards=$CITADELS_SHARDS
else
    shards=${SLURM_ARRAY_TASK_COUNT:?}
    if [ "${SLURM_ARRAY_TASK_MIN:-}" != 0 ] || [ "${SLURM_ARRAY_TASK_MAX:-}" != $((shards - 1)) ]; then
        echo "error: the array is not 0-(N-1): $shards tasks from ${SLURM_ARRAY_TASK_MIN:-?}" \
            "to ${SLURM_ARRAY_TASK_MAX:-?}; submit --array=0-$((shards - 1)), or set" \
            "CITADELS_SHARDS=N to rerun some shards of an N-shard run" >&2
        exit 2
    fi
fi

# --preset and --config both given are refused by citadels-sim itself (status 2).
source=()
[ -n "${CITADELS_CONFIG:-}" ] && source+=(--config "$CITADELS_CONFIG")
[ -n "${CITADELS_PRESET:-}" ] && source+=(--preset "$CITADELS_PRESET")
[ ${#source[@]} -gt 0 ] || source=(--preset all-characters)

RESULTS=${RESULTS:-$PWD/citadels-results}
out=$RESULTS/parts/shard-$task
mkdir -p "$RESULTS/parts"
resume=()
if [ -f "$RESULTS/parts/.shard-$task.run/checkpoint.toml" ]; then
    echo "shard $task/$shards: resuming from its checkpoint in $RESULTS/parts/.shard-$task.run"
    resume=(--resume "$out")
fi

# --shard auto/N reads the shard index from SLURM_ARRAY_TASK_ID: every task runs this command.
exec "${CITADELS_SIM:-citadels-sim}" run "${source[@]}" \
    --players "${CITADELS_PLAYERS:-3-8}" --games "${CITADELS_GAMES:-1000000}" \
    --seed "${CITADELS_SEED:-1}" --bots "${CITADELS_BOTS:-heuristic}" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" --quiet \
    --shard "auto/$shards" --out "$out" "${resume[@]}"
