#!/usr/bin/env bash
# Starts the real server with the built customer app on a fresh temporary database, for Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
# The server lists the apps' files when it starts: both must be built first.
[ -f apps/web/dist/index.html ] || npm run build -w apps/web
[ -f apps/staff/dist/index.html ] || npm run build -w apps/staff
DATA_DIR="$(mktemp -d -t jono-e2e-XXXXXX)"
export DATA_DIR
export PORT="${PORT:-3100}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
# Every journey registers a fresh customer from 127.0.0.1: keep the limits out of the way.
export RELAXED_RATE_LIMITS=true
# The journeys expect today's demo queues only, without eight weeks of history to learn from.
export SEED_HISTORY="${SEED_HISTORY:-off}"
# The Finnish market's customer survey, offered after leaving the queue in Finnish.
export SURVEY_URLS="${SURVEY_URLS:-fi=https://survey.jono.test/fi}"
npm run serve &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$DATA_DIR"' EXIT INT TERM
wait "$server"
