#!/usr/bin/env bash
# Restarts every instance nginx balances, one after the other, losing no request: each is taken
# out of nginx's pool first (marked `down`, nginx reloaded: new requests go to the others, and the
# old workers finish what they had sent it), restarted, and put back once /readyz answers.
#
#   sudo deploy/rolling-restart.sh            # after updating the code in /srv/portal
#
# Settings (environment): UPSTREAMS (the instances' list, /etc/nginx/portal-upstreams.conf),
# RELOAD_COMMAND (`nginx -s reload`), RESTART_COMMAND (`systemctl restart portal@{port}`;
# `{port}` is replaced), DRAIN_SECONDS (2: how long in-flight requests get before the restart),
# READY_TIMEOUT (120 s: how long an instance may take to be ready again).
set -euo pipefail

UPSTREAMS=${UPSTREAMS:-/etc/nginx/portal-upstreams.conf}
RELOAD_COMMAND=${RELOAD_COMMAND:-nginx -s reload}
RESTART_COMMAND=${RESTART_COMMAND:-systemctl restart portal@\{port\}}
DRAIN_SECONDS=${DRAIN_SECONDS:-2}
READY_TIMEOUT=${READY_TIMEOUT:-120}

ports=$(grep -oE '^\s*server\s+127\.0\.0\.1:[0-9]+' "$UPSTREAMS" | grep -oE '[0-9]+$')
count=$(echo "$ports" | wc -w)
if [ "$count" -lt 2 ]; then
  echo "rolling-restart: $UPSTREAMS lists $count instance(s); at least 2 are needed to restart without a gap" >&2
  exit 2
fi

mark() { # mark PORT down|up
  if [ "$2" = down ]; then
    sed -i -E "s/^(\s*server\s+127\.0\.0\.1:$1\b[^;]*[^n;])(;)/\1 down\2/" "$UPSTREAMS"
  else
    sed -i -E "s/^(\s*server\s+127\.0\.0\.1:$1\b[^;]*) down;/\1;/" "$UPSTREAMS"
  fi
  $RELOAD_COMMAND
}

for port in $ports; do
  echo "rolling-restart: instance $port out of the pool"
  mark "$port" down
  sleep "$DRAIN_SECONDS"
  echo "rolling-restart: restarting instance $port"
  eval "${RESTART_COMMAND//\{port\}/$port}"
  waited=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz"; do
    sleep 0.5
    waited=$((waited + 1))
    if [ "$waited" -gt $((READY_TIMEOUT * 2)) ]; then
      echo "rolling-restart: instance $port not ready after ${READY_TIMEOUT} s; it stays out of the pool" >&2
      exit 1
    fi
  done
  mark "$port" up
  echo "rolling-restart: instance $port back in the pool"
done
