#!/usr/bin/env bash
# The multi-instance test (part of `npm test`, scripts/test-all.sh): one build started twice on one
# fresh database, behind Debian's nginx taking the two in turn, and the rules of running several
# instances checked (scripts/multi-instance/checks.ts):
#
#   1. an edit on A is seen on B within 2 s (pages, search, API)
#   2. a price change on A is charged on B at once
#   3. wrong passwords spread over both instances lock the account after the same count as on one
#   4. the same order paid through both at once is fulfilled once (and a double-clicked order is one order)
#   5. a promo code limited to 5, raced for by 20 buyers through both, is used exactly 5 times
#   6. an SSLCommerz payment's IPN sent 10 times through both plus the buyer's return, at once: paid once
#   7. a bKash payment's callback on both plus its webhook notice to both, at once: paid once
#   8. nginx's microcache answers a public page within its second; an edit on A reaches it within 2 s
#   9. signed-in pages and answers that set a cookie are never kept by nginx
#  10. X-Accel-Expires only on cacheable public pages, and never passed on to visitors
#  11. SIGTERM of one instance mid-traffic: no failed request through the balancer
#
# A fresh FerretDB on 127.0.0.1:27060 (data in .data/multi-instance-db) seeded with the demo
# catalogue and a few accounts, a production build in .next-multi made before it, the local bKash
# and SSLCommerz simulators on 127.0.0.1:3703 and :3704 (scripts/payment-simulators/serve.ts; their
# IPNs, callbacks and SNS deliveries go to the balancer), instance A on 127.0.0.1:3701 and B on :3702
# (`serving/server.mjs`, identical settings, the simulators' included), and nginx on 127.0.0.1:3700
# running scripts/multi-instance/nginx.conf as its own process (never the system's nginx service).
# Pids are kept in .data/multi-instance/*.pid; everything this script started is stopped when it exits.
#
#   MULTI_REUSE_BUILD=1     keep an existing .next-multi build
#   MULTI_DB_PORT=27060 MULTI_LB_PORT=3700 MULTI_PORT_A=3701 MULTI_PORT_B=3702
#   MULTI_BKASH_SIMULATOR_PORT=3703 MULTI_SSLCOMMERZ_SIMULATOR_PORT=3704
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

MULTI_DIR="$DATA_DIR/multi-instance"
DB_DIR="$DATA_DIR/multi-instance-db"
NGINX_DIR="$MULTI_DIR/nginx"
DIST_DIR=.next-multi
DB_PORT="${MULTI_DB_PORT:-27060}"
LB_PORT="${MULTI_LB_PORT:-3700}"
PORT_A="${MULTI_PORT_A:-3701}"
PORT_B="${MULTI_PORT_B:-3702}"
BKASH_SIM_PORT="${MULTI_BKASH_SIMULATOR_PORT:-3703}"
SSL_SIM_PORT="${MULTI_SSLCOMMERZ_SIMULATOR_PORT:-3704}"
MONGODB_URI_MULTI="mongodb://127.0.0.1:$DB_PORT/kz_multi"
# The address visitors use: the balancer's.
SITE="http://127.0.0.1:$LB_PORT"
FERRET_PIDFILE="$MULTI_DIR/ferretdb.pid"
A_PIDFILE="$MULTI_DIR/instance-a.pid"
B_PIDFILE="$MULTI_DIR/instance-b.pid"
LB_PIDFILE="$MULTI_DIR/nginx.pid"
SIM_PIDFILE="$MULTI_DIR/payment-simulators.pid"
LOGIN_MAX_FAILURES=5
# Only the machine's own loopback is contacted, and no step may hang the run.
CHECKS_TIMEOUT=8m

cleanup() {
  stop_group "$LB_PIDFILE" nginx
  stop_group "$A_PIDFILE" serving/server.mjs
  stop_group "$B_PIDFILE" serving/server.mjs
  stop_group "$SIM_PIDFILE" payment-simulators/serve.ts
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$MULTI_DIR/snapshot" "$DIST_DIR"
}

nginx_binary() { command -v nginx 2>/dev/null || echo /usr/sbin/nginx; }

