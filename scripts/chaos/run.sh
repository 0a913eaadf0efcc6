#!/usr/bin/env bash
# npm run chaos — resilience checks against the production build, not part of `npm test`
# except for the quick mode (see scripts/test-all.sh).
#
#   1. the database is killed mid-traffic and restarted: 503 within 2 s, no hang, recovery in 5 s
#   2. the app is SIGKILLed during checkout and restarted: no order lost, none paid twice
#   3. 1,000 concurrent catalogue readers for 30 s: no errors, bounded memory
#   4. slow-header and slow-body clients (Debian's slowhttptest): others are still served
#
# A fresh FerretDB on 127.0.0.1:27050 (data in .data/chaos-db) seeded with the demo catalogue and
# a few buyers, a production build in .next-chaos made against it, the app server (`serving/server.mjs`) on 127.0.0.1:3600.
# The scenarios (scripts/chaos/main.ts) kill and restart both servers themselves and keep their
# pids in .data/chaos/*.pid; everything still running is stopped when this script exits.
# Writes bench/results/chaos-latest.md (a full run of all four scenarios) or
# .data/chaos/chaos-report.md (--quick, or a subset chosen with CHAOS_ONLY).
#
#   --quick                 scenarios 1 and 2 only, with shorter phases (used by scripts/test-all.sh)
#   CHAOS_REUSE_BUILD=1     keep an existing .next-chaos build
#   CHAOS_ONLY=1,3          run only these scenarios
#   CHAOS_DB_PORT=27050 CHAOS_APP_PORT=3600
#   CHAOS_KILL_AT_SHARE=0.4     scenario 2 kills the app once this share of payments is confirmed (2: never)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

QUICK=0
for arg in "$@"; do
  case "$arg" in
    --quick) QUICK=1 ;;
    *) die "Unknown option $arg (usage: scripts/chaos/run.sh [--quick])" ;;
  esac
done

CHAOS_DIR="$DATA_DIR/chaos"
DB_DIR="$DATA_DIR/chaos-db"
DIST_DIR=.next-chaos
DB_PORT="${CHAOS_DB_PORT:-27050}"
APP_PORT="${CHAOS_APP_PORT:-3600}"
MONGODB_URI_CHAOS="mongodb://127.0.0.1:$DB_PORT/kz_chaos"
FERRET_PIDFILE="$CHAOS_DIR/ferretdb.pid"
NEXT_PIDFILE="$CHAOS_DIR/next.pid"
# Only the machine's own loopback is contacted, and no step may hang the run.
DRIVER_TIMEOUT=20m

cleanup() {
  stop_group "$NEXT_PIDFILE" serving/server.mjs
  stop_group "$CHAOS_DIR/slowhttptest.pid" slowhttptest
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$CHAOS_DIR/snapshot" "$DIST_DIR"
}

# --- preparation -----------------------------------------------------------------------------
[[ -d node_modules/autocannon && -d node_modules/mongodb ]] || ensure_node_modules
SCENARIOS="${CHAOS_ONLY:-}"
[[ -n "$SCENARIOS" ]] || { if [[ "$QUICK" == 1 ]]; then SCENARIOS=1,2; else SCENARIOS=1,2,3,4; fi; }
[[ ",$SCENARIOS," == *,4,* ]] && install_debian_package slowhttptest slowhttptest
# 1,000 client connections plus the server's own need more descriptors than a default 1024.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

mkdir -p "$CHAOS_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
for port in "$DB_PORT" "$APP_PORT"; do
  port_in_use "$port" && die "Port $port is in use by another program; the chaos run needs 127.0.0.1:$DB_PORT and :$APP_PORT (CHAOS_DB_PORT, CHAOS_APP_PORT)."
done

RUN_STARTED=$SECONDS
rm -rf "$DB_DIR" "$CHAOS_DIR/outbox" "$CHAOS_DIR"/next-*.log "$CHAOS_DIR"/slowhttptest*
start_ferretdb "$DB_PORT" "$DB_DIR" "$FERRET_PIDFILE"
MONGODB_URI="$MONGODB_URI_CHAOS" node_modules/.bin/tsx --conditions=react-server scripts/seed.ts >"$CHAOS_DIR/seed.log" 2>&1 \
  || { tail -30 "$CHAOS_DIR/seed.log"; die "seeding the chaos database failed"; }
MONGODB_URI="$MONGODB_URI_CHAOS" node_modules/.bin/tsx --conditions=react-server scripts/chaos/seed-buyers.ts >>"$CHAOS_DIR/seed.log" 2>&1 \
  || { tail -30 "$CHAOS_DIR/seed.log"; die "seeding the chaos buyers failed"; }
log "seeded $MONGODB_URI_CHAOS (log: $CHAOS_DIR/seed.log)"

# Pages are prerendered from the database, so the build is made against this one.
if [[ "${CHAOS_REUSE_BUILD:-}" == 1 && -f "$ROOT/$DIST_DIR/BUILD_ID" ]]; then
  log "reusing the existing $DIST_DIR build (CHAOS_REUSE_BUILD=1)"
  BUILD_SECONDS=reused
else
  log "building into $DIST_DIR (log: $CHAOS_DIR/build.log)"
  snapshot_project_files "$CHAOS_DIR/snapshot"
  rm -rf "${ROOT:?}/$DIST_DIR"
  build_started=$SECONDS
  KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_CHAOS" AUTH_SECRET=chaos-build-secret-0123456789 \
    SITE_URL="http://localhost:$APP_PORT" node_modules/.bin/next build >"$CHAOS_DIR/build.log" 2>&1 \
    || { restore_project_files "$CHAOS_DIR/snapshot" "$DIST_DIR"; tail -40 "$CHAOS_DIR/build.log"; die "next build failed"; }
  restore_project_files "$CHAOS_DIR/snapshot" "$DIST_DIR"
  BUILD_SECONDS=$((SECONDS - build_started))
  log "build took $BUILD_SECONDS s"
fi

# --- scenarios -------------------------------------------------------------------------------
status=0
env CHAOS_ROOT="$ROOT" CHAOS_DIR="$CHAOS_DIR" CHAOS_DIST_DIR="$DIST_DIR" CHAOS_APP_PORT="$APP_PORT" \
  CHAOS_DB_PORT="$DB_PORT" CHAOS_DB_DIR="$DB_DIR" CHAOS_MONGODB_URI="$MONGODB_URI_CHAOS" \
  CHAOS_FERRETDB_BIN="$(ferretdb_binary)" CHAOS_FERRETDB_LOG="$DATA_DIR/ferretdb-$DB_PORT.log" \
  CHAOS_FERRET_PIDFILE="$FERRET_PIDFILE" CHAOS_NEXT_PIDFILE="$NEXT_PIDFILE" \
  CHAOS_SCENARIOS="$SCENARIOS" CHAOS_QUICK="$QUICK" CHAOS_BUILD_SECONDS="$BUILD_SECONDS" \
  CHAOS_REPORT="$([[ "$QUICK" == 0 && "$SCENARIOS" == 1,2,3,4 ]] && echo "$ROOT/bench/results/chaos-latest.md" || echo "$CHAOS_DIR/chaos-report.md")" \
  timeout "$DRIVER_TIMEOUT" node_modules/.bin/tsx scripts/chaos/main.ts || status=$?
log "chaos run finished in $(( (SECONDS - RUN_STARTED) / 60 )) min $(( (SECONDS - RUN_STARTED) % 60 )) s"
exit "$status"
