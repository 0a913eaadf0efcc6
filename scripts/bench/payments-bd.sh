#!/usr/bin/env bash
# npm run bench:payments — payments in taka (bKash, SSLCommerz) on the production build, against
# their budgets (scripts/bench/payments-bd.ts measures and prints the table; not part of the tests):
#
#   1. POST /api/payments/start by 20 buyers at once (each their own account and order), the
#      simulator's own time for its create/session call taken out: p95 < 150 ms
#   2. the provider's confirmation (the SSLCommerz IPN, the bKash callback) to the buyer's access
#      (GET /api/paidOrder lists the order paid), over 40 payments: p95 < 1 s
#
# Started here, on the loopback: a fresh FerretDB (the first free port of 27080-27089, data in
# .data/bench-payments/db) seeded with the demo catalogue, a production build in .next-bench-payments
# (made without a database), the bKash and SSLCommerz simulators (scripts/payment-simulators/serve.ts)
# on 127.0.0.1:3453 and :3454, and the app server (`serving/server.mjs`) on 127.0.0.1:3450, which
# reaches the simulators' APIs through payments-bd.ts's timing relays on :3451 (bKash) and :3452
# (SSLCommerz). Pids are kept in .data/bench-payments/*.pid; everything it started is stopped on exit.
# Exits non-zero when a budget is missed.
#
#   PAYBENCH_REUSE_BUILD=1   keep an existing .next-bench-payments build
#   PAYBENCH_BUYERS=20       buyers starting payments at once
#   PAYBENCH_ROUNDS=5        rounds of starts per method (each start a fresh order)
#   PAYBENCH_DB_PORT         FerretDB port (default: the first free one of 27080-27089)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

WORK_DIR="$DATA_DIR/bench-payments"
DIST_DIR=.next-bench-payments
APP_PORT=3450
BKASH_RELAY_PORT=3451
SSL_RELAY_PORT=3452
BKASH_SIM_PORT=3453
SSL_SIM_PORT=3454
APP_URL="http://127.0.0.1:$APP_PORT"
FERRET_PIDFILE="$WORK_DIR/ferretdb.pid"
APP_PIDFILE="$WORK_DIR/app.pid"
SIM_PIDFILE="$WORK_DIR/payment-simulators.pid"
AUTH_SECRET_BENCH="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"
# Only the loopback is contacted, and no step may hang the run.
MEASURE_TIMEOUT=10m

cleanup() {
  stop_group "$APP_PIDFILE" serving/server.mjs
  stop_group "$SIM_PIDFILE" payment-simulators/serve.ts
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$WORK_DIR/snapshot" "$DIST_DIR"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx ]] || ensure_node_modules
mkdir -p "$WORK_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
require_free_ports "the payments bench" "$APP_PORT" "$BKASH_RELAY_PORT" "$SSL_RELAY_PORT" "$BKASH_SIM_PORT" "$SSL_SIM_PORT"
DB_PORT="$(database_port 27080 27089 PAYBENCH_DB_PORT "the payments bench")"
MONGODB_URI_BENCH="mongodb://127.0.0.1:$DB_PORT/kz_bench_payments"

build_for_run "$DIST_DIR" "$WORK_DIR" "${PAYBENCH_REUSE_BUILD:-}" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL"

rm -rf "$WORK_DIR/db" "$WORK_DIR/outbox"
start_ferretdb "$DB_PORT" "$WORK_DIR/db" "$FERRET_PIDFILE"
MONGODB_URI="$MONGODB_URI_BENCH" node_modules/.bin/tsx --conditions=react-server scripts/seed.ts >"$WORK_DIR/seed.log" 2>&1 \
  || { tail -30 "$WORK_DIR/seed.log"; die "seeding the payments bench database failed"; }
log "seeded $MONGODB_URI_BENCH (log: $WORK_DIR/seed.log)"

# --- the simulators and the app ----------------------------------------------------------------
# The simulators export the app's settings for them; the app's API addresses are then pointed at the
# timing relays in front of them, so the bench knows how long each call spent in the simulator.
# ALLOW_SANDBOX_PAYMENTS: a production build takes orders only while a card checkout is configured
# (server/commerce/payments/index.ts), as in the other benches.
start_payment_simulators "$BKASH_SIM_PORT" "$SSL_SIM_PORT" "$APP_URL" "$SIM_PIDFILE" "$WORK_DIR"
setsid env KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production ALLOW_SANDBOX_PAYMENTS=true \
  AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="$APP_URL" MAIL_OUTBOX_DIR="$WORK_DIR/outbox" \
  BKASH_API_URL="http://127.0.0.1:$BKASH_RELAY_PORT${BKASH_API_URL#http://127.0.0.1:"$BKASH_SIM_PORT"}" \
  SSLCOMMERZ_API_URL="http://127.0.0.1:$SSL_RELAY_PORT" NEXT_TELEMETRY_DISABLED=1 \
  serving/start -H 127.0.0.1 -p "$APP_PORT" >"$WORK_DIR/app.log" 2>&1 &
echo $! >"$APP_PIDFILE"
wait_for_app "$APP_URL" "$APP_PIDFILE" "$WORK_DIR/app.log"
log "app server (serving/server.mjs) on $APP_URL (pid $(cat "$APP_PIDFILE"))"

# --- measurements ----------------------------------------------------------------------------
status=0
env PAYBENCH_BASE_URL="$APP_URL" PAYBENCH_MONGODB_URI="$MONGODB_URI_BENCH" MONGODB_URI="$MONGODB_URI_BENCH" \
  PAYBENCH_BKASH_SIMULATOR_URL="http://127.0.0.1:$BKASH_SIM_PORT" PAYBENCH_SSLCOMMERZ_SIMULATOR_URL="http://127.0.0.1:$SSL_SIM_PORT" \
  PAYBENCH_BKASH_RELAY_PORT="$BKASH_RELAY_PORT" PAYBENCH_SSLCOMMERZ_RELAY_PORT="$SSL_RELAY_PORT" \
  PAYBENCH_APP_PID="$(cat "$APP_PIDFILE")" PAYBENCH_DB_PID="$(cat "$FERRET_PIDFILE")" \
  timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx --conditions=react-server scripts/bench/payments-bd.ts || status=$?
exit "$status"
