#!/usr/bin/env bash
# Runs `next build` only when a source file changed since the last successful build.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

sources_hash() {
  local paths=() candidate
  for candidate in app components lib server serving public types proxy.ts next.config.ts postcss.config.mjs tsconfig.json package-lock.json; do
    [[ -e "$candidate" ]] && paths+=("$candidate")
  done
  find "${paths[@]}" -type f -not -name '*.test.ts' -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16
}

dist="$ROOT/${KZ_DIST_DIR:-.next}"
stamp="$dist/.kz-build-stamp"
want="$(sources_hash)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -f "$dist/BUILD_ID" ]]; then
  log "production build is up to date"
  exit 0
fi
log "building the production bundle (next build)"
npx next build
echo "$want" > "$stamp"
