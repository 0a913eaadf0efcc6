#!/usr/bin/env bash
# The whole test suite: type check, lint, unit + integration tests, the browser journeys, then the quick
# resilience run (scripts/chaos/run.sh --quick: its own database, build and server).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
ensure_node_modules
log "type check"
npx tsc --noEmit
log "lint"
npm run lint --silent
log "unit and integration tests"
bash scripts/test-unit.sh
log "browser journeys"
bash scripts/test-e2e.sh
log "two instances behind nginx on one database (multi-instance test)"
bash scripts/multi-instance/run.sh
log "resilience: database outage and app killed mid-checkout (quick chaos run)"
bash scripts/chaos/run.sh --quick
