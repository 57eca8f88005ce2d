#!/usr/bin/env bash
# `gamut selfplay --codes` prints each game's share code, and `gamut replay
# --code C --debug` replays it with the whole state after every move: the
# tools to study a game the AI lost (docs/ai-strength.md). The replays must
# add up to what selfplay played. Needs build/native/gamut.
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
source tests/scripts/native.sh
# Seed 3: one of the three games is a draw, so the draw count has something to check.
out=$($gamut selfplay --game tictactoe --games 3 --seed 3 --bots random,random --codes)
mapfile -t codes < <(sed -n 's/^code [0-9]*: //p' <<<"$out")
[ "${#codes[@]}" = 3 ] && [ "$(grep -c '^code [123]: ' <<<"$out")" = 3 ]; check $? "one code a game, numbered"
plies=$(sed -n 's/.*plies=\([0-9]*\).*/\1/p' <<<"$out")
draws=$(sed -n 's/.* draws=\([0-9]*\).*/\1/p' <<<"$out")
moves=0 replay_draws=0 states=0
for c in "${codes[@]}"; do
  log=$($gamut replay --code "$c") || { check 1 "a code replays"; continue; }
  moves=$((moves + $(grep -cE '^[0-9]+\. ' <<<"$log")))
  replay_draws=$((replay_draws + $(grep -c '^Draw' <<<"$log")))
  whole=$($gamut replay --code "$c" --debug)
  states=$((states + $(grep -c '^cur ' <<<"$whole")))  # the test game's debug() line
done
[ -n "$plies" ] && [ "$moves" = "$plies" ]; check $? "the replays hold every move selfplay played ($moves of $plies)"
[ -n "$draws" ] && [ "$replay_draws" = "$draws" ]; check $? "and end as selfplay counted ($replay_draws draws of $draws)"
[ "$states" = "$plies" ]; check $? "--debug prints the whole state after every move ($states of $plies)"
exit $bad
