#!/usr/bin/env bash
# Starts the real server with the built customer app on a fresh temporary database, for Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f apps/web/dist/index.html ]; then
  npm run build -w apps/web
fi
DATA_DIR="$(mktemp -d -t jono-e2e-XXXXXX)"
export DATA_DIR
export PORT="${PORT:-3100}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
npm run serve &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$DATA_DIR"' EXIT INT TERM
wait "$server"
