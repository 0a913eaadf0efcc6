#!/usr/bin/env bash
# The whole test suite: type check, lint, unit + integration tests, the browser journeys, then the quick
# resilience run (scripts/chaos/run.sh --quick: its own database, build and server).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# stage MINUTES TITLE COMMAND… — runs one stage with a deadline. A stage that hangs fails the suite
# within its minutes, saying which stage it was and what was still running, instead of holding CI
# until its own limit with nothing to show. The stages' scripts stop their servers on SIGTERM.
# With the install's 16 the minutes add up to 86, under CI's 90, and are at least one and a half
# times what each stage takes on a 2-core machine.
stage() {
  local minutes="$1" title="$2" status=0; shift 2
  log "$title"
  timeout --kill-after=60s "${minutes}m" "$@" || status=$?
  if [[ "$status" == 124 || "$status" == 137 ]]; then
    printf '\033[1;31m[kz] "%s" did not finish within %s min; processes still running:\033[0m\n' "$title" "$minutes" >&2
    ps -eo pid,ppid,etime,args --forest | cut -c1-200 | grep -v ' \[' >&2 || true
  fi
  return "$status"
}

ensure_node_modules
stage 5 "type check" npx tsc --noEmit
stage 5 "lint" npm run lint --silent
stage 10 "unit and integration tests" bash scripts/test-unit.sh
stage 32 "browser journeys" bash scripts/test-e2e.sh
stage 8 "two instances behind nginx on one database (multi-instance test)" bash scripts/multi-instance/run.sh
stage 10 "resilience: database outage and app killed mid-checkout (quick chaos run)" bash scripts/chaos/run.sh --quick
