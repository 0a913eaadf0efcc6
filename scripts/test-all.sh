#!/usr/bin/env bash
# The whole test suite: type check, unit + integration tests, then the browser journeys.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
ensure_node_modules
log "type check"
npx tsc --noEmit
log "unit and integration tests"
bash scripts/test-unit.sh
log "browser journeys"
bash scripts/test-e2e.sh
