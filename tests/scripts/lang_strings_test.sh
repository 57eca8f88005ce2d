#!/usr/bin/env bash
# Every user-facing string of every game's rules data has its French in
# rules-data/<id>/fr.json, and fr.json holds no English that the data no longer
# has (scripts/lang-strings --check; the rule is docs/rules-data.md,
# "Translations"). Then the check is shown able to fail, on a copy of one game
# whose table has lost an entry and gained a stale one, where a French
# original's quote is re-translated and a placeholder changed, and with a
# second game that translates one English otherwise.
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
bad=0
# All games in one run: their tables merge into one French, so they must agree with each other.
all=$(scripts/lang-strings --check 2>&1)
for d in rules-data/*/; do
  id=$(basename "$d")
  mine=$(grep "^$id: " <<<"$all")
  if [ -n "$mine" ] && [ -z "$(grep -v "^$id: [0-9]* strings, " <<<"$mine")" ]; then
    echo "ok - $id: $(sed "s/^$id: //" <<<"$mine")"
  else
    echo "not ok - $id: fr.json does not match the data:"; sed -n '1,40s/^/    /p' <<<"$mine"; bad=1
  fi
done
others=$(grep -v -E "^($(ls rules-data | paste -sd'|')): " <<<"$all")
[ -z "$others" ] || { echo "not ok - scripts/lang-strings --check says:"; sed 's/^/    /' <<<"$others"; bad=1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/g"
cat >"$tmp/g/v1.json" <<'JSON'
{"game": "g", "version": 1, "citations": {"rules": {"title": "The rules", "language": "fr"}, "book": {"title": "The rules", "language": "en"}},
 "seat_names": ["East", "West"], "pieces": {"p": {"color": "#112233", "label": "P", "text": "a piece"}},
 "rules": [{"title": "Aim", "text": "Win.", "note": "Win by %d points, 7% of games", "provenance": {"kind": "text", "cite": "rules", "section": "But",
   "quote": "Gagnez.", "english": "Win!"}},
  {"title": "Aim", "text": "Win.", "provenance": {"kind": "text", "cite": "book", "section": "Aim", "quote": "Win fast."}}]}
JSON
printf '{"The rules": "Les règles", "East": "Est", "West": "Ouest", "a piece": "une pièce", "Aim": "But",\n "Win.": "Gagnez.", "Win!": "Gagnez.",\n "Win by %%d points, 7%% of games": "Gagnez de %%d points, 7 %% des parties", "%%s wins": "%%s gagne"}\n' >"$tmp/g/fr.json"
out=$(scripts/lang-strings --check --dir "$tmp" g 2>&1)
if [ $? = 1 ] && grep -q 'fr.json has "%s wins", which no version holds' <<<"$out"; then
  echo "ok - the check catches an entry whose English is gone"
else
  echo "not ok - the check missed a stale entry:"; sed 's/^/    /' <<<"$out"; bad=1
fi
mkdir "$tmp/h"
sed 's/"game": "g"/"game": "h"/' "$tmp/g/v1.json" >"$tmp/h/v1.json"
sed 's/"Est"/"Orient"/' "$tmp/g/fr.json" >"$tmp/h/fr.json"
out=$(scripts/lang-strings --check --dir "$tmp" g h 2>&1)
if [ $? = 1 ] && grep -q "h: \"East\" is \"Orient\" here but \"Est\" in g's fr.json" <<<"$out"; then
  echo "ok - the check catches two games translating one English two ways"
else
  echo "not ok - the check missed two translations of one English:"; sed 's/^/    /' <<<"$out"; bad=1
fi
sed -i 's/"West": "Ouest", //; s/"Win!": "Gagnez."/"Win!": "Gagne !"/; s/de %d points/de %s points/' "$tmp/g/fr.json"
out=$(scripts/lang-strings --check --dir "$tmp" g 2>&1)
if [ $? = 1 ] && grep -q 'no French for "West"' <<<"$out" && grep -q 'no French for "Win fast."' <<<"$out" && grep -q 'French of "Win!" must be the original' <<<"$out" &&
   grep -q 'French of "Win by %d points, 7% of games" changes its placeholders' <<<"$out" &&
   ! grep -qE '"(#112233|P|g|But|Gagnez.)"' <<<"$out"; then
  echo "ok - the check catches a missing string (an English original's quote too), a re-translated quote and a changed placeholder, and asks for no id, colour or mark"
else
  echo "not ok - the check missed a missing string, a re-translated quote or a changed placeholder:"; sed 's/^/    /' <<<"$out"; bad=1
fi
exit $bad
