#!/usr/bin/env bash
# npm run bench:first-render — what a page costs the first time it is shown, against an earlier
# build in the same run (scripts/bench/first-render.ts measures and prints the table; not part of
# the tests). Budgets: app CPU per first render of a course page ≤ 0.6× the earlier build's; the
# app's resident memory after 6,000 first renders within 10 % of the figure after 2,000.
#
# Started here, on the loopback: a fresh FerretDB (the first free port of 27110-27119, data in
# .data/bench-render/db) seeded with a large catalogue (scripts/bench/seed-large.ts); this tree's
# production build in .next-bench-render and the earlier build made from `git archive` of
# RENDER_BASE_REF in .data/bench-render/base (its node_modules hard-linked from this tree's, so both
# run on the same packages); both app servers at once, this one on 127.0.0.1:3470, the earlier one
# on 127.0.0.1:3471, on the same database. Everything it started is stopped on exit. Exits non-zero
# when a budget is missed.
#
#   RENDER_BASE_REF=b526b9b   the earlier build: the last commit before pages were kept by tag
#   RENDER_REUSE_BUILD=1      keep existing builds (the earlier one is kept per commit anyway)
#   RENDER_SAMPLE=300         course pages rendered first by each build for the CPU ratio
#   RENDER_MEMORY=1           0 skips the 2,000 → 6,000 renders of the memory budget
#   RENDER_COURSES=7000       courses in the seeded catalogue
#   RENDER_DB_PORT            FerretDB port (default: the first free one of 27110-27119)
#   RENDER_CPU_PROFILE=DIR    V8 CPU profiles of both apps into DIR (written when they stop)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

two_build_bench "$DATA_DIR/bench-render" .next-bench-render 3470 3471
BASE_REF="${RENDER_BASE_REF:-b526b9b}"
MEASURE_TIMEOUT=40m

# Starts an app server from SOURCE-DIR with DIST on PORT; its pid goes to PIDFILE.
start_app() { # source-dir dist port pidfile log
  local source="$1" dist="$2" port="$3" pidfile="$4" logfile="$5" profile=()
  [[ -n "${RENDER_CPU_PROFILE:-}" ]] && profile=(--cpu-prof --cpu-prof-dir="$(realpath -m "$RENDER_CPU_PROFILE")/$port")
  (cd "$source" && exec setsid env KZ_DIST_DIR="$dist" MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production \
    AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="http://127.0.0.1:$port" MAIL_OUTBOX_DIR="$WORK_DIR/outbox" NEXT_TELEMETRY_DISABLED=1 \
    node --max-semi-space-size=64 "${profile[@]}" "$(server_entry "$source")" -H 127.0.0.1 -p "$port") >"$logfile" 2>&1 &
  echo $! >"$pidfile"
  wait_for_app "http://127.0.0.1:$port" "$pidfile" "$logfile"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx ]] || ensure_node_modules
mkdir -p "$WORK_DIR"
two_build_cleanup # whatever an aborted earlier run left behind
trap two_build_cleanup EXIT
require_free_ports "the first-render bench" "$APP_PORT" "$BASE_PORT"
DB_PORT="$(database_port 27110 27119 RENDER_DB_PORT "the first-render bench")"
MONGODB_URI_BENCH="mongodb://127.0.0.1:$DB_PORT/kz_bench_render"

build_for_run "$DIST_DIR" "$WORK_DIR" "${RENDER_REUSE_BUILD:-}" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL"
build_earlier_commit "$BASE_REF" "$BASE_DIR" "$WORK_DIR/base-build.log" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$BASE_URL"

rm -rf "$WORK_DIR/db" "$WORK_DIR/outbox"
start_ferretdb "$DB_PORT" "$WORK_DIR/db" "$FERRET_PIDFILE"
log "seeding ${RENDER_COURSES:-7000} courses (log: $WORK_DIR/seed.log)"
MONGODB_URI="$MONGODB_URI_BENCH" node_modules/.bin/tsx --conditions=react-server scripts/bench/seed-large.ts --courses "${RENDER_COURSES:-7000}" >"$WORK_DIR/seed.log" 2>&1 \
  || { tail -30 "$WORK_DIR/seed.log"; die "seeding the first-render bench database failed"; }

# --- the two apps ------------------------------------------------------------------------------
start_app "$ROOT" "$DIST_DIR" "$APP_PORT" "$APP_PIDFILE" "$WORK_DIR/app.log"
start_app "$BASE_DIR" .next "$BASE_PORT" "$BASE_PIDFILE" "$WORK_DIR/base-app.log"
log "this build on $APP_URL (pid $(cat "$APP_PIDFILE")), ${BASE_REF} on $BASE_URL (pid $(cat "$BASE_PIDFILE"))"

# --- measurements ----------------------------------------------------------------------------
status=0
env RENDER_APP_URL="$APP_URL" RENDER_APP_PID="$(cat "$APP_PIDFILE")" RENDER_BASE_URL="$BASE_URL" RENDER_BASE_PID="$(cat "$BASE_PIDFILE")" \
  RENDER_BASE_LABEL="$(git rev-parse --short "$BASE_REF")" MONGODB_URI="$MONGODB_URI_BENCH" \
  timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx --conditions=react-server scripts/bench/first-render.ts || status=$?
exit "$status"
