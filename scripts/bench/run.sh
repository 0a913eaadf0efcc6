#!/usr/bin/env bash
# npm run bench — the benchmark suite (not part of the test suite).
#
# A fresh FerretDB with two seeded catalogues (large: 10,000 courses; small: 1,000 for the growth
# comparison), a production build in .next-bench (made without a database), the app server (`serving/server.mjs`) on
# 127.0.0.1:3400 and nginx on 127.0.0.1:3401 serving the same response bytes as static files;
# for the growth phase a second app server on 127.0.0.1:3402 serves the small catalogue. The bench
# user has paid for a book with a 50 MB MP3, downloaded while the app server's memory is sampled,
# and for a course with a curriculum (articles, a 200 MB video lesson and quizzes with a few thousand
# open attempts) and progress in it: the lesson player, progress writes and quiz grading are
# measured under load, the video while viewers seek in it; a certificate of another course gives
# the certificate PDF's time to single requests. Lighthouse audits every public page type and the
# lesson player in English and Bengali; first-load JS per route is judged against a bare Next page
# built on the same packages (scripts/bench/bare-next.ts, kept in .data/bench-bare-next per version).
# Writes bench/results/latest.md and latest.json. Everything it starts, it stops on exit.
#
# Settings (environment):
#   BENCH_SECONDS=10            seconds per load level against the app
#   BENCH_NGINX_SECONDS=3       seconds per load level against nginx
#   BENCH_CONNECTIONS=1,10,20,50,200  BENCH_GROWTH_CONNECTIONS=50 (each growth level runs twice)
#   BENCH_REUSE_BUILD=1         keep an existing .next-bench build
#   BENCH_LIGHTHOUSE=0          skip Lighthouse
#   BENCH_LIGHTHOUSE_RUNS=3     mobile audits per page (the median decides; desktop runs once)
#   BENCH_COURSES=10000 BENCH_SMALL_COURSES=1000
#   BENCH_LESSON_VIDEO_MB=200   size of the learning course's video lesson (0: the demo clip, and no video memory measurement)
#   BENCH_DB_PORT               FerretDB port (default: the first free one of 27040-27049)
#   BENCH_NOTE                  a sentence printed at the top of the report (e.g. "measured under load")
#   BENCH_PAGE_CACHE=off        measure without the shared page cache (Next's own ISR cache only)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

BENCH_DIR="$DATA_DIR/bench-db"
DIST_DIR=.next-bench
APP_PORT=3400
NGINX_PORT=3401
APP_ORIGIN="http://localhost:$APP_PORT"
LARGE_COURSES="${BENCH_COURSES:-10000}"
LESSON_VIDEO_MB="${BENCH_LESSON_VIDEO_MB:-200}"
SMALL_COURSES="${BENCH_SMALL_COURSES:-1000}"
FERRET_PIDFILE="$BENCH_DIR/ferretdb.pid"
NEXT_PIDFILE="$BENCH_DIR/next.pid"
NEXT_SMALL_PIDFILE="$BENCH_DIR/next-small.pid"
SMALL_APP_PORT=3402
NGINX_PIDFILE="$BENCH_DIR/nginx-master.pid"
NGINX_DIR="$BENCH_DIR/nginx"
STATIC_DIR="$BENCH_DIR/static"
# Only the machine's own loopback is ever contacted, and no step may hang the run. The main phase
# holds about a hundred Lighthouse audits (twenty pages) besides the load levels.
MEASURE_TIMEOUT=70m

stop_ferretdb() {
  [[ -f "$FERRET_PIDFILE" ]] || return 0
  if ps -p "$(cat "$FERRET_PIDFILE")" -o args= 2>/dev/null | grep -q ferretdb; then stop_pidfile "$FERRET_PIDFILE"; else rm -f "$FERRET_PIDFILE"; fi
}

cleanup() {
  stop_group "$NEXT_PIDFILE" serving/server.mjs
  stop_group "$NEXT_SMALL_PIDFILE" serving/server.mjs
  stop_group "$NGINX_PIDFILE" nginx
  stop_ferretdb
  restore_project_files "$BENCH_DIR/snapshot" "$DIST_DIR"
}

