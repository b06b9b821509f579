#!/usr/bin/env bash
# A rolling restart of the Jono nodes of this machine behind nginx, with no failed request
# (README "Rolling restart"): for each port, mark the node `down` in the nginx site and reload
# (nginx sends it nothing more), restart jono@PORT (SIGTERM: it answers what is in flight, ends
# its live streams, whose clients reconnect to the other nodes with Last-Event-ID, and closes;
# then the new version starts and runs its expand-only migrations), wait for its /readyz, put it
# back and reload. deploy/src/rolling.ts does the same in the deployment test.
#
#   sudo deploy/rolling-restart.sh 3001 3002 3003
#
# NGINX_SITE: the site file holding the upstream (default /etc/nginx/conf.d/jono.conf);
# READY_TIMEOUT: seconds a node may take to answer /readyz (default 180).
set -euo pipefail
SITE=${NGINX_SITE:-/etc/nginx/conf.d/jono.conf}
READY_TIMEOUT=${READY_TIMEOUT:-180}
[ $# -gt 0 ] || { echo "usage: $0 PORT..." >&2; exit 2; }
[ -w "$SITE" ] || { echo "$SITE: not writable" >&2; exit 2; }

mark() { # mark PORT down|up
  local port=$1
  sed -E -i "s#^(\s*server 127\.0\.0\.1:${port}( [^;]*)?) down;#\1;#" "$SITE"
  if [ "$2" = down ]; then
    sed -E -i "s#^(\s*server 127\.0\.0\.1:${port}( [^;]*)?);#\1 down;#" "$SITE"
  fi
  grep -Eq "^\s*server 127\.0\.0\.1:${port}\b" "$SITE" || { echo "no node $port in $SITE" >&2; exit 1; }
  nginx -t -q
  nginx -s reload
  # The reload starts new workers; the old ones finish what they carry (worker_shutdown_timeout).
  sleep 2
}

trap 'echo "interrupted: check that no node is left marked down in $SITE" >&2' ERR
for port in "$@"; do
  echo "== $port: draining"
  mark "$port" down
  echo "== $port: restarting"
  systemctl restart "jono@$port"
  for ((i = 0; i < READY_TIMEOUT; i++)); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" && break
    sleep 1
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" || { echo "$port is not ready; left drained" >&2; exit 1; }
  echo "== $port: ready, back in the balancer"
  mark "$port" up
done
echo "== every node restarted"
