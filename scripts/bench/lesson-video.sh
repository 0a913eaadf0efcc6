#!/usr/bin/env bash
# npm run bench:video — lesson video streaming (the HLS ladder of server/learning/lesson-video/ and the
# player of components/learning/) on the production build, against its budgets
# (scripts/bench/lesson-video.ts measures and prints the table; not part of the tests):
#
#   1. Chromium at 1.6 Mbps / 150 ms: time to first frame p75 < 2 s; rebuffer ratio < 1 % over 60 s
#   2. Chromium at 400 kbps / 400 ms: playback starts < 4 s at the lowest rung, no stall after it
#   3. the data saver on a phone, 60 s played: ≤ 3 MB of the ladder transferred
#   4. a 720p source of VIDEO_BENCH_SOURCE_SECONDS transcoded through the real pipeline in ≤ 1.5 × its
#      length, while a page's latency p95 stays within 2 × its idle p95 measured just before
#   5. 20 learners streaming at once (at a player's pace): app server RSS grows < 50 MB; segment p95
#      < 50 ms, and within 2 × nginx's serving the same files to the same learners in the same run
#      (and the same learners back to back, as fast as they can, for comparison)
#
# Started here, on the loopback: a fresh FerretDB (the first free port of 27130-27139, data in
# .data/bench-video/db) seeded with the demo catalogue, a production build in .next-bench-video
# (made without a database) and the app server (`serving/server.mjs`, whose background worker does
# the transcoding with ffmpeg) on 127.0.0.1:3490, and nginx on 127.0.0.1:3491 serving a copy of the
# playback lesson's ladder files (.data/bench-video/static) for budget 5's baseline. Test videos are made with ffmpeg (testsrc2 + sine)
# and kept in .data/bench-video/sources. Pids are kept in .data/bench-video/*.pid; everything it
# started is stopped on exit. Writes bench/results/lesson-video-latest.md; exits non-zero when a
# budget is missed (1) or the run could not complete (2).
#
#   VIDEO_BENCH_REUSE_BUILD=1          keep an existing .next-bench-video build
#   VIDEO_BENCH_SOURCE_SECONDS=600     length of the source transcoded for budget 4 (60 for a quick run)
#   VIDEO_BENCH_PLAYBACK_SECONDS=90    length of the video uploaded for the browser budgets (when the demo clip is shorter)
#   VIDEO_BENCH_RUNS=5                 time-to-first-frame runs at 1.6 Mbps
#   VIDEO_BENCH_PLAY_SECONDS=60        playback watched for the rebuffer ratio and the data saver
#   VIDEO_BENCH_SLOW_SECONDS=40        playback watched for stalls at 400 kbps
#   VIDEO_BENCH_LEARNERS=20            learners streaming at once (budget 5)
#   VIDEO_BENCH_STREAM_SECONDS=40      how long they stream (and again as fast as they can, for half as long)
#   VIDEO_BENCH_IDLE_SECONDS=30        the page's idle latency before the transcoding
#   VIDEO_BENCH_ONLY=1,2,3,4,5         the budgets to measure (default: all)
#   VIDEO_BENCH_DB_PORT                FerretDB port (default: the first free one of 27130-27139)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

WORK_DIR="$DATA_DIR/bench-video"
DIST_DIR=.next-bench-video
APP_PORT=3490
APP_URL="http://127.0.0.1:$APP_PORT"
NGINX_PORT=3491
NGINX_PIDFILE="$WORK_DIR/nginx-master.pid"
FERRET_PIDFILE="$WORK_DIR/ferretdb.pid"
APP_PIDFILE="$WORK_DIR/app.pid"
MEASURE_PIDFILE="$WORK_DIR/measure.pid"
AUTH_SECRET_BENCH="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"
SOURCE_SECONDS="${VIDEO_BENCH_SOURCE_SECONDS:-600}"
[[ "$SOURCE_SECONDS" =~ ^[0-9]+$ && "$SOURCE_SECONDS" -ge 10 ]] || die "VIDEO_BENCH_SOURCE_SECONDS must be a whole number of seconds, at least 10"
# Only the loopback is contacted, and no step may hang the run: the browser and streaming steps take
# about ten minutes, the transcoding at most 1.5 × the source's length plus five minutes (and making it).
MEASURE_TIMEOUT="$((1800 + 3 * SOURCE_SECONDS))s"

