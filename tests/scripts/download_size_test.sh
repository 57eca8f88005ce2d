#!/usr/bin/env bash
# The whole download stays within 1,000,000 bytes gzipped (issue 16). The
# whole download is every file the web build serves: the page loads index.html,
# the scripts, the style sheet, the program (gamut.wasm) and its data
# (gamut.data, which holds the rules data, the French tables and the fonts),
# and on the first visit the service worker fetches every other file of the
# site for offline play (web/sw.js: the icons, the manifest, the embed page).
# Each is counted at gzip -9, as a static host serves it; the READMEs are for
# people who copy the folder, never fetched. Needs ./scripts/build web first.
# Prints "ok - ..." or "not ok - ..." with each file's share, and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
budget=1000000
site=build/web
if [ ! -f "$site/gamut.wasm" ] || [ ! -f "$site/gamut.data" ]; then
  echo "not ok - $site has no gamut.wasm or gamut.data: run ./scripts/build web first"; exit 1
fi
total=0
lines=""
for f in "$site"/*; do
  [ -f "$f" ] || continue
  case "$f" in *.md) continue ;; esac
  n=$(gzip -9 -c "$f" | wc -c)
  total=$((total + n))
  lines+="    $(printf '%9d' "$n")  $(basename "$f")"$'\n'
done
# The service worker's list must be what was counted: a file it fetches from elsewhere would escape the sum.
listed=$(sed -n 's/^const FILES = \[\(.*\)\];$/\1/p' "$site/sw.js" | tr -d "' " | tr ',' '\n' | sort)
counted=$(cd "$site" && ls -p | grep -v '/$' | grep -v '\.md$' | grep -vx 'sw.js' | sort)
bad=0
if [ "$listed" != "$counted" ]; then
  echo "not ok - the service worker's files differ from the site's:"; diff <(echo "$listed") <(echo "$counted") | sed 's/^/    /'; bad=1
fi
if [ "$total" -le "$budget" ]; then
  echo "ok - the whole download is $total bytes gzipped (budget $budget)"
else
  echo "not ok - the whole download is $total bytes gzipped, over the budget of $budget:"; bad=1
fi
printf '%s' "$lines" | sort -rn
exit $bad