# start_instance LABEL PORT PIDFILE — the same build, database and secrets for every instance.
start_instance() {
  local label="$1" port="$2" pidfile="$3" pid
  # A background job of a non-interactive shell is not a group leader, so setsid makes it one
  # without forking: $! is the server's own pid and its process group (stop_group).
  setsid env \
    KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_MULTI" NODE_ENV=production \
    AUTH_SECRET="$AUTH_SECRET_MULTI" AUTH_TRUST_HOST=true SITE_URL="$SITE" \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$ACTIONS_KEY" TRUSTED_PROXY_HOPS=1 \
    ALLOW_SANDBOX_PAYMENTS=true MAIL_OUTBOX_DIR="$MULTI_DIR/outbox" SMS_PROVIDER=outbox \
    LOGIN_MAX_FAILURES="$LOGIN_MAX_FAILURES" LOGIN_MAX_FAILURES_PER_IP=1000 NEXT_TELEMETRY_DISABLED=1 \
    serving/start -H 127.0.0.1 -p "$port" >"$MULTI_DIR/instance-$label.log" 2>&1 &
  pid=$!
  echo "$pid" >"$pidfile"
  for _ in $(seq 1 50); do ps -p "$pid" -o args= 2>/dev/null | grep -q serving/server.mjs && return 0; sleep 0.1; done
  die "instance $label did not start as expected (pid $pid); see $MULTI_DIR/instance-$label.log"
}

wait_for_instance() { # label port pidfile
  local deadline=$((SECONDS + 90))
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "http://127.0.0.1:$2/login")" == 200 ]]; do
    kill -0 "$(cat "$3")" 2>/dev/null || { tail -20 "$MULTI_DIR/instance-$1.log"; die "instance $1 exited; see $MULTI_DIR/instance-$1.log"; }
    (( SECONDS < deadline )) || die "instance $1 did not answer /login with 200 within 90 s; see $MULTI_DIR/instance-$1.log"
    sleep 0.2
  done
}

start_balancer() {
  local nginx conf="$NGINX_DIR/nginx.conf" globals="daemon off;"
  nginx="$(nginx_binary)"
  rm -rf "$NGINX_DIR" && mkdir -p "$NGINX_DIR/logs" "$NGINX_DIR/tmp"
  sed -e "s/127\.0\.0\.1:3700;/127.0.0.1:$LB_PORT;/" -e "s/127\.0\.0\.1:3701 /127.0.0.1:$PORT_A /" -e "s/127\.0\.0\.1:3702 /127.0.0.1:$PORT_B /" \
    scripts/multi-instance/nginx.conf >"$conf"
  # Started as root, nginx runs its workers as another user: Debian's www-data, owning the temp dirs.
  if [[ "$(id -u)" == 0 ]]; then
    globals="$globals user www-data www-data;"
    chown -R www-data:www-data "$NGINX_DIR/tmp"
  fi
  "$nginx" -t -q -p "$NGINX_DIR/" -c "$conf" -e "$NGINX_DIR/logs/error.log" -g "$globals" \
    || die "nginx refused $conf (see above)"
  setsid "$nginx" -p "$NGINX_DIR/" -c "$conf" -e "$NGINX_DIR/logs/error.log" -g "$globals" >"$NGINX_DIR/logs/stderr.log" 2>&1 &
  echo $! >"$LB_PIDFILE"
  wait_for_port 127.0.0.1 "$LB_PORT" 10 || { cat "$NGINX_DIR/logs/error.log" >&2; die "nginx did not listen on 127.0.0.1:$LB_PORT"; }
  log "nginx on 127.0.0.1:$LB_PORT (pid $(cat "$LB_PIDFILE")), round robin over :$PORT_A and :$PORT_B"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx ]] || ensure_node_modules
install_debian_package nginx nginx-light nginx

mkdir -p "$MULTI_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
for port in "$DB_PORT" "$LB_PORT" "$PORT_A" "$PORT_B" "$BKASH_SIM_PORT" "$SSL_SIM_PORT"; do
  port_in_use "$port" && die "Port $port is in use by another program; the multi-instance test needs 127.0.0.1:$DB_PORT, :$LB_PORT, :$PORT_A, :$PORT_B, :$BKASH_SIM_PORT and :$SSL_SIM_PORT (MULTI_DB_PORT, MULTI_LB_PORT, MULTI_PORT_A, MULTI_PORT_B, MULTI_BKASH_SIMULATOR_PORT, MULTI_SSLCOMMERZ_SIMULATOR_PORT)."
done

RUN_STARTED=$SECONDS
# One secret set per run, the same for every instance: a session cookie or a server action's
# encrypted arguments from one instance must be good on the other.
AUTH_SECRET_MULTI="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"
ACTIONS_KEY="$(head -c 32 /dev/urandom | base64)"

