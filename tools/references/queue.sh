#!/usr/bin/env bash
# Plays the ISMCTS-1000 reference samples of data/references/ shard by shard, two at a time,
# at the lowest CPU priority, so that it can run beside other work and be stopped at any time:
# a shard whose partial result is already under data/references/NAME/parts/ is skipped, so
# running it again continues where it stopped. `tools/references/merge.sh` merges the
# finished references. Usage: tools/references/queue.sh [BINARY] (default: a copy of
# target/release/citadels-sim taken at the start, so a rebuild does not change play midway).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin_src=${1:-target/release/citadels-sim}
bin=$(mktemp -d)/citadels-sim
cp "$bin_src" "$bin"
jobs=${JOBS:-2}

# NAME | run options (without --shard, --out, --threads, --quiet) | shards
# Each reference: 2,000 games at one player count, seed 101, 8 shards of one 256-game chunk.
list() {
cat <<'LIST'
illustrious-emissaries-5p|--preset illustrious-emissaries --players 5|8
first-game-six-districts-5p|--config configs/references/first-game-six-districts.toml --players 5|8
first-game-starting-gold-4-5p|--config configs/references/first-game-starting-gold-4.toml --players 5|8
first-game-draw-3-5p|--config configs/references/first-game-draw-3.toml --players 5|8
first-game-5p|--preset first-game --players 5|8
ambitious-aristocrats-5p|--preset ambitious-aristocrats --players 5|8
cunning-agents-5p|--preset cunning-agents --players 5|8
devious-dignitaries-5p|--preset devious-dignitaries --players 5|8
tenacious-delegates-5p|--preset tenacious-delegates --players 5|8
vicious-nobles-5p|--preset vicious-nobles --players 5|8
illustrious-emissaries-4p|--preset illustrious-emissaries --players 4|8
ambitious-aristocrats-4p|--preset ambitious-aristocrats --players 4|8
cunning-agents-4p|--preset cunning-agents --players 4|8
devious-dignitaries-4p|--preset devious-dignitaries --players 4|8
tenacious-delegates-4p|--preset tenacious-delegates --players 4|8
vicious-nobles-4p|--preset vicious-nobles --players 4|8
LIST
}

tasks=$(mktemp)
while IFS='|' read -r name opts shards; do
    for ((k = 0; k < shards; k++)); do
        part=data/references/$name/parts/shard-$k-of-$shards
        [[ -f $part/partial.toml ]] || echo "$name|$opts|$k/$shards|$part" >>"$tasks"
    done
done < <(list)

play() {
    IFS='|' read -r name opts shard part <<<"$1"
    tmp=$part.tmp
    rm -rf "$tmp"
    mkdir -p "$(dirname "$part")"
    # shellcheck disable=SC2086
    if nice -n 19 "$bin" run $opts --games 2000 --seed 101 --bots ismcts:iters=1000 \
        --threads 1 --quiet --shard "$shard" --out "$tmp"; then
        mv "$tmp" "$part"
        echo "$(date -u +%FT%TZ) done $name $shard"
    else
        echo "$(date -u +%FT%TZ) FAILED $name $shard" >&2
    fi
}
export -f play
export bin
xargs -a "$tasks" -d '\n' -P "$jobs" -I{} bash -c 'play "$1"' _ {}
