#!/usr/bin/env bash
# Installs dependencies exactly as locked when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "> Installing dependencies (npm ci)..."
  npm ci --engine-strict --no-audit --no-fund
fi
