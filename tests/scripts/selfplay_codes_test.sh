#!/usr/bin/env bash
# `gamut selfplay --codes` prints each game's share code, and `gamut replay
# --code C --debug` replays it with the whole state after every move: the
# tools to study a game the AI lost (docs/ai-strength.md). The replays must
# add up to what selfplay played. Needs build/native/gamut.
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
source tests/scripts/native.sh
# Geister, random against random: three whole games, won by either side.
out=$($gamut selfplay --game geister --games 3 --seed 3 --bots random,random --codes)
mapfile -t codes < <(sed -n 's/^code [0-9]*: //p' <<<"$out")
[ "${#codes[@]}" = 3 ] && [ "$(grep -c '^code [123]: ' <<<"$out")" = 3 ]; check $? "one code a game, numbered"
plies=$(sed -n 's/.*plies=\([0-9]*\).*/\1/p' <<<"$out")
wins=$(sed -n 's/.* wins=\([0-9]*\),\([0-9]*\) .*/\1 + \2/p' <<<"$out")
# The whole state holds the secrets the log does not: the board's rows name each ghost good or evil (G/E, g/e).
colours() { grep -E '^[.GEge]{6}$' <<<"$1" | grep -c '[GEge]'; }
moves=0 won=0 whole_moves=0 extra=0 shown=0 hidden=0
for c in "${codes[@]}"; do
  log=$($gamut replay --code "$c") || { check 1 "a code replays"; continue; }
  n=$(grep -cE '^[0-9]+\. ' <<<"$log")
  moves=$((moves + n))
  won=$((won + $(sed -n '$p' <<<"$log" | grep -c ' wins')))
  whole=$($gamut replay --code "$c" --debug)
  whole_moves=$((whole_moves + $(grep -cE '^[0-9]+\. ' <<<"$whole")))
  # Each move is followed by the whole state: at least a line more a move.
  [ $(($(wc -l <<<"$whole") - $(wc -l <<<"$log"))) -ge "$n" ] && extra=$((extra + 1))
  [ "$(colours "$whole")" -gt 0 ] && shown=$((shown + 1))
  [ "$(colours "$log")" = 0 ] && hidden=$((hidden + 1))
done
[ -n "$plies" ] && [ "$moves" = "$plies" ]; check $? "the replays hold every move selfplay played ($moves of $plies)"
[ -n "$wins" ] && [ "$won" = "$((wins))" ]; check $? "and end in as many wins as selfplay counted ($won of $((wins)))"
[ "$whole_moves" = "$plies" ] && [ "$extra" = 3 ]; check $? "--debug prints the same moves, each with the whole state after it"
[ "$shown" = 3 ]; check $? "--debug shows the hidden colours ($shown of 3 games)"
[ "$hidden" = 3 ]; check $? "the plain log does not (control; $hidden of 3 games)"
exit $bad
