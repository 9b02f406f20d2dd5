#!/usr/bin/env bash
# `npm start`: install when needed, build the web app, serve app + API on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-install.sh
echo "> Building the web app..."
npm run build --silent -w @parley/web >/dev/null
exec node --import tsx packages/server/src/main.ts
