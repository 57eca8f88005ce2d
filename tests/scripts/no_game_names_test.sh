#!/usr/bin/env bash
# The shared layers name no game: src/ui, src/core, src/ai and src/play may
# mention a game id only in a comment that names it as an example. The ids are
# the folders of rules-data/ and of tests/games/ (the test games), so a new
# game is covered without editing this.
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
ids=$(find rules-data tests/games -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort | paste -sd'|')
[ -n "$ids" ] || { echo "not ok - no game ids found in rules-data/"; exit 1; }
bad=0
for dir in src/ui src/core src/ai src/play; do
  # Code only: // comments and the text of /* */ comments on one line are dropped.
  hits=$(grep -rnE --include='*.cpp' --include='*.h' "" "$dir" | sed -E 's#//.*$##; s#/\*.*\*/##g' |
    grep -iE "(^|[^a-z-])($ids)([^a-z-]|$)")
  if [ -n "$hits" ]; then
    echo "not ok - $dir names a game outside comments:"; echo "$hits" | sed 's/^/    /'; bad=1
  else
    echo "ok - $dir names no game ($ids) outside comments"
  fi
done
# The check must be able to fail: a line of code naming a game is caught.
probe=$(printf 'x = "%s";\n' "${ids%%|*}" | sed -E 's#//.*$##' | grep -ciE "(^|[^a-z-])($ids)([^a-z-]|$)")
if [ "$probe" = 1 ]; then echo "ok - the check catches a game id in code"; else echo "not ok - the check missed a planted id"; bad=1; fi
exit $bad
