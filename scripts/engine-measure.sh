#!/usr/bin/env bash
# Reproduces the engine measurements of docs/engine.md (release build). Sections can be
# chosen: engine-measure.sh [bench] [oracle] [levels] [plain] [memory]. Match lengths and
# setups are set by the variables below (GAMES, LEVELS, PLAIN_GAMES, ...); raise the game
# counts for tighter error bars. Matches use one thread and a 16 MB table per engine.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release -p spacechess --locked >/dev/null
fi
bin=${BIN:-target/release/spacechess}
GAMES=${GAMES:-40}
MIN_GAMES=${MIN_GAMES:-20}
SEED=${SEED:-1} # seed of the openings of the level matches
# `match` plays the committed books of balanced openings; OPENINGS=--random-openings
# plays the random 6-ply openings that the figures measured before the books used.
OPENINGS=${OPENINGS:-}
LEVELS=${LEVELS:-2 3 4 5 6}
MAX_PLIES=${MAX_PLIES:-200} # a draw after this many plies (Quadlevel's games need 400)
CONCURRENCY=${CONCURRENCY:-1} # pairs played at once (one core each)
PLAIN_GAMES=${PLAIN_GAMES:-40}
PLAIN_DEPTHS=${PLAIN_DEPTHS:-3 4}
# Setups as `match` arguments, separated by commas.
IFS=, read -r -a LEVEL_VARIANTS <<<"${LEVEL_VARIANTS:-stacked,trid --rules federation,quadlevel,fourfold}"
IFS=, read -r -a PLAIN_VARIANTS <<<"${PLAIN_VARIANTS:-stacked,trid --rules federation,quadlevel,fourfold}"
sections=${*:-bench oracle levels plain memory}

for s in $sections; do
  case $s in
  bench)
    echo "== look-ahead 6: start + five middle-game positions per setup, default threads"
    $bin bench 6 --threads "$(nproc)"
    ;;
  oracle)
    echo "== Oracle (6 s) from each start position: depth per move"
    for v in stacked "trid federation" "trid meder" "trid stepwise" quadlevel fourfold; do
      set -- $v
      rules=${2:+setoption name Rules value $2}
      printf 'setoption name Variant value %s\n%s\nposition startpos\ngo oracle\n' "$1" "$rules" \
        | $bin engine | awk -v name="$v" '/oracle move/ { n++; d[n]=$(NF-0); for (i=1;i<=NF;i++) if ($i=="depth") dd[n]=$(i+1) }
          END { top=""; min=99; for (i=1;i<=n;i++) { if (i<=6) top=top dd[i] " "; if (dd[i]<min) min=dd[i] }
                printf "%s: %d moves scored, shallowest %d plies, top six %s\n", name, n, min, top }'
    done
    ;;
  levels)
    # LEVEL_VARIANTS: which setups; LEVELS: the stronger side's look-ahead (each plays the
    # level below). The SPRT stops a pair early once it is decided.
    echo "== each level against the level below (at most $GAMES games, at least $MIN_GAMES)"
    for v in "${LEVEL_VARIANTS[@]}"; do
      for n in $LEVELS; do
        $bin match $v --a-go "depth $n" --b-go "depth $((n-1))" --a-option Vary=8 --b-option Vary=8 \
          --a-option Hash=16 --b-option Hash=16 --games "$GAMES" --min-games "$MIN_GAMES" --seed "$SEED" \
          --max-plies "$MAX_PLIES" --concurrency "$CONCURRENCY" --elo0 0 --elo1 50 $OPENINGS | tail -n 1 | sed "s/^/$v level $n vs $((n-1)): /"
      done
    done
    ;;
  plain)
    # PLAIN_VARIANTS, PLAIN_DEPTHS: which setups and (equal) depths. PLAIN_GAMES games are
    # always played in full (the SPRT verdict is only reported at the end).
    for d in $PLAIN_DEPTHS; do
      echo "== the engine against plain alpha-beta with material only, equal depth $d ($PLAIN_GAMES games)"
      for v in "${PLAIN_VARIANTS[@]}"; do
        $bin match $v --a-go "depth $d" --b-go "depth $d" --b-option Player=plain \
          --a-option Hash=16 --b-option Hash=16 --games "$PLAIN_GAMES" --min-games "$PLAIN_GAMES" \
          --max-plies 200 --elo0 0 --elo1 400 $OPENINGS | tail -n 1 | sed "s/^/$v depth $d: /"
      done
    done
    ;;
  memory)
    echo "== peak memory of a look-ahead 6 search with the default hash (64 MB)"
    printf 'setoption name Variant value stacked\nposition startpos\ngo depth 6\n' \
      | /usr/bin/time -v $bin engine 2>&1 >/dev/null | grep -E 'Maximum resident'
    ;;
  esac
done
