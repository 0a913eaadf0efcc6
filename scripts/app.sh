#!/usr/bin/env bash
# The app command: install, build, start the database (embedded FerretDB unless MONGODB_URI is set),
# seed demo data into an empty database, then serve the production build on $PORT (default 3000).
# On the embedded database it is the demo shop (test-card payments, a banner on every page); with
# a MONGODB_URI it is a production server (Stripe keys, or ALLOW_SANDBOX_PAYMENTS=true on purpose).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$ROOT/scripts/app-env.sh"
cd "$ROOT"

ensure_node_modules
ensure_local_env
ensure_ffmpeg optional
# Settings from the environment first, then .env.local and the other .env files, then defaults.
decide_app_settings

if (( USE_EMBEDDED_DB )); then
  DB_PORT="${KZ_DB_PORT:-27017}"
  start_ferretdb "$DB_PORT" "$DATA_DIR/db" "$DATA_DIR/ferretdb-app.pid"
  trap 'stop_pidfile "$DATA_DIR/ferretdb-app.pid"; stop_pidfile "$DATA_DIR/payment-simulators-app.pid"' EXIT
  trap 'exit 130' INT TERM
  export MONGODB_URI="mongodb://127.0.0.1:$DB_PORT/knowledgezone"
  # The production server sends no SMS unless told how; the demo writes them to the outbox and the
  # log (phone sign-in codes readable there), unless the environment or .env.local chose a provider.
  export SMS_PROVIDER="${SMS_PROVIDER:-outbox}"
  # The demo takes taka through local stand-ins for bKash and SSLCommerz, unless real ones are configured.
  if [[ -z "${BKASH_APP_KEY:-}${SSLCOMMERZ_STORE_ID:-}" ]]; then
    start_payment_simulators "${KZ_BKASH_SIMULATOR_PORT:-3410}" "${KZ_SSLCOMMERZ_SIMULATOR_PORT:-3420}" "$SITE_URL" "$DATA_DIR/payment-simulators-app.pid"
  fi
else
  log "using MONGODB_URI from the environment or .env.local"
fi

# The build reads no database (server/platform/build-phase.ts); seeding first just has the demo ready.
npx tsx --conditions=react-server scripts/seed.ts --if-empty
bash "$ROOT/scripts/build-if-changed.sh"

log "Knowledge Zone on http://$HOST:$PORT  (demo logins are in README.md; Ctrl+C stops)"
AUTH_TRUST_HOST=true serving/start -H "$HOST" -p "$PORT"
