#!/usr/bin/env bash
# Browser journeys: a fresh seeded FerretDB, a production build made against it, Debian's Chromium.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
ensure_node_modules
ensure_chromium
ensure_ffmpeg

DB_PORT="${E2E_DB_PORT:-27019}"
DB_DIR="$DATA_DIR/e2e-db"
PIDFILE="$DATA_DIR/ferretdb-e2e.pid"
stop_pidfile "$PIDFILE"
rm -rf "$DB_DIR"
start_ferretdb "$DB_PORT" "$DB_DIR" "$PIDFILE"
trap 'stop_pidfile "$PIDFILE"' EXIT

export E2E_MONGODB_URI="mongodb://127.0.0.1:$DB_PORT/kz_e2e"
MONGODB_URI="$E2E_MONGODB_URI" npx tsx --conditions=react-server scripts/seed.ts

# Pages are prerendered from the database, so the test build is always made against this one.
if [[ "${E2E_REUSE_BUILD:-}" == 1 && -f "$ROOT/.next-e2e/BUILD_ID" ]]; then
  log "reusing the existing .next-e2e build (E2E_REUSE_BUILD=1)"
else
  log "building the test bundle into .next-e2e"
  rm -rf "$ROOT/.next-e2e"
  KZ_DIST_DIR=.next-e2e MONGODB_URI="$E2E_MONGODB_URI" AUTH_SECRET=e2e-build-secret-0123456789 npx next build >"$DATA_DIR/e2e-build.log" 2>&1 \
    || { tail -50 "$DATA_DIR/e2e-build.log"; die "next build failed"; }
fi

npx playwright test "$@"
