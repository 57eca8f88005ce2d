#!/usr/bin/env bash
# A watch link of an unfinished Geister game, decoded by `gamut replay --code`,
# holds no colour of any ghost still on the board, no set-up and no seed
# (issue: spectator links). Needs build/native/gamut.
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
source tests/scripts/native.sh
# Seed 2, 40 plies: an unfinished game with captures on both sides (tests/golden/codes.txt).
line=$($gamut golden --game geister --seed 2 --games 1 --plies 40)
full=$(cut -d' ' -f2 <<<"$line")
watch=$($gamut watch --code "$full")
out=$($gamut replay --code "$watch")
seed=2000006  # golden's seed for game 0 of --seed 2: seed * 1000003
grep -q "public information only" <<<"$out"; check $? "the watch code decodes as a watch code"
! grep -q "$seed" <<<"$out"; check $? "no seed in what it holds"
! grep -qE "setup:[GE]{8}|good ones on" <<<"$out"; check $? "no set-up in its log"
view=$(sed -n 's/^public view: //p' <<<"$out")
node -e '
  const v = JSON.parse(process.argv[1]);
  const shown = v.pieces.filter((p) => p.face !== "hidden");
  if (v.pieces.length < 8 || shown.length) { console.error(JSON.stringify(shown)); process.exit(1); }
  if (!v.side.some((p) => p.where === "captured" && p.face !== "hidden")) process.exit(2);  // captures are public
' "$view"
check $? "every ghost on the board is hidden, and the captured ones show their colour"
# The full save does hold the colours: the check above has something to find.
log=$($gamut replay --code "$full")
grep -qE "an? (good|evil) ghost \([a-f][1-6]x[a-f][1-6]\)" <<<"$log"; check $? "the full save names captured colours (control)"
$gamut replay --code "${watch:0:40}" >/dev/null 2>&1; check $(( $? == 0 )) "a cut watch code is refused"
exit $bad
