#!/usr/bin/env bash
# Checks scripts/deb-src on sample apt sources files: its stanzas must match the
# hand-written expected output, and apt itself, reading the sample together with
# them, must find a source index for exactly each binary index and no duplicate.
# Also checks that nothing under scripts/ names a package host.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SAMPLES="$ROOT/tests/scripts/samples"
DEB_SRC="$ROOT/scripts/deb-src"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
failed=0
check() { # $1 = what, rest = command that must succeed
  local what="$1"; shift
  if "$@"; then echo "ok - $what"; else echo "not ok - $what"; failed=1; fi
}

# "CREATED_BY REPO_URI RELEASE COMPONENT" per index apt would fetch for the
# files given, read with apt's own parser and none of the machine's sources.
apt_targets() {
  local d="$TMP/apt" f i=0
  rm -rf "$d"; mkdir -p "$d/parts" "$d/lists"
  for f; do
    i=$((i + 1))
    case "$f" in *.sources) cp "$f" "$d/parts/$i.sources" ;; *) cp "$f" "$d/parts/$i.list" ;; esac
  done
  apt-get -o Dir::Etc::SourceList="$d/none" -o Dir::Etc::SourceParts="$d/parts" -o Dir::State::Lists="$d/lists" \
    indextargets --no-release-info --format '$(CREATED_BY) $(REPO_URI) $(RELEASE) $(COMPONENT)' 2>"$TMP/apt.err" |
    grep -E '^(Packages|Sources) ' | sort -u
}
# The output gets a .sources name, as apt reads only .list and .sources files.
same_as_expected() { diff -u "$SAMPLES/$1.expected" "$TMP/$1.out.sources" >&2; }
# Every binary index gets a source index, and none that apt lacks a binary for.
apt_agrees() {
  local name="$1"
  apt_targets "$SAMPLES/$name" | sed -n 's/^Packages //p' >"$TMP/bin"
  apt_targets "$SAMPLES/$name" "$TMP/$name.out.sources" | sed -n 's/^Sources //p' >"$TMP/src"
  [ -s "$TMP/bin" ] && diff -u "$TMP/bin" "$TMP/src" >&2
}
no_duplicates() { ! grep -qi 'configured multiple times' "$TMP/apt.err"; }

for name in debian.sources sources.list disabled.sources has-src.sources has-src.list; do
  "$DEB_SRC" "$SAMPLES/$name" >"$TMP/$name.out.sources" 2>"$TMP/$name.err"; rc=$?
  check "deb-src $name exits 0" test $rc = 0
  check "deb-src $name prints the expected stanzas" same_as_expected "$name"
  check "apt finds a deb-src for each deb index of $name" apt_agrees "$name"
  check "apt finds no duplicate entry in $name with its deb-src" no_duplicates
done

"$DEB_SRC" "$SAMPLES/no-deb.list" >"$TMP/no-deb.out" 2>"$TMP/no-deb.err"; rc=$?
check "deb-src fails on a file with no deb entries" test $rc != 0
check "deb-src says why it failed" grep -q 'no enabled deb entries' "$TMP/no-deb.err"
check "deb-src prints no stanza when it fails" test ! -s "$TMP/no-deb.out"

"$DEB_SRC" "$TMP/absent.list" >/dev/null 2>"$TMP/absent.err"; rc=$?
check "deb-src fails on a missing file" test $rc != 0 -a -s "$TMP/absent.err"

# A URL whose host is a dotted name names a host; the loopback address of
# scripts/play and serve.mjs' placeholder base URL do not.
no_host() {
  ! grep -rnIiE '://([a-z0-9._~%-]+@)?([a-z0-9-]+\.)+[a-z][a-z0-9-]*|debian\.org' "$ROOT/scripts" >&2
}
check "no file under scripts/ names a package host" no_host

exit $failed
