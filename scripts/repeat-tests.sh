#!/usr/bin/env bash
# Runs the realtime and browser suites many times in a row to find flaky tests (issue 18's
# acceptance: 20 consecutive runs without a failure). Every run is a fresh `vitest run`; a failing
# run's output is kept in test-results/repeat/run-<n>.log.
#
#   scripts/repeat-tests.sh              20 runs of the realtime suites and the browser smoke
#   scripts/repeat-tests.sh 5            5 runs
#   E2E=full scripts/repeat-tests.sh     the full browser suite instead of the smoke
#   scripts/repeat-tests.sh 20 server/routes/realtime-sdk.test.ts   other test files
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-20}"
shift || true
if [ $# -gt 0 ]; then
  files=("$@")
else
  files=(
    server/routes/realtime-sdk.test.ts
    server/modules/tenancy.test.ts
    server/core/realtime/cascade-delete.test.ts
    server/http/sse-stream.test.ts
    server/modules/guest-menu/guest-menu.test.ts
    web/e2e/
  )
fi

mkdir -p test-results/repeat
passed=0
failed=0
started=$(date +%s)
for i in $(seq 1 "$runs"); do
  log="test-results/repeat/run-$i.log"
  run_start=$(date +%s)
  if npx vitest run "${files[@]}" >"$log" 2>&1; then
    passed=$((passed + 1))
    rm -f "$log"
    echo "run $i/$runs: passed in $(( $(date +%s) - run_start )) s"
  else
    failed=$((failed + 1))
    echo "run $i/$runs: FAILED in $(( $(date +%s) - run_start )) s (log: $log)"
    grep -E "FAIL|×" "$log" | head -5
  fi
done
echo "$runs runs in $(( $(date +%s) - started )) s: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
