#!/usr/bin/env bash
# The project's shell scripts run with pipefail, where a reader that stops
# early (head, grep -q, grep -m) can kill its writer with SIGPIPE and fail the
# script at random: emcc --version | head -1 once failed CI that way. Such
# pipes are not used; read the whole output first (sed -n 1p, a variable).
# Prints "ok - ..." or "not ok - ..." and exits non-zero on a finding.
set -uo pipefail
cd "$(dirname "$0")/../.."
files=$(grep -lE "^set -[a-z]*o pipefail" scripts/* tests/scripts/*.sh .ci/run 2>/dev/null | grep -v pipes_test.sh)
pattern='\|[[:space:]]*(head|grep[[:space:]]+(-[a-zA-Z]*[qm]))'
hits=$(grep -nE "$pattern" $files | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#|pattern=')
if [ -z "$hits" ]; then
  echo "ok - no early-closing reader in a pipefail pipe ($(echo $files | wc -w) scripts)"
else
  echo "not ok - an early-closing reader in a pipefail pipe:"; echo "$hits" | sed 's/^/    /'; exit 1
fi
probe=$(printf 'x=$(emcc --version | head -1)\n' | grep -cE "$pattern")
if [ "$probe" = 1 ]; then echo "ok - the check catches a planted | head"; else echo "not ok - the check missed a planted | head"; exit 1; fi
