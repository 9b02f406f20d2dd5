#!/usr/bin/env bash
# The end-to-end tests and benchmarks drive Debian's Chromium; Playwright never downloads a browser.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
install_cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium"
if [ "$(id -u)" = "0" ]; then
  echo "> Installing Debian's chromium (needed by the end-to-end tests)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at /usr/bin/chromium. Install it as root with:" >&2
  echo "  sudo sh -c '$install_cmd'" >&2
  exit 1
fi