start_app() { # mongodb-uri label port pidfile
  local uri="$1" label="$2" port="$3" pidfile="$4"
  stop_group "$pidfile" serving/server.mjs
  # ALLOW_SANDBOX_PAYMENTS: payment-intent creation is measured on the sandbox gateway, which a
  # production build refuses (503) unless told so.
  setsid env KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$uri" NODE_ENV=production PAGE_CACHE="${BENCH_PAGE_CACHE:-on}" ALLOW_SANDBOX_PAYMENTS=true \
    AUTH_SECRET=bench-only-secret-0123456789abcdef AUTH_TRUST_HOST=true SITE_URL="http://localhost:$port" \
    NEXT_TELEMETRY_DISABLED=1 serving/start -H 127.0.0.1 -p "$port" >"$BENCH_DIR/next-$label.log" 2>&1 &
  echo $! >"$pidfile"
  wait_for_port 127.0.0.1 "$port" 60 || die "the app server did not listen on $port; see $BENCH_DIR/next-$label.log"
  local code=000
  for _ in $(seq 1 60); do
    code="$(curl -s -o /dev/null -m 10 -w '%{http_code}' "http://127.0.0.1:$port/login" || true)"
    [[ "$code" != 000 ]] && break
    sleep 0.5
  done
  [[ "$code" != 000 ]] || die "the app server is not answering; see $BENCH_DIR/next-$label.log"
  log "app server (serving/server.mjs) on 127.0.0.1:$port against the $label catalogue (pid $(cat "$pidfile"))"
}

measure() { # phase [extra env...]
  local phase="$1"; shift
  local quiet_pids
  quiet_pids="$(cat "$NEXT_PIDFILE" "$NEXT_SMALL_PIDFILE" "$FERRET_PIDFILE" 2>/dev/null | paste -sd, - || true)"
  env BENCH_BASE_URL="http://127.0.0.1:$APP_PORT" BENCH_LIGHTHOUSE_URL="$APP_ORIGIN" BENCH_APP_PID="$(cat "$NEXT_PIDFILE" 2>/dev/null || echo 0)" \
    BENCH_NGINX_URL="http://127.0.0.1:$NGINX_PORT" BENCH_STATIC_DIR="$STATIC_DIR" BENCH_DIST_DIR="$DIST_DIR" \
    BENCH_QUIET_PIDS="$quiet_pids" "$@" \
    timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx scripts/bench/measure.ts "$phase"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/autocannon && -d node_modules/lighthouse ]] || ensure_node_modules
ensure_chromium
install_debian_package nginx nginx-light nginx
mkdir -p "$BENCH_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
for port in "$APP_PORT" "$NGINX_PORT" "$SMALL_APP_PORT"; do
  if port_in_use "$port"; then die "Port $port is in use by another program; the bench needs 127.0.0.1:$APP_PORT, :$NGINX_PORT and :$SMALL_APP_PORT."; fi
done

DB_PORT="${BENCH_DB_PORT:-}"
if [[ -z "$DB_PORT" ]]; then
  for candidate in $(seq 27040 27049); do port_in_use "$candidate" || { DB_PORT="$candidate"; break; }; done
  [[ -n "$DB_PORT" ]] || die "No free port in 27040-27049 for the benchmark database; set BENCH_DB_PORT."
fi
rm -rf "$BENCH_DIR/db"
start_ferretdb "$DB_PORT" "$BENCH_DIR/db" "$FERRET_PIDFILE"
LARGE_URI="mongodb://127.0.0.1:$DB_PORT/kz_bench"
SMALL_URI="mongodb://127.0.0.1:$DB_PORT/kz_bench_small"

RUN_STARTED=$SECONDS
log "seeding $LARGE_COURSES courses into kz_bench"
MONGODB_URI="$LARGE_URI" node_modules/.bin/tsx --conditions=react-server scripts/bench/seed-large.ts \
  --courses "$LARGE_COURSES" --audiobook 50 --learning --lesson-video "$LESSON_VIDEO_MB" --manifest "$BENCH_DIR/manifest-large.json"
log "seeding $SMALL_COURSES courses into kz_bench_small"
MONGODB_URI="$SMALL_URI" node_modules/.bin/tsx --conditions=react-server scripts/bench/seed-large.ts \
  --courses "$SMALL_COURSES" --manifest "$BENCH_DIR/manifest-small.json"

