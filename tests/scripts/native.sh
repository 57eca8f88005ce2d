# Sourced by the script tests that run the native tool (not a test itself:
# scripts/test runs *_test.sh). From the project root: $gamut, and check RC
# WHAT, which prints "ok - WHAT" or "not ok - WHAT" and sets bad on a finding.
gamut=build/native/gamut
[ -x $gamut ] || { echo "not ok - $gamut is not built"; exit 1; }
bad=0
check() { if [ "$1" = 0 ]; then echo "ok - $2"; else echo "not ok - $2"; bad=1; fi; }
