#!/usr/bin/env bash
# npm run bench:phone-codes — phone sign-in's two endpoints on the production build, against their
# budgets (scripts/bench/phone-codes.ts measures and prints the table; not part of the tests):
#
#   1. request a code: POST /api/account/phone-code by 20 clients at once, each request a number of
#      its own (the SMS is sent after the answer, from the queue): p95 < 100 ms
#   2. verify: POST /api/account/phone-login with the right code read from the SMS outbox, by 20
#      clients at once (half the numbers have an account and are signed in, half answer the ticket
#      for the naming step): p95 < 100 ms; wrong codes are measured beside it, without a budget
#
# Beside them, without a budget, Next's own floor: the same load on the smallest route handler that
# reads and answers the same JSON (scripts/bench/bare-next's app/api/echo, on 127.0.0.1:3442), and
# on one that also makes a code request's database writes and nothing else (app/api/code-writes,
# on the same database).
#
# The limits on asking for codes stay as the app has them: every request names a number of its own
# (per number: 1 a minute), every client sends from an address of its own through X-Forwarded-For
# (the app trusts one proxy hop here, TRUSTED_PROXY_HOPS=1; per address: 20 an hour, so a client
# moves to its next address after 20), sends no device cookie (each request a first visit), and the
# site-wide SMS_DAILY_CAP is raised past the run's count.
#
# Started here, on the loopback: a fresh, empty FerretDB (the first free port of 27140-27149, data
# in .data/bench-phone-codes/db), a production build in .next-bench-phone-codes (made without a
# database), and the app server (`serving/server.mjs`) on 127.0.0.1:3440 with SMS_PROVIDER=outbox,
# which writes each SMS into .data/bench-phone-codes/outbox (a production server sends none without
# a provider). The queue's own send after each request fills it; the background sender (every 15 s)
# would pick up whatever that missed. Pids are kept in .data/bench-phone-codes/*.pid; everything it
# started is stopped on exit. Exits non-zero when a budget is missed or any measured answer was not
# the expected one.
#
#   PHONEBENCH_REUSE_BUILD=1   keep an existing .next-bench-phone-codes build
#   PHONEBENCH_CLIENTS=20      clients sending at once
#   PHONEBENCH_ROUNDS=10       requests per client and endpoint (clients × rounds samples each)
#   PHONEBENCH_WARMUP=2        unmeasured rounds of both endpoints first
#   PHONEBENCH_DB_PORT         FerretDB port (default: the first free one of 27140-27149)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

WORK_DIR="$DATA_DIR/bench-phone-codes"
DIST_DIR=.next-bench-phone-codes
APP_PORT=3440
APP_URL="http://127.0.0.1:$APP_PORT"
OUTBOX_DIR="$WORK_DIR/outbox"
FERRET_PIDFILE="$WORK_DIR/ferretdb.pid"
APP_PIDFILE="$WORK_DIR/app.pid"
FLOOR_PORT=3442
FLOOR_URL="http://127.0.0.1:$FLOOR_PORT"
FLOOR_PIDFILE="$WORK_DIR/floor.pid"
BARE_NEXT_DIR="$DATA_DIR/bench-bare-next"
AUTH_SECRET_BENCH="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"
# Far past the run's count of SMS (warm-up and measured), so the cap never turns a request away.
SMS_DAILY_CAP_BENCH=1000000
# Only the loopback is contacted, and no step may hang the run.
MEASURE_TIMEOUT=10m

cleanup() {
  stop_group "$FLOOR_PIDFILE" next-server # `next start` names its process so
  stop_group "$APP_PIDFILE" serving/server.mjs
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$WORK_DIR/snapshot" "$DIST_DIR"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/mongodb && -x node_modules/.bin/tsx ]] || ensure_node_modules
mkdir -p "$WORK_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
require_free_ports "the phone codes bench" "$APP_PORT" "$FLOOR_PORT"
DB_PORT="$(database_port 27140 27149 PHONEBENCH_DB_PORT "the phone codes bench")"
MONGODB_URI_BENCH="mongodb://127.0.0.1:$DB_PORT/kz_bench_phone_codes"

build_for_run "$DIST_DIR" "$WORK_DIR" "${PHONEBENCH_REUSE_BUILD:-}" AUTH_SECRET="$AUTH_SECRET_BENCH" SITE_URL="$APP_URL"

# No demo catalogue: phone sign-in reads none of it, and its lesson videos would be transcoded by
# the app's background worker (ffmpeg, and the ladders written to the database) while measuring.
# phone-codes.ts makes the accounts it signs in to.
rm -rf "$WORK_DIR/db" "$OUTBOX_DIR"
start_ferretdb "$DB_PORT" "$WORK_DIR/db" "$FERRET_PIDFILE"

# --- the app -------------------------------------------------------------------------------------
# SMS_PROVIDER=outbox: a production server chooses no SMS provider by itself (server/platform/sms/providers.ts).
# TRUSTED_PROXY_HOPS=1: the last X-Forwarded-For address is the client's (serving/front-door.mjs).
setsid env KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production \
  AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="$APP_URL" \
  SMS_PROVIDER=outbox MAIL_OUTBOX_DIR="$OUTBOX_DIR" SMS_DAILY_CAP="$SMS_DAILY_CAP_BENCH" TRUSTED_PROXY_HOPS=1 \
  NEXT_TELEMETRY_DISABLED=1 serving/start -H 127.0.0.1 -p "$APP_PORT" >"$WORK_DIR/app.log" 2>&1 &
echo $! >"$APP_PIDFILE"
wait_for_app "$APP_URL" "$APP_PIDFILE" "$WORK_DIR/app.log"
log "app server (serving/server.mjs) on $APP_URL (pid $(cat "$APP_PIDFILE")), SMS outbox $OUTBOX_DIR"

# --- Next's own floor ---------------------------------------------------------------------------
# The bare Next app (scripts/bench/bare-next, built once per Next version by bare-next.ts, which also
# prints its page's first-load JS) serves its one route handler with `next start`, under the Node
# settings the app's server runs with: the same load on it says what Next itself costs here.
node_modules/.bin/tsx scripts/bench/bare-next.ts >&2 || die "building the bare Next app failed"
(cd "$BARE_NEXT_DIR" && exec setsid env NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 MONGODB_URI="$MONGODB_URI_BENCH" \
  node --max-semi-space-size=64 node_modules/next/dist/bin/next start -H 127.0.0.1 -p "$FLOOR_PORT") >"$WORK_DIR/floor.log" 2>&1 &
echo $! >"$FLOOR_PIDFILE"
wait_for_port 127.0.0.1 "$FLOOR_PORT" 60 || die "the bare Next app did not start; see $WORK_DIR/floor.log"
log "bare Next app (next start) on $FLOOR_URL (pid $(cat "$FLOOR_PIDFILE"))"

# --- measurements ----------------------------------------------------------------------------
status=0
env PHONEBENCH_BASE_URL="$APP_URL" PHONEBENCH_MONGODB_URI="$MONGODB_URI_BENCH" PHONEBENCH_OUTBOX_DIR="$OUTBOX_DIR" \
  PHONEBENCH_APP_PID="$(cat "$APP_PIDFILE")" PHONEBENCH_DB_PID="$(cat "$FERRET_PIDFILE")" \
  PHONEBENCH_FLOOR_URL="$FLOOR_URL" PHONEBENCH_FLOOR_PID="$(cat "$FLOOR_PIDFILE")" \
  timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx scripts/bench/phone-codes.ts || status=$?
exit "$status"
