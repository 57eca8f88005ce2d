#!/usr/bin/env bash
# The web build's fonts are cut to a list of glyphs (CMakeLists.txt,
# GAMUT_GLYPHS_UI), and ImGui's atlas holds only those: a character outside it
# is drawn as "?". Every character a player can read must be in the list: those
# of the rules data and its French (rules-data/, tests/games/), of the
# interface's French (assets/lang/) and of the program's own strings (src/,
# tests aside). Then the check is shown able to fail, on a planted character.
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
check() {  # $@: files; prints the characters outside the list, each with a file holding it
  python3 - "$@" <<'PY'
import re, sys
cm = open("CMakeLists.txt", encoding="utf-8").read()
m = re.search(r"set\(GAMUT_GLYPHS_UI ([0-9A-Fa-f \-]+)\)", cm)
if not m:
    print("CMakeLists.txt has no GAMUT_GLYPHS_UI list"); sys.exit(0)
ranges = []
for r in m.group(1).split():
    lo, _, hi = r.partition("-")
    ranges.append((int(lo, 16), int(hi or lo, 16)))
seen = {}
for path in sys.argv[1:]:
    for c in open(path, encoding="utf-8").read():
        o = ord(c)
        if o >= 0x20 and not any(lo <= o <= hi for lo, hi in ranges):
            seen.setdefault(c, path)
for c, path in sorted(seen.items()):
    print(f"U+{ord(c):04X} {c!r} in {path}")
PY
}
files=$(find rules-data tests/games assets/lang -name '*.json'; find src -name '*.cpp' ! -name '*_test.cpp'; find src -name '*.h')
out=$(check $files)
if [ -z "$out" ]; then
  echo "ok - every character of the rules data, the French tables and the sources is in the fonts' glyph list"
  bad=0
else
  echo "not ok - characters the web build's fonts do not hold (add them to GAMUT_GLYPHS_UI in CMakeLists.txt):"
  sed 's/^/    /' <<<"$out"; bad=1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '{"title": "Łódź"}\n' >"$tmp/probe.json"
probe=$(check "$tmp/probe.json")
if grep -q "U+0141" <<<"$probe"; then
  echo "ok - the check catches a character outside the list"
else
  echo "not ok - the check missed a planted character"; bad=1
fi
exit $bad
