#!/usr/bin/env bash
# A test game (tests/games/<id>/) is the proof that a game needs only its own
# folder: the build, the data loading, the registry-driven tests, the fuzz
# seeds and the browser smoke tests find it by itself. For each test game:
#   - no tracked file outside its folder names its id, except documentation
#     (*.md: docs/adding-a-game.md uses it as the worked example);
#   - the commit that added its folder changed nothing outside it (skipped in
#     a shallow clone, whose first commit looks as if it added everything).
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "ok - test games: not a git checkout, nothing to check # SKIP"
  exit 0
fi
shallow=$(git rev-parse --is-shallow-repository)

# The files a commit changed outside `dir`.
outside() { git show --name-only --format= "$1" | grep -v "^$2" ; }

bad=0
n=0
for dir in tests/games/*/; do
  [ -d "$dir" ] || continue
  id=$(basename "$dir")
  n=$((n + 1))
  hits=$(git grep -n -w -e "$id" -- . ":(exclude)$dir" ':(exclude,glob)**/*.md')
  if [ -n "$hits" ]; then
    echo "not ok - files outside $dir name the test game $id:"; echo "$hits" | sed 's/^/    /'; bad=1
  else
    echo "ok - no file outside $dir names $id (docs aside)"
  fi
  added=$(git log --diff-filter=A --format=%H -- "$dir")
  first=$(sed -n '$p' <<<"$added")
  if [ "$shallow" = true ]; then
    echo "ok - the commit adding $dir: shallow clone, history not checked # SKIP"
  elif [ -z "$first" ]; then
    echo "ok - $dir is not committed yet, its adding commit is not checked # SKIP"
  else
    more=$(outside "$first" "$dir")
    if [ -n "$more" ]; then
      echo "not ok - commit $(git log -1 --format=%h "$first") added $dir and also changed:"; echo "$more" | sed 's/^/    /'
      bad=1
    else
      echo "ok - commit $(git log -1 --format=%h "$first") added $dir and changed nothing else"
    fi
  fi
done
[ "$n" -gt 0 ] || echo "ok - no test game in tests/games yet"
# The history check must be able to fail: the repository's first commit added far more than one folder.
if [ "$shallow" != true ]; then
  roots=$(git rev-list --max-parents=0 HEAD)
  root=$(sed -n '$p' <<<"$roots")
  if [ -n "$(outside "$root" tests/games/none/)" ]; then echo "ok - the check catches a commit that changed other files"
  else echo "not ok - the check missed the first commit's other files"; bad=1; fi
fi
exit $bad
