#!/usr/bin/env bash
# Every user-facing string of every game's rules data has its French in
# rules-data/<id>/fr.json, and fr.json holds no English that the data no longer
# has (scripts/lang-strings --check; the rule is docs/rules-data.md,
# "Translations"). Then the check is shown able to fail, on a copy of one game
# whose table has lost an entry and gained a stale one, where a French
# original's quote is re-translated and a placeholder changed.
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
bad=0
for d in rules-data/*/; do
  id=$(basename "$d")
  if out=$(scripts/lang-strings --check "$id" 2>&1); then
    echo "ok - $id: $(tail -1 <<<"$out" | sed "s/^$id: //")"
  else
    echo "not ok - $id: fr.json does not match the data:"; sed 's/^/    /' <<<"$out" | head -40; bad=1
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/g"
cat >"$tmp/g/v1.json" <<'JSON'
{"game": "g", "version": 1, "citations": {"rules": {"title": "The rules", "language": "fr"}},
 "seat_names": ["East", "West"], "pieces": {"p": {"color": "#112233", "label": "P", "text": "a piece"}},
 "rules": [{"title": "Aim", "text": "Win.", "note": "Win by %d points, 7% of games", "provenance": {"kind": "text", "cite": "rules", "section": "But",
   "quote": "Gagnez.", "english": "Win!"}}]}
JSON
printf '{"The rules": "Les règles", "East": "Est", "West": "Ouest", "a piece": "une pièce", "Aim": "But",\n "Win.": "Gagnez.", "Win!": "Gagnez.",\n "Win by %%d points, 7%% of games": "Gagnez de %%d points, 7 %% des parties", "%%s wins": "%%s gagne"}\n' >"$tmp/g/fr.json"
out=$(scripts/lang-strings --check --dir "$tmp" g 2>&1)
if [ $? = 1 ] && grep -q 'fr.json has "%s wins", which no version holds' <<<"$out"; then
  echo "ok - the check catches an entry whose English is gone"
else
  echo "not ok - the check missed a stale entry:"; sed 's/^/    /' <<<"$out"; bad=1
fi
sed -i 's/"West": "Ouest", //; s/"Win!": "Gagnez."/"Win!": "Gagne !"/; s/de %d points/de %s points/' "$tmp/g/fr.json"
out=$(scripts/lang-strings --check --dir "$tmp" g 2>&1)
if [ $? = 1 ] && grep -q 'no French for "West"' <<<"$out" && grep -q 'French of "Win!" must be the original' <<<"$out" &&
   grep -q 'French of "Win by %d points, 7% of games" changes its placeholders' <<<"$out" &&
   ! grep -qE '"(#112233|P|g|But|Gagnez.)"' <<<"$out"; then
  echo "ok - the check catches a missing string, a re-translated quote and a changed placeholder, and asks for no id, colour or mark"
else
  echo "not ok - the check missed a missing string, a re-translated quote or a changed placeholder:"; sed 's/^/    /' <<<"$out"; bad=1
fi
exit $bad