# `next build` reads no database (server/platform/build-phase.ts: every page renders at its first request),
# so the build is made without MONGODB_URI.
build_bench() { # log-file
  env -u MONGODB_URI KZ_DIST_DIR="$DIST_DIR" AUTH_SECRET=bench-build-secret-0123456789 SITE_URL="$APP_ORIGIN" \
    node_modules/.bin/next build >"$1" 2>&1
}

if [[ "${BENCH_REUSE_BUILD:-}" == 1 && -f "$ROOT/$DIST_DIR/BUILD_ID" ]]; then
  log "reusing the existing $DIST_DIR build (BENCH_REUSE_BUILD=1)"
  BUILD_SECONDS="reused (BENCH_REUSE_BUILD=1)"
else
  log "building into $DIST_DIR (log: $BENCH_DIR/build.log)"
  snapshot_project_files "$BENCH_DIR/snapshot"
  rm -rf "${ROOT:?}/$DIST_DIR"
  build_started=$SECONDS
  build_bench "$BENCH_DIR/build.log" \
    || { restore_project_files "$BENCH_DIR/snapshot" "$DIST_DIR"; tail -40 "$BENCH_DIR/build.log"; die "next build failed (log: $BENCH_DIR/build.log)"; }
  BUILD_SECONDS=$((SECONDS - build_started))
  restore_project_files "$BENCH_DIR/snapshot" "$DIST_DIR"
  log "build took ${BUILD_SECONDS} s"
fi

# The first-load JS budget's baseline, built before any server starts so the build disturbs no
# measurement; reused while Next, React and the bare app stay the same. measure.ts builds it
# itself if this failed.
log "bare Next baseline (log: $DATA_DIR/bench-bare-next/build.log)"
node_modules/.bin/tsx scripts/bench/bare-next.ts || log "the bare Next build failed; measure.ts will try once more"

# --- measurements ----------------------------------------------------------------------------
start_static_nginx "$NGINX_DIR" "$STATIC_DIR" "$NGINX_PORT" "$NGINX_PIDFILE"
start_app "$LARGE_URI" large "$APP_PORT" "$NEXT_PIDFILE"
measure main BENCH_MANIFEST="$BENCH_DIR/manifest-large.json" BENCH_OUT="$BENCH_DIR/main.json"

# Growth: a second server on the small catalogue beside the first, so both are measured back to back.
rm -f "$BENCH_DIR/growth.json"
start_app "$SMALL_URI" small "$SMALL_APP_PORT" "$NEXT_SMALL_PIDFILE"
measure growth BENCH_MANIFEST="$BENCH_DIR/manifest-small.json" BENCH_OUT="$BENCH_DIR/growth.json" \
  BENCH_BASE_URL="http://127.0.0.1:$SMALL_APP_PORT" BENCH_LARGE_BASE_URL="http://127.0.0.1:$APP_PORT" \
  || log "the growth phase failed; the report will say so"
stop_group "$NEXT_SMALL_PIDFILE" serving/server.mjs
stop_group "$NEXT_PIDFILE" serving/server.mjs

measure report BENCH_MAIN_RESULT="$BENCH_DIR/main.json" BENCH_GROWTH_RESULT="$BENCH_DIR/growth.json" \
  BENCH_BUILD_SECONDS="$BUILD_SECONDS" BENCH_RESULTS_DIR="$ROOT/bench/results"

# Last phase: cached pages on one and two instances, measured with wrk (scripts/bench/instances.sh;
# it writes bench/results/instances-latest.md and puts the same section into latest.md).
BENCH_MONGODB_URI="$LARGE_URI" BENCH_MANIFEST="$BENCH_DIR/manifest-large.json" BENCH_DIST_DIR="$DIST_DIR" \
  BENCH_REPORT_MD="$ROOT/bench/results/latest.md" bash scripts/bench/instances.sh \
  || log "the instances phase failed; bench/results/latest.md has no instances section"
log "bench finished in $(( (SECONDS - RUN_STARTED) / 60 )) min $(( (SECONDS - RUN_STARTED) % 60 )) s: bench/results/latest.md"
