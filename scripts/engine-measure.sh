#!/usr/bin/env bash
# Reproduces the engine measurements of docs/engine.md (release build). Sections can be
# chosen: engine-measure.sh [bench] [oracle] [levels] [plain] [memory]. Matches are kept
# short; raise GAMES for tighter error bars.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release -p spacechess --locked >/dev/null
fi
bin=${BIN:-target/release/spacechess}
GAMES=${GAMES:-12}
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
    echo "== each level against the level below ($GAMES games; Stacked to level 4 only, for time)"
    for v in fourfold stacked; do
      levels="2 3 4 5 6"
      [ "$v" = stacked ] && levels="2 3 4"
      for n in $levels; do
        $bin match $v --a-go "depth $n" --b-go "depth $((n-1))" --a-option Vary=8 --b-option Vary=8 \
          --games "$GAMES" --max-plies 200 --elo0 0 --elo1 50 | tail -n 1 | sed "s/^/$v level $n vs $((n-1)): /"
      done
    done
    ;;
  plain)
    echo "== the engine against plain alpha-beta with material only, equal depth 3 ($GAMES games)"
    for v in stacked "trid --rules federation" quadlevel fourfold; do
      $bin match $v --a-go "depth 3" --b-go "depth 3" --b-option Player=plain \
        --games "$GAMES" --max-plies 200 --elo0 0 --elo1 400 | tail -n 1 | sed "s/^/$v: /"
    done
    ;;
  memory)
    echo "== peak memory of a look-ahead 6 search with the default hash (64 MB)"
    printf 'setoption name Variant value stacked\nposition startpos\ngo depth 6\n' \
      | /usr/bin/time -v $bin engine 2>&1 >/dev/null | grep -E 'Maximum resident'
    ;;
  esac
done
