#!/usr/bin/env bash
# `npm test`: everything CI proves. Any failure exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n=== %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

step "Install"
bash scripts/ensure-install.sh
bash scripts/ensure-chromium.sh

step "Typecheck"
npm run --silent typecheck

step "Lint"
npm run --silent lint

step "Format check"
npm run --silent format:check

step "Unit tests"
if [ -f scripts/with-postgres.sh ]; then
  bash scripts/with-postgres.sh npx vitest run
else
  npx vitest run
fi

step "Build"
npm run --silent build -w @parley/web >/dev/null

step "End-to-end tests (Playwright, Chromium)"
npx playwright test -c e2e/playwright.config.ts

step "All checks passed"
