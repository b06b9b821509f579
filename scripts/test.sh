#!/usr/bin/env bash
# The one test command: install, lint, typecheck, unit/API/component tests (PGlite, then real
# PostgreSQL when TEST_DATABASE_URL is set), the two-node deployment behind nginx (with nginx and
# TEST_DATABASE_URL), then the Playwright end-to-end suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

echo "== Node.js $(node --version)"
echo "== lint";      npm run lint
echo "== typecheck"; npm run typecheck
echo "== unit, API and component tests (PGlite)"
npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API tests against PostgreSQL ($(echo "$TEST_DATABASE_URL" | sed -E 's#//[^@]*@#//***@#'))"
  DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project @jono/server
else
  echo "== TEST_DATABASE_URL not set: skipping the PostgreSQL run (.ci/run sets it)"
fi

if [ -n "${TEST_DATABASE_URL:-}" ] && [ -x /usr/sbin/nginx ]; then
  echo "== deployment: two nodes behind nginx on PostgreSQL, one killed under load (deploy/)"
  npm test -w deploy
else
  echo "== no nginx or no TEST_DATABASE_URL: skipping the deployment test (.ci/run has both)"
fi

if [ -d e2e/tests ] && [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "== end-to-end (Playwright, Chromium)"
  npm run build
  npm run test:e2e
else
  echo "== no Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium}: skipping end-to-end tests"
fi
