#!/usr/bin/env bash
# Shared steps for the project's scripts: each one is idempotent and quick when already done.
set -euo pipefail
# Never fail silently: name the command and line that stopped the script.
trap 'printf "\033[1;31m[kz] failed: %s (line %s of %s)\033[0m\n" "$BASH_COMMAND" "$LINENO" "${BASH_SOURCE[0]}" >&2' ERR

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_DIR="$ROOT/.data"
export NEXT_TELEMETRY_DISABLED=1

log() { printf '\033[1;34m[kz]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[kz] %s\033[0m\n' "$*" >&2; exit 1; }

hash_files() { cat "$@" 2>/dev/null | sha256sum | cut -c1-16; }

# npm packages: reinstall only when package.json or the lockfile changed.
ensure_node_modules() {
  local stamp="$ROOT/node_modules/.kz-install-stamp" want
  want="$(hash_files "$ROOT/package.json" "$ROOT/package-lock.json")"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then return; fi
  log "installing npm packages"
  # A stalled registry connection can hold npm forever; a second try usually finds it answering.
  (cd "$ROOT" && { timeout 8m npm install --no-audit --no-fund --loglevel=error \
    || { log "npm install did not finish; trying once more"; timeout 8m npm install --no-audit --no-fund --loglevel=error; }; })
  # npm may rewrite the lockfile (optional packages for other platforms): stamp what it left.
  hash_files "$ROOT/package.json" "$ROOT/package-lock.json" > "$stamp"
}

# A local AUTH_SECRET, made once per checkout and never committed (.env.local is git-ignored).
ensure_local_env() {
  local file="$ROOT/.env.local"
  if [[ -f "$file" ]] && grep -q '^AUTH_SECRET=' "$file"; then return; fi
  log "creating .env.local with a fresh AUTH_SECRET"
  printf 'AUTH_SECRET=%s\n' "$(head -c 32 /dev/urandom | base64 | tr -d '=+/' )" >> "$file"
}

