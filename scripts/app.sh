#!/usr/bin/env bash
# The app command: install, build, start the database (embedded FerretDB unless MONGODB_URI is set),
# seed demo data into an empty database, then serve the production build on $PORT (default 3000).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

PORT="${PORT:-3000}"
HOST="${HOST:-127.0.0.1}"
ensure_node_modules
ensure_local_env

if [[ -z "${MONGODB_URI:-}" ]]; then
  DB_PORT="${KZ_DB_PORT:-27017}"
  start_ferretdb "$DB_PORT" "$DATA_DIR/db" "$DATA_DIR/ferretdb-app.pid"
  trap 'stop_pidfile "$DATA_DIR/ferretdb-app.pid"' EXIT
  trap 'exit 130' INT TERM
  export MONGODB_URI="mongodb://127.0.0.1:$DB_PORT/knowledgezone"
else
  log "using MONGODB_URI from the environment"
fi

# Seed before building: catalogue pages are prerendered from the database.
npx tsx --conditions=react-server scripts/seed.ts --if-empty
bash "$ROOT/scripts/build-if-changed.sh"

log "Knowledge Zone on http://$HOST:$PORT  (demo logins are in README.md; Ctrl+C stops)"
# The local demo pays through the sandbox gateway unless Stripe keys are configured.
if [[ -z "${STRIPE_SECRET_KEY:-}" ]]; then export ALLOW_SANDBOX_PAYMENTS="${ALLOW_SANDBOX_PAYMENTS:-true}"; fi
# Canonical URLs and OAuth callback URLs are built on SITE_URL.
export SITE_URL="${SITE_URL:-http://$HOST:$PORT}"
AUTH_TRUST_HOST=true node --max-semi-space-size=64 scripts/serve.mjs -H "$HOST" -p "$PORT"