# Build once, deploy twice: the build reads no database (server/platform/build-phase.ts), so it is made
# before the database even exists.
if [[ "${MULTI_REUSE_BUILD:-}" == 1 && -f "$ROOT/$DIST_DIR/BUILD_ID" ]]; then
  log "reusing the existing $DIST_DIR build (MULTI_REUSE_BUILD=1)"
else
  log "building into $DIST_DIR (log: $MULTI_DIR/build.log)"
  snapshot_project_files "$MULTI_DIR/snapshot"
  rm -rf "${ROOT:?}/$DIST_DIR"
  build_started=$SECONDS
  env -u MONGODB_URI KZ_DIST_DIR="$DIST_DIR" AUTH_SECRET="$AUTH_SECRET_MULTI" \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$ACTIONS_KEY" SITE_URL="$SITE" node_modules/.bin/next build >"$MULTI_DIR/build.log" 2>&1 \
    || { restore_project_files "$MULTI_DIR/snapshot" "$DIST_DIR"; tail -40 "$MULTI_DIR/build.log"; die "next build failed"; }
  restore_project_files "$MULTI_DIR/snapshot" "$DIST_DIR"
  log "build took $((SECONDS - build_started)) s"
  RUN_STARTED=$((RUN_STARTED + SECONDS - build_started))
fi

rm -rf "$DB_DIR" "$MULTI_DIR/outbox" "$MULTI_DIR"/instance-*.log "$MULTI_DIR"/payment-simulators.*
start_ferretdb "$DB_PORT" "$DB_DIR" "$FERRET_PIDFILE"
MONGODB_URI="$MONGODB_URI_MULTI" node_modules/.bin/tsx --conditions=react-server scripts/seed.ts >"$MULTI_DIR/seed.log" 2>&1 \
  || { tail -30 "$MULTI_DIR/seed.log"; die "seeding the multi-instance database failed"; }
MONGODB_URI="$MONGODB_URI_MULTI" node_modules/.bin/tsx --conditions=react-server scripts/multi-instance/seed-accounts.ts >>"$MULTI_DIR/seed.log" 2>&1 \
  || { tail -30 "$MULTI_DIR/seed.log"; die "seeding the multi-instance accounts failed"; }
log "seeded $MONGODB_URI_MULTI (log: $MULTI_DIR/seed.log)"

# --- the payment simulators, two instances and the balancer -----------------------------------
# The simulators export the instances' settings for them (SSLCOMMERZ_*, BKASH_*); what they post
# to the shop (IPNs, SNS notices) and where they send the buyer back go to the balancer.
start_payment_simulators "$BKASH_SIM_PORT" "$SSL_SIM_PORT" "$SITE" "$SIM_PIDFILE" "$MULTI_DIR"
started=$SECONDS
start_instance a "$PORT_A" "$A_PIDFILE"
start_instance b "$PORT_B" "$B_PIDFILE"
wait_for_instance a "$PORT_A" "$A_PIDFILE"
wait_for_instance b "$PORT_B" "$B_PIDFILE"
log "instance A on 127.0.0.1:$PORT_A (pid $(cat "$A_PIDFILE")), B on 127.0.0.1:$PORT_B (pid $(cat "$B_PIDFILE")), ready in $((SECONDS - started)) s"
start_balancer

# --- checks ----------------------------------------------------------------------------------
status=0
env MULTI_A_URL="http://127.0.0.1:$PORT_A" MULTI_B_URL="http://127.0.0.1:$PORT_B" MULTI_LB_URL="http://127.0.0.1:$LB_PORT" \
  MULTI_A_PIDFILE="$A_PIDFILE" MULTI_MONGODB_URI="$MONGODB_URI_MULTI" MULTI_OUTBOX_DIR="$MULTI_DIR/outbox" \
  MULTI_LB_ACCESS_LOG="$NGINX_DIR/logs/access.log" MULTI_LOGIN_MAX_FAILURES="$LOGIN_MAX_FAILURES" \
  MULTI_BKASH_SIMULATOR_URL="http://127.0.0.1:$BKASH_SIM_PORT" MULTI_SSLCOMMERZ_SIMULATOR_URL="http://127.0.0.1:$SSL_SIM_PORT" \
  timeout "$CHECKS_TIMEOUT" node_modules/.bin/tsx scripts/multi-instance/checks.ts || status=$?
log "multi-instance test finished in $(( (SECONDS - RUN_STARTED) / 60 )) min $(( (SECONDS - RUN_STARTED) % 60 )) s (without the build; logs in $MULTI_DIR)"
exit "$status"