# Debian's Chromium for browser tests; Playwright never downloads a browser of its own.
ensure_chromium() {
  if [[ -x /usr/bin/chromium ]]; then return; fi
  command -v apt-get >/dev/null || die "Browser tests need Chromium at /usr/bin/chromium (Debian package 'chromium')."
  log "installing Debian's chromium"
  local sudo=""; [[ "$(id -u)" == 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
}

# Debian's ffmpeg (with ffprobe): lesson videos are transcoded into a streaming ladder with it.
# `ensure_ffmpeg optional` (the app) only warns where it cannot be installed: the site runs, and
# uploaded videos wait, with the reason in the curriculum editor, until ffmpeg is there.
ensure_ffmpeg() {
  if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then return; fi
  if [[ "${1:-}" == optional ]] && ! command -v apt-get >/dev/null; then
    log "ffmpeg is not installed: uploaded lesson videos will not be transcoded for streaming until it is"
    return
  fi
  install_debian_package ffmpeg ffmpeg
}

# install_debian_package COMMAND PACKAGE... — makes COMMAND available, installing the first of the
# PACKAGEs Debian offers (newer releases dropped nginx-light, hence alternatives), once per machine.
# Services in a package are not started (policy-rc.d for the install): the scripts run their own
# processes on loopback ports, never the machine's.
install_debian_package() {
  local command="$1" sudo="" package policy_added=0; shift
  command -v "$command" >/dev/null || [[ -x "/usr/sbin/$command" ]] && return 0
  command -v apt-get >/dev/null || die "$command is needed (Debian package $*); install it."
  log "installing $command (Debian package: the first of $* it offers)"
  [[ "$(id -u)" == 0 ]] || sudo="sudo"
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null && $sudo chmod 755 /usr/sbin/policy-rc.d && policy_added=1
  fi
  for package in "$@"; do
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null 2>&1 \
      || { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null 2>&1; } \
      || continue
    break
  done
  [[ "$policy_added" == 1 ]] && $sudo rm -f /usr/sbin/policy-rc.d
  command -v "$command" >/dev/null || [[ -x "/usr/sbin/$command" ]] || die "Could not install $command (Debian package $*)"
}

# The embedded FerretDB, built once from the Go module proxy (with a one-line index fix, see
# scripts/ferretdb/patch-source.sh) and cached by the hash of its sources.
ferretdb_binary() {
  local src="$ROOT/scripts/ferretdb" version bin work
  version="$(hash_files "$src/go.mod" "$src/go.sum" "$src/main.go" "$src/patch-source.sh")"
  bin="$DATA_DIR/bin/ferretdb-$version"
  if [[ ! -x "$bin" ]]; then
    command -v go >/dev/null || die "No MONGODB_URI is set and Go is not installed. Install Go 1.24 or newer (https://go.dev/dl) so the embedded FerretDB can be built, or set MONGODB_URI to a MongoDB 6+ server."
    log "building the embedded FerretDB 1.24.2 (first run only, about a minute)"
    work="$DATA_DIR/ferretdb-build"
    rm -rf "$work" && mkdir -p "$work" "$DATA_DIR/bin"
    bash "$src/patch-source.sh" "$work/ferretdb-src" >&2 || die "Preparing the FerretDB source failed (see above)."
    cp "$src/main.go" "$src/go.mod" "$src/go.sum" "$work/"
    (cd "$work" && go mod edit -replace "github.com/FerretDB/FerretDB=./ferretdb-src" && GOFLAGS=-mod=mod go build -trimpath -o "$bin.tmp" .) >&2 \
      || die "Building FerretDB failed (see above). Set MONGODB_URI to use an existing MongoDB instead."
    mv "$bin.tmp" "$bin"
    rm -rf "$work"
  fi
  echo "$bin"
}

# Stripe's own mock server (request shapes are checked against Stripe's OpenAPI spec in tests).
STRIPE_MOCK_VERSION=v0.203.0
stripe_mock_binary() {
  local bin="$DATA_DIR/bin/stripe-mock-$STRIPE_MOCK_VERSION"
  if [[ ! -x "$bin" ]]; then
    command -v go >/dev/null || die "Go is needed to build stripe-mock for the payment tests."
    log "building stripe-mock $STRIPE_MOCK_VERSION (first run only)"
    mkdir -p "$DATA_DIR/bin/stripe-mock-build"
    GOBIN="$DATA_DIR/bin/stripe-mock-build" go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION" >&2
    mv "$DATA_DIR/bin/stripe-mock-build/stripe-mock" "$bin"
  fi
  echo "$bin"
}

wait_for_port() { # host port seconds
  local deadline=$((SECONDS + $3))
  until (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; do
    (( SECONDS < deadline )) || return 1
    sleep 0.2
  done
}

# start_ferretdb PORT DATA_SUBDIR PIDFILE — starts FerretDB on 127.0.0.1:PORT in the background.
start_ferretdb() {
  local port="$1" dir="$2" pidfile="$3" bin
  bin="$(ferretdb_binary)"
  if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    log "FerretDB already running (pid $(cat "$pidfile"))"; return
  fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    die "Port $port is already in use by another program; stop it or set MONGODB_URI."
  fi
  mkdir -p "$dir"
  "$bin" -listen "127.0.0.1:$port" -dir "$dir" >>"$dir/../ferretdb-$port.log" 2>&1 &
  echo $! > "$pidfile"
  wait_for_port 127.0.0.1 "$port" 20 || die "FerretDB did not start; see $dir/../ferretdb-$port.log"
  log "FerretDB listening on 127.0.0.1:$port (pid $(cat "$pidfile"))"
}

stop_pidfile() {
  local pidfile="$1"
  [[ -f "$pidfile" ]] || return 0
  local pid; pid="$(cat "$pidfile")"
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Starts the local bKash and SSLCommerz simulators (scripts/payment-simulators/serve.ts) and exports
# the app's settings for them. They stop with the caller's trap, and by themselves if it dies.
# Their settings and log go to DIR (default .data), so scripts running at once keep their own.
start_payment_simulators() { # bkash-port sslcommerz-port app-url pidfile [dir]
  local bkash_port="$1" ssl_port="$2" app_url="$3" pidfile="$4" dir="${5:-$DATA_DIR}" out name value
  out="$dir/payment-simulators.env"
  for port in "$bkash_port" "$ssl_port"; do
    port_in_use "$port" && die "Port $port is already in use; set KZ_BKASH_SIMULATOR_PORT / KZ_SSLCOMMERZ_SIMULATOR_PORT to free ones."
  done
  mkdir -p "$dir"
  : >"$out"
  node --import tsx "$ROOT/scripts/payment-simulators/serve.ts" --bkash-port "$bkash_port" --sslcommerz-port "$ssl_port" --app-url "$app_url" \
    >"$out" 2>>"$dir/payment-simulators.log" &
  echo $! >"$pidfile"
  for _ in $(seq 1 150); do grep -qx ready "$out" && break; sleep 0.2; done
  grep -qx ready "$out" || die "The payment simulators did not start; see $dir/payment-simulators.log"
  while IFS='=' read -r name value; do
    [[ "$name" == ready ]] || export "$name=$value"
  done <"$out"
  log "bKash and SSLCommerz simulators on 127.0.0.1:$bkash_port and 127.0.0.1:$ssl_port (pid $(cat "$pidfile"))"
}

# Stops a process group a script started (each server runs in its own session, so its pid is its
# group id), but only while the pid still belongs to the expected program: a stale pidfile from an
# aborted run must never take down somebody else's process that reused the number.
stop_group() { # pidfile expected-command-substring
  local pidfile="$1" expected="$2" pid
  [[ -f "$pidfile" ]] || return 0
  pid="$(cat "$pidfile")"
  if [[ -n "$pid" ]] && ps -p "$pid" -o args= 2>/dev/null | grep -q -- "$expected"; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
}

# The first port of FROM..TO nobody listens on; fails when all are taken.
first_free_port() { # from to
  local port
  for port in $(seq "$1" "$2"); do port_in_use "$port" || { echo "$port"; return 0; }; done
  return 1
}

# The first free port of FROM..TO for a run's database, unless SETTING (its variable's name) chose
# one; stops the run when none is free. WHAT names the run ("the cache-churn bench").
database_port() { # from to setting what
  local chosen="${!3:-}"
  if [[ -n "$chosen" ]]; then echo "$chosen"; return 0; fi
  first_free_port "$1" "$2" || die "No free port in $1-$2 for $4 database; set $3."
}

# Stops the run unless every PORT is free. WHAT names the run ("the first-render bench").
require_free_ports() { # what port…
  local what="$1" port ports
  shift
  ports="$*"
  for port in "$@"; do
    if port_in_use "$port"; then die "Port $port is in use by another program; $what needs 127.0.0.1:${ports// /, :}."; fi
  done
}

# Builds the production app into DIST-DIR for a bench run (the build reads no database:
# server/platform/build-phase.ts) and puts back the project files next build touches; REUSE=1 keeps an
# existing build. NAME=VALUE settings for the build follow (AUTH_SECRET, SITE_URL …).
build_for_run() { # dist-dir work-dir reuse NAME=VALUE…
  local dist="$1" work="$2" reuse="$3" started
  shift 3
  if [[ "$reuse" == 1 && -f "$ROOT/$dist/BUILD_ID" ]]; then
    log "reusing the existing $dist build"
    return 0
  fi
  log "building into $dist (log: $work/build.log)"
  snapshot_project_files "$work/snapshot"
  rm -rf "${ROOT:?}/$dist"
  started=$SECONDS
  env -u MONGODB_URI KZ_DIST_DIR="$dist" "$@" node_modules/.bin/next build >"$work/build.log" 2>&1 \
    || { restore_project_files "$work/snapshot" "$dist"; tail -40 "$work/build.log"; die "next build failed (log: $work/build.log)"; }
  restore_project_files "$work/snapshot" "$dist"
  log "build took $((SECONDS - started)) s"
}

# The settings of a bench that runs this build against an earlier one (first-render, funnel): both
# app servers' addresses and pid files under WORK-DIR, a fresh AUTH_SECRET, the flag both servers
# are started with (stop_group checks it before stopping a pid), and two_build_cleanup.
two_build_bench() { # work-dir dist-dir app-port base-port
  WORK_DIR="$1" DIST_DIR="$2" APP_PORT="$3" BASE_PORT="$4"
  BASE_DIR="$WORK_DIR/base"
  APP_URL="http://127.0.0.1:$APP_PORT"
  BASE_URL="http://127.0.0.1:$BASE_PORT"
  FERRET_PIDFILE="$WORK_DIR/ferretdb.pid"
  APP_PIDFILE="$WORK_DIR/app.pid"
  BASE_PIDFILE="$WORK_DIR/base-app.pid"
  AUTH_SECRET_BENCH="$(head -c 32 /dev/urandom | base64 | tr -d '=+/')"
  NODE_FLAG=max-semi-space-size
}

# Stops what a two_build_bench started and puts back the project files its build touched.
two_build_cleanup() {
  stop_group "$APP_PIDFILE" "$NODE_FLAG"
  stop_group "$BASE_PIDFILE" "$NODE_FLAG"
  stop_group "$FERRET_PIDFILE" ferretdb
  restore_project_files "$WORK_DIR/snapshot" "$DIST_DIR"
}

# start_static_nginx NGINX-DIR STATIC-DIR PORT PIDFILE — nginx serving the files of STATIC-DIR (made
# empty) on 127.0.0.1:PORT, its config and logs in NGINX-DIR, its master's pid in PIDFILE: the
# benches' baseline for "the same bytes served as static files". Stop it with stop_group PIDFILE nginx.
start_static_nginx() {
  local nginx_dir="$1" static_dir="$2" port="$3" pidfile="$4"
  rm -rf "$nginx_dir" "$static_dir"
  mkdir -p "$nginx_dir/tmp" "$static_dir"
  # nginx's workers run as an unprivileged user when started by root: they must be able to read.
  chmod 755 "$(dirname "$static_dir")" "$static_dir"
  cat >"$nginx_dir/nginx.conf" <<EOF
# Written by scripts/lib.sh (start_static_nginx) for one bench run: static files, loopback only.
worker_processes auto;
daemon off;
pid $nginx_dir/nginx.pid;
error_log $nginx_dir/error.log warn;
events { worker_connections 4096; }
http {
  types { text/html html; application/json json; application/vnd.apple.mpegurl m3u8; video/mp2t ts; }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  # Node keeps a connection open for as many requests as the client sends; so does nginx here.
  keepalive_requests 1000000;
  keepalive_timeout 65;
  client_body_temp_path $nginx_dir/tmp/body;
  proxy_temp_path $nginx_dir/tmp/proxy;
  fastcgi_temp_path $nginx_dir/tmp/fastcgi;
  uwsgi_temp_path $nginx_dir/tmp/uwsgi;
  scgi_temp_path $nginx_dir/tmp/scgi;
  server {
    listen 127.0.0.1:$port;
    root $static_dir;
    location / { try_files \$uri =404; }
  }
}
EOF
  nginx -t -q -p "$nginx_dir" -c "$nginx_dir/nginx.conf" -e "$nginx_dir/error.log" || die "nginx rejected $nginx_dir/nginx.conf"
  setsid nginx -p "$nginx_dir" -c "$nginx_dir/nginx.conf" -e "$nginx_dir/error.log" >>"$nginx_dir/error.log" 2>&1 &
  echo $! >"$pidfile"
  wait_for_port 127.0.0.1 "$port" 20 || die "nginx did not start; see $nginx_dir/error.log"
  log "nginx $(nginx -v 2>&1 | sed 's/.*\///') serving $static_dir on 127.0.0.1:$port"
}

# Builds an earlier commit of this repository for a comparison in the same bench run, once per
# commit: its sources from `git archive` into DIR, this tree's node_modules hard-linked (both run on
# the same packages), `next build` with the NAME=VALUE settings that follow.
build_earlier_commit() { # ref dir log NAME=VALUE…
  local ref="$1" dir="$2" logfile="$3" commit
  shift 3
  commit="$(git rev-parse --verify "$ref^{commit}")" || die "$ref is not a commit of this repository"
  if [[ -f "$dir/.next/BUILD_ID" && "$(cat "$dir/.commit" 2>/dev/null)" == "$commit" ]]; then
    log "reusing the earlier build of ${commit:0:7}"
    return 0
  fi
  log "building ${commit:0:7} into $dir (log: $logfile)"
  rm -rf "$dir"
  mkdir -p "$dir"
  git archive "$commit" | tar -x -C "$dir"
  cp -al "$ROOT/node_modules" "$dir/node_modules"
  (cd "$dir" && env -u MONGODB_URI "$@" node_modules/.bin/next build) >"$logfile" 2>&1 \
    || { tail -40 "$logfile"; die "building ${commit:0:7} failed (log: $logfile)"; }
  echo "$commit" >"$dir/.commit"
}

# The production server's entry in a source tree (it moved once; an earlier build may have the old one).
server_entry() { # source-dir
  if [[ -f "$1/serving/server.mjs" ]]; then echo serving/server.mjs; else echo scripts/serve.mjs; fi
}

# Waits until the app server started with PIDFILE answers URL/login with 200, for 90 s at most; if
# it exits first, shows the end of its LOG and stops the run.
wait_for_app() { # url pidfile log
  local deadline=$((SECONDS + 90))
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$1/login" || true)" == 200 ]]; do
    kill -0 "$(cat "$2")" 2>/dev/null || { tail -20 "$3" >&2; die "the app server exited; see $3"; }
    (( SECONDS < deadline )) || die "the app server did not answer /login with 200 within 90 s; see $3"
    sleep 0.2
  done
}

# `next build` adds its dist folder's type globs to tsconfig.json and rewrites next-env.d.ts.
# Those files belong to the project, so bench and chaos runs put them back exactly as they were — but only
# when nothing else changed them meanwhile (another build or an engineer's edit is left alone).
snapshot_project_files() { # snapshot-dir
  mkdir -p "$1"
  cp tsconfig.json "$1/tsconfig.json"
  if [[ -f next-env.d.ts ]]; then cp next-env.d.ts "$1/next-env.d.ts"; else rm -f "$1/next-env.d.ts"; fi
}

restore_project_files() { # snapshot-dir dist-dir
  local DIST_DIR="$2"
  [[ -f "$1/tsconfig.json" ]] || return 0
  if ! cmp -s tsconfig.json "$1/tsconfig.json"; then
    if node -e '
      const fs = require("node:fs");
      const strip = (config) => ({ ...config, include: (config.include ?? []).filter((entry) => !entry.startsWith(process.argv[2] + "/")) });
      const now = strip(JSON.parse(fs.readFileSync("tsconfig.json", "utf8")));
      const before = strip(JSON.parse(fs.readFileSync(process.argv[1], "utf8")));
      process.exit(JSON.stringify(now) === JSON.stringify(before) ? 0 : 1);
    ' "$1/tsconfig.json" "$DIST_DIR"; then
      cp "$1/tsconfig.json" tsconfig.json
      log "put tsconfig.json back as it was (next build had added $DIST_DIR type globs)"
    else
      log "tsconfig.json changed during the build beyond next build's own globs; left as it is"
    fi
  fi
  if [[ -f "$1/next-env.d.ts" ]] && grep -q "$DIST_DIR/" next-env.d.ts 2>/dev/null; then
    cp "$1/next-env.d.ts" next-env.d.ts
  fi
  rm -rf "$1"
}