cleanup() {
  # The measurements run in a session of their own: their browser and ffmpeg runs stop with them.
  stop_group "$MEASURE_PIDFILE" lesson-video.ts
  stop_group "$APP_PIDFILE" serving/server.mjs
  stop_group "$NGINX_PIDFILE" nginx
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$WORK_DIR/snapshot" "$DIST_DIR"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx && -d node_modules/@playwright/test ]] || ensure_node_modules
ensure_ffmpeg
ensure_chromium
install_debian_package nginx nginx-light nginx
mkdir -p "$WORK_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
require_free_ports "the lesson video bench" "$APP_PORT"
DB_PORT="$(database_port 27130 27139 VIDEO_BENCH_DB_PORT "the lesson video bench")"
MONGODB_URI_BENCH="mongodb://127.0.0.1:$DB_PORT/kz_bench_video"

build_for_run "$DIST_DIR" "$WORK_DIR" "${VIDEO_BENCH_REUSE_BUILD:-}" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL"

rm -rf "$WORK_DIR/db" "$WORK_DIR/outbox"
start_ferretdb "$DB_PORT" "$WORK_DIR/db" "$FERRET_PIDFILE"
MONGODB_URI="$MONGODB_URI_BENCH" timeout 10m node_modules/.bin/tsx --conditions=react-server scripts/seed.ts >"$WORK_DIR/seed.log" 2>&1 \
  || { tail -30 "$WORK_DIR/seed.log"; die "seeding the lesson video bench database failed"; }
log "seeded $MONGODB_URI_BENCH (log: $WORK_DIR/seed.log)"

# --- the app -----------------------------------------------------------------------------------
# Its background worker transcodes the seed's demo clips and the bench's uploads (ffmpeg at the
# lowest CPU priority, server/learning/lesson-video/transcode.ts).
setsid env KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production \
  AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="$APP_URL" MAIL_OUTBOX_DIR="$WORK_DIR/outbox" NEXT_TELEMETRY_DISABLED=1 \
  serving/start -H 127.0.0.1 -p "$APP_PORT" >"$WORK_DIR/app.log" 2>&1 &
echo $! >"$APP_PIDFILE"
wait_for_app "$APP_URL" "$APP_PIDFILE" "$WORK_DIR/app.log"
log "app server (serving/server.mjs) on $APP_URL (pid $(cat "$APP_PIDFILE"))"

# --- measurements ----------------------------------------------------------------------------
status=0
start_static_nginx "$WORK_DIR/nginx" "$WORK_DIR/static" "$NGINX_PORT" "$NGINX_PIDFILE"
setsid env VIDEO_BENCH_BASE_URL="$APP_URL" VIDEO_BENCH_NGINX_URL="http://127.0.0.1:$NGINX_PORT" VIDEO_BENCH_STATIC_DIR="$WORK_DIR/static" VIDEO_BENCH_MONGODB_URI="$MONGODB_URI_BENCH" VIDEO_BENCH_APP_PID="$(cat "$APP_PIDFILE")" VIDEO_BENCH_DB_PID="$(cat "$FERRET_PIDFILE")" \
  VIDEO_BENCH_WORK_DIR="$WORK_DIR" VIDEO_BENCH_RESULTS_DIR="$ROOT/bench/results" VIDEO_BENCH_SOURCE_SECONDS="$SOURCE_SECONDS" \
  timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx scripts/bench/lesson-video.ts &
echo $! >"$MEASURE_PIDFILE"
wait "$(cat "$MEASURE_PIDFILE")" || status=$?
rm -f "$MEASURE_PIDFILE"
[[ "$status" == 124 ]] && log "the measurements did not finish within $MEASURE_TIMEOUT"
exit "$status"
