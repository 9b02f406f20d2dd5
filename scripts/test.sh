#!/usr/bin/env bash
# `npm test`: everything CI proves. Any failure exits non-zero.
#
# Each phase prints its time when it ends; at the end (after a failure too) the phase table and the
# ten slowest end-to-end stories and unit test files are printed, so a regression shows where it
# happens. The suite's budget is in docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

report_dir=.test-report
rm -rf "$report_dir"
mkdir -p "$report_dir"
phases="$report_dir/phases.tsv"
: >"$phases"
suite_started=$EPOCHREALTIME

seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

# phase NAME CMD...: runs CMD, records its time and status, prints the time; fails when CMD fails.
phase() {
  local name=$1 started=$EPOCHREALTIME status=0
  shift
  printf '\n=== %s\n' "$name"
  "$@" || status=$?
  local took
  took=$(seconds_since "$started")
  printf '%s\t%s\t%s\n' "$name" "$took" "$([ "$status" -eq 0 ] && echo ok || echo "failed: exit $status")" >>"$phases"
  printf '=== %s: %s s%s\n' "$name" "$took" "$([ "$status" -eq 0 ] || echo ", FAILED")"
  return "$status"
}

report() {
  local status=$?
  if [ -x node_modules/.bin/tsx ]; then
    node --import tsx scripts/test-report.ts "$report_dir" || true
  fi
  printf '\n%s after %s s\n' "$([ "$status" -eq 0 ] && echo "All checks passed" || echo "FAILED")" \
    "$(seconds_since "$suite_started")"
}
trap report EXIT

install() { bash scripts/ensure-install.sh && bash scripts/ensure-chromium.sh; }
phase "Install" install

typecheck() {
  local project
  for project in packages/core packages/web packages/server packages/provider-sim e2e bench scripts; do
    node_modules/.bin/tsc -p "$project/tsconfig.json" || return $?
  done
}
lint() { npx eslint --max-warnings=0 --cache --cache-location node_modules/.cache/eslint/ .; }
format_check() { npx prettier --check --cache --log-level warn .; }
# One after the other: side by side they took as long (each keeps more than one core busy).
phase "Typecheck" typecheck
phase "Lint" lint
phase "Format check" format_check

# Unit tests, one package at a time (each uses both cores); the server's also on PostgreSQL.
unit() {
  local project=$1
  shift
  "$@" npx vitest run --project "$project*" \
    --reporter=default --reporter=json --outputFile.json="$report_dir/unit-$project.json"
}
phase "Unit: core" unit core
phase "Unit: web" unit web
phase "Unit: server" unit server bash scripts/with-postgres.sh
phase "Unit: provider-sim" unit provider-sim
phase "Unit: bench" unit bench
phase "Unit: scripts" unit scripts

build() { npm run --silent build -w @parley/web >/dev/null; }
phase "Build" build

e2e() { PARLEY_E2E_TIMINGS="$report_dir/e2e.json" npx playwright test -c e2e/playwright.config.ts; }
phase "End-to-end (Playwright, Chromium)" e2e
