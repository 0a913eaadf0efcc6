#!/usr/bin/env bash
# npm run bench:funnel — a new learner's way from a course page to its first lesson on an emulated
# slow 4G phone, this build against an earlier one in the same run (scripts/bench/funnel.ts walks
# it and prints the table: median time, clicks, screens; not part of the tests).
#
# Started here, on the loopback: a fresh FerretDB (the first free port of 27120-27129, data in
# .data/bench-funnel/db) with two databases, each seeded with the demo catalogue by its own build's
# seed; this tree's production build in .next-bench-funnel and the earlier build (FUNNEL_BASE_REF,
# made from `git archive` into .data/bench-funnel/base, this tree's node_modules hard-linked); the
# app servers on 127.0.0.1:3480 (this) and :3481 (earlier), both taking sandbox card payments.
# Everything it started is stopped on exit.
#
#   FUNNEL_BASE_REF=3215af4^   the earlier build: the last commit before Buy Now went straight to paying
#   FUNNEL_REUSE_BUILD=1       keep an existing build of this tree (the earlier one is kept per commit anyway)
#   FUNNEL_RUNS=3              walks per build
#   FUNNEL_DB_PORT             FerretDB port (default: the first free one of 27120-27129)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

two_build_bench "$DATA_DIR/bench-funnel" .next-bench-funnel 3480 3481
BASE_REF="${FUNNEL_BASE_REF:-3215af4^}"
MEASURE_TIMEOUT=20m

# Seeds DATABASE with SOURCE-DIR's own demo seed, then starts that tree's app server on PORT.
start_app() { # source-dir dist port database pidfile log
  local source="$1" dist="$2" port="$3" uri="mongodb://127.0.0.1:$DB_PORT/$4" pidfile="$5" logfile="$6"
  (cd "$source" && MONGODB_URI="$uri" node_modules/.bin/tsx --conditions=react-server scripts/seed.ts) >"$logfile.seed" 2>&1 \
    || { tail -30 "$logfile.seed"; die "seeding $4 failed"; }
  (cd "$source" && exec setsid env KZ_DIST_DIR="$dist" MONGODB_URI="$uri" NODE_ENV=production ALLOW_SANDBOX_PAYMENTS=true \
    AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="http://127.0.0.1:$port" MAIL_OUTBOX_DIR="$WORK_DIR/outbox" NEXT_TELEMETRY_DISABLED=1 \
    node --max-semi-space-size=64 "$(server_entry "$source")" -H 127.0.0.1 -p "$port") >"$logfile" 2>&1 &
  echo $! >"$pidfile"
  wait_for_app "http://127.0.0.1:$port" "$pidfile" "$logfile"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx ]] || ensure_node_modules
mkdir -p "$WORK_DIR"
two_build_cleanup # whatever an aborted earlier run left behind
trap two_build_cleanup EXIT
require_free_ports "the funnel bench" "$APP_PORT" "$BASE_PORT"
DB_PORT="$(database_port 27120 27129 FUNNEL_DB_PORT "the funnel bench")"

build_for_run "$DIST_DIR" "$WORK_DIR" "${FUNNEL_REUSE_BUILD:-}" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL"
build_earlier_commit "$BASE_REF" "$BASE_DIR" "$WORK_DIR/base-build.log" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$BASE_URL"

rm -rf "$WORK_DIR/db" "$WORK_DIR/outbox"
start_ferretdb "$DB_PORT" "$WORK_DIR/db" "$FERRET_PIDFILE"
start_app "$ROOT" "$DIST_DIR" "$APP_PORT" kz_bench_funnel "$APP_PIDFILE" "$WORK_DIR/app.log"
start_app "$BASE_DIR" .next "$BASE_PORT" kz_bench_funnel_base "$BASE_PIDFILE" "$WORK_DIR/base-app.log"
log "this build on $APP_URL, $(git rev-parse --short "$BASE_REF") on $BASE_URL"

# --- measurements ----------------------------------------------------------------------------
status=0
env FUNNEL_APP_URL="$APP_URL" FUNNEL_BASE_URL="$BASE_URL" FUNNEL_BASE_LABEL="$(git rev-parse --short "$BASE_REF")" \
  timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx scripts/bench/funnel.ts || status=$?
exit "$status"
