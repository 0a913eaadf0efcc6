#!/usr/bin/env bash
# npm run bench:offline — opening a saved lesson with no connection (components/offline/ and the
# service worker, offline/service-worker.ts) on the production build, against its budget
# (scripts/bench/offline-open.ts measures and prints the table; not part of the tests):
#
#   a saved lesson opens in under a second offline: from asking for it (its own address, which the
#   service worker leads to the Saved screen, or a tap in the Saved screen's list) to its title and
#   its player or article on screen, p95 < 1000 ms, with no request reaching the network
#
# Started here, on the loopback: a fresh FerretDB (the first free port of 27150-27159, data in
# .data/bench-offline/db) seeded with the demo catalogue, a production build in .next-bench-offline
# (made without a database) and the app server (`serving/server.mjs`, whose background worker
# transcodes the demo clips) on 127.0.0.1:3450. Pids are kept in .data/bench-offline/*.pid;
# everything it started is stopped on exit. Exits non-zero when the budget is missed.
#
#   OFFLINE_BENCH_REUSE_BUILD=1   keep an existing .next-bench-offline build
#   OFFLINE_BENCH_RUNS=20         openings measured per way in
#   OFFLINE_BENCH_DB_PORT         FerretDB port (default: the first free one of 27150-27159)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

WORK_DIR="$DATA_DIR/bench-offline"
DIST_DIR=.next-bench-offline
APP_PORT=3450
APP_URL="http://127.0.0.1:$APP_PORT"
FERRET_PIDFILE="$WORK_DIR/ferretdb.pid"
APP_PIDFILE="$WORK_DIR/app.pid"
AUTH_SECRET_BENCH="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"

cleanup() {
  stop_group "$APP_PIDFILE" serving/server.mjs
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$WORK_DIR/snapshot" "$DIST_DIR"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx && -d node_modules/@playwright/test ]] || ensure_node_modules
ensure_ffmpeg
ensure_chromium
mkdir -p "$WORK_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
require_free_ports "the offline bench" "$APP_PORT"
DB_PORT="$(database_port 27150 27159 OFFLINE_BENCH_DB_PORT "the offline bench")"
MONGODB_URI_BENCH="mongodb://127.0.0.1:$DB_PORT/kz_bench_offline"

build_for_run "$DIST_DIR" "$WORK_DIR" "${OFFLINE_BENCH_REUSE_BUILD:-}" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL"

rm -rf "$WORK_DIR/db" "$WORK_DIR/outbox"
start_ferretdb "$DB_PORT" "$WORK_DIR/db" "$FERRET_PIDFILE"
MONGODB_URI="$MONGODB_URI_BENCH" timeout 10m node_modules/.bin/tsx --conditions=react-server scripts/seed.ts >"$WORK_DIR/seed.log" 2>&1 \
  || { tail -30 "$WORK_DIR/seed.log"; die "seeding the offline bench database failed"; }
log "seeded $MONGODB_URI_BENCH (log: $WORK_DIR/seed.log)"

# --- the app -----------------------------------------------------------------------------------
setsid env KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production \
  AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="$APP_URL" MAIL_OUTBOX_DIR="$WORK_DIR/outbox" NEXT_TELEMETRY_DISABLED=1 \
  serving/start -H 127.0.0.1 -p "$APP_PORT" >"$WORK_DIR/app.log" 2>&1 &
echo $! >"$APP_PIDFILE"
wait_for_app "$APP_URL" "$APP_PIDFILE" "$WORK_DIR/app.log"
log "app server (serving/server.mjs) on $APP_URL (pid $(cat "$APP_PIDFILE"))"

# --- measurements ----------------------------------------------------------------------------
OFFLINE_BENCH_BASE_URL="$APP_URL" timeout 15m node_modules/.bin/tsx scripts/bench/offline-open.ts
