#!/usr/bin/env bash
# npm run bench:cache-churn — the page cache while the site changes (scripts/bench/cache-churn.ts
# measures and prints the table; not part of the tests): 50 connections browse 200 warm public
# pages (home, 21 lists, 130 courses, 48 books) with wrk, without writes and while a review is
# posted every 2 s and a sale made every 2 s, in the same run. Budgets: page-cache hit share ≥ 99 %,
# req/s ≥ 0.9× and p95 ≤ 1.2× the same browse without writes.
#
# Started here, on the loopback: a fresh FerretDB (the first free port of 27090-27099, data in
# .data/bench-churn/db) seeded with a large catalogue (scripts/bench/seed-large.ts), a production
# build in .next-bench-churn (made without a database), and the app server (`serving/server.mjs`) on
# 127.0.0.1:3460. Pids are kept in .data/bench-churn/*.pid; everything it started is stopped on exit.
# Exits non-zero when a budget is missed.
#
#   CHURN_REUSE_BUILD=1   keep an existing .next-bench-churn build
#   CHURN_SECONDS=20      seconds per measured run
#   CHURN_COURSES=2000    courses in the seeded catalogue
#   CHURN_DB_PORT         FerretDB port (default: the first free one of 27090-27099)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

WORK_DIR="$DATA_DIR/bench-churn"
DIST_DIR=.next-bench-churn
APP_PORT=3460
APP_URL="http://127.0.0.1:$APP_PORT"
FERRET_PIDFILE="$WORK_DIR/ferretdb.pid"
APP_PIDFILE="$WORK_DIR/app.pid"
AUTH_SECRET_BENCH="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"
MEASURE_TIMEOUT=15m

cleanup() {
  stop_group "$APP_PIDFILE" serving/server.mjs
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$WORK_DIR/snapshot" "$DIST_DIR"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx ]] || ensure_node_modules
install_debian_package wrk wrk
mkdir -p "$WORK_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
require_free_ports "the cache-churn bench" "$APP_PORT"
DB_PORT="$(database_port 27090 27099 CHURN_DB_PORT "the cache-churn bench")"
MONGODB_URI_BENCH="mongodb://127.0.0.1:$DB_PORT/kz_bench_churn"

build_for_run "$DIST_DIR" "$WORK_DIR" "${CHURN_REUSE_BUILD:-}" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL"

rm -rf "$WORK_DIR/db" "$WORK_DIR/outbox"
start_ferretdb "$DB_PORT" "$WORK_DIR/db" "$FERRET_PIDFILE"
log "seeding ${CHURN_COURSES:-2000} courses (log: $WORK_DIR/seed.log)"
MONGODB_URI="$MONGODB_URI_BENCH" node_modules/.bin/tsx --conditions=react-server scripts/bench/seed-large.ts --courses "${CHURN_COURSES:-2000}" >"$WORK_DIR/seed.log" 2>&1 \
  || { tail -30 "$WORK_DIR/seed.log"; die "seeding the cache-churn bench database failed"; }

# --- the app -----------------------------------------------------------------------------------
setsid env KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production \
  AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="$APP_URL" MAIL_OUTBOX_DIR="$WORK_DIR/outbox" NEXT_TELEMETRY_DISABLED=1 \
  serving/start -H 127.0.0.1 -p "$APP_PORT" >"$WORK_DIR/app.log" 2>&1 &
echo $! >"$APP_PIDFILE"
wait_for_app "$APP_URL" "$APP_PIDFILE" "$WORK_DIR/app.log"
log "app server (serving/server.mjs) on $APP_URL (pid $(cat "$APP_PIDFILE"))"

# --- measurements ----------------------------------------------------------------------------
status=0
# The sales are fulfilled in the measuring process, receipts included: the app's settings for those.
env CHURN_BASE_URL="$APP_URL" MONGODB_URI="$MONGODB_URI_BENCH" MAIL_OUTBOX_DIR="$WORK_DIR/outbox" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL" \
  CHURN_WORK_DIR="$WORK_DIR" CHURN_APP_PID="$(cat "$APP_PIDFILE")" \
  timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx --conditions=react-server scripts/bench/cache-churn.ts || status=$?
exit "$status"
