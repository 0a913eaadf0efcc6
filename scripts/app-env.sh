# The settings the app command decides for itself (sourced by scripts/app.sh; checked by
# scripts/app-env.test.ts). Needs $ROOT (scripts/lib.sh) for Next's own .env loader.

# Exports every setting that the .env files of DIR (default $ROOT) give and the environment does
# not, read by Next's own loader with the precedence `next start` uses (.env.production.local,
# .env.local, .env.production, .env). Next never overrides a variable that is already set, so
# without this the script's defaults below would silently win over the operator's .env.local.
load_env_files() {
  local dir="${1:-$ROOT}" listing name value
  listing="$(mktemp)"
  # Through a file, so a failing loader stops the script (set -e) instead of passing unnoticed.
  KZ_ENV_DIR="$dir" node -e '
    const { createRequire } = require("node:module");
    const { loadEnvConfig } = createRequire(process.argv[1] + "/package.json")("@next/env");
    const before = new Set(Object.keys(process.env));
    const { combinedEnv } = loadEnvConfig(process.env.KZ_ENV_DIR, false, { info() {}, error: console.error });
    for (const [name, value] of Object.entries(combinedEnv)) {
      if (!before.has(name) && value !== undefined) process.stdout.write(`${name}\0${value}\0`);
    }' "$ROOT" >"$listing"
  while IFS= read -r -d '' name && IFS= read -r -d '' value; do
    export "$name=$value"
  done <"$listing"
  rm -f "$listing"
}

# What the app command serves with, from the environment and then DIR's .env files (see above):
# PORT, HOST and SITE_URL get their defaults only where neither sets them. With no MONGODB_URI
# anywhere, USE_EMBEDDED_DB=1 and this is the local demo: KZ_DEMO_MODE=true (unless set), so the
# sandbox gateway takes Stripe's test card and every page says so. With any MONGODB_URI nothing
# turns the sandbox on: an operator who wants it sets ALLOW_SANDBOX_PAYMENTS=true on purpose.
decide_app_settings() {
  load_env_files "${1:-$ROOT}"
  export PORT="${PORT:-3000}" HOST="${HOST:-127.0.0.1}"
  # Canonical URLs and OAuth callback URLs are built on SITE_URL.
  export SITE_URL="${SITE_URL:-http://$HOST:$PORT}"
  if [[ -z "${MONGODB_URI:-}" ]]; then
    USE_EMBEDDED_DB=1
    export KZ_DEMO_MODE="${KZ_DEMO_MODE:-true}"
  else
    USE_EMBEDDED_DB=0
  fi
}
