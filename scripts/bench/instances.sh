#!/usr/bin/env bash
# The instances phase of `npm run bench` (its last phase), also runnable on its own:
#   bash scripts/bench/instances.sh
# Cached-page throughput and latency, measured with wrk (scripts/bench/wrk.ts), on one instance,
# on two instances behind nginx, without the page cache, and on a page cache miss, next to nginx
# serving the same bytes; then what no cache helps with (search, the legacy API next to the Express
# server it replaced, unknown ids, the cached home next to a bare Node server, a mixed workload, the
# crawl, the page cache hit again after it, memory after first renders), each next to its budget.
# Writes bench/results/instances-latest.md (and, when run.sh passes BENCH_REPORT_MD, the same
# section into its report).
#
# Started here, on the loopback, from the build in .next-bench and the seeded bench database:
#   A 127.0.0.1:3410 and B :3411   serving/server.mjs, the same build, database and secrets
#   C :3412                        the same with PAGE_CACHE=off (Next's own ISR cache only)
#   :3413                          nginx balancing over A and B (scripts/multi-instance/nginx.conf)
#   :3414                          nginx serving the course page A answered (gzip) as a static file
#   :3415                          the Express server the app replaced (scripts/bench/express-baseline.mjs),
#                                  `GET /course/:id` from the same database
#   :3416                          kept free for wrk.ts, which starts a bare Node server there for one case
#                                  (scripts/bench/bare-node-server.mjs: the home page's bytes as A sent them)
# Pids are kept in .data/bench-db/instances/*.pid (the bare server's too, written by wrk.ts);
# everything this script or wrk.ts started is stopped when it exits.
#
# run.sh passes BENCH_MONGODB_URI, BENCH_MANIFEST and BENCH_DIST_DIR. On its own it reuses
# .data/bench-db (made by `npm run bench`): the FerretDB of a bench run under way, or its own one
# started on that data directory, and the .next-bench build as it is.
#
#   BENCH_WRK_SECONDS=10   seconds per case (each after an untimed 2 s warm-up)
#   BENCH_DB_PORT          FerretDB port when this script starts one (default: the first free one of 27040-27049)
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
cd "$ROOT"

BENCH_DIR="$DATA_DIR/bench-db"
WORK_DIR="$BENCH_DIR/instances"
DIST_DIR="${BENCH_DIST_DIR:-.next-bench}"
MANIFEST="${BENCH_MANIFEST:-$BENCH_DIR/manifest-large.json}"
PORT_A=3410
PORT_B=3411
PORT_C=3412
LB_PORT=3413
STATIC_PORT=3414
EXPRESS_PORT=3415
BARE_PORT=3416
A_PIDFILE="$WORK_DIR/instance-a.pid"
B_PIDFILE="$WORK_DIR/instance-b.pid"
C_PIDFILE="$WORK_DIR/instance-c.pid"
LB_PIDFILE="$WORK_DIR/nginx-balancer.pid"
STATIC_PIDFILE="$WORK_DIR/nginx-static.pid"
EXPRESS_PIDFILE="$WORK_DIR/express-baseline.pid"
BARE_PIDFILE="$WORK_DIR/bare-node-server.pid"
FERRET_PIDFILE="$WORK_DIR/ferretdb.pid"
STATIC_DIR="$WORK_DIR/static"
# The same secrets on every instance, as in a real deployment of several.
AUTH_SECRET_BENCH=bench-only-secret-0123456789abcdef
ACTIONS_KEY="$(head -c 32 /dev/urandom | base64)"
# Only the loopback is contacted, and no step may hang the run.
MEASURE_TIMEOUT=15m

cleanup() {
  stop_group "$BARE_PIDFILE" bare-node-server.mjs
  stop_group "$EXPRESS_PIDFILE" express-baseline.mjs
  stop_group "$STATIC_PIDFILE" nginx
  stop_group "$LB_PIDFILE" nginx
  stop_group "$A_PIDFILE" serving/server.mjs
  stop_group "$B_PIDFILE" serving/server.mjs
  stop_group "$C_PIDFILE" serving/server.mjs
  stop_group "$FERRET_PIDFILE" ferretdb
}

start_instance() { # label port pidfile page-cache
  local label="$1" port="$2" pidfile="$3" pid
  # setsid makes the server its own process group (stop_group); the settings are run.sh's
  # start_app's and scripts/multi-instance/run.sh's start_instance's (the sandbox gateway, as in
  # run.sh, so the mixed workload's orders are taken).
  setsid env KZ_DIST_DIR="$DIST_DIR" MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production PAGE_CACHE="$4" ALLOW_SANDBOX_PAYMENTS=true \
    AUTH_SECRET="$AUTH_SECRET_BENCH" AUTH_TRUST_HOST=true SITE_URL="http://127.0.0.1:$LB_PORT" \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$ACTIONS_KEY" TRUSTED_PROXY_HOPS=1 NEXT_TELEMETRY_DISABLED=1 \
    serving/start -H 127.0.0.1 -p "$port" >"$WORK_DIR/instance-$label.log" 2>&1 &
  pid=$!
  echo "$pid" >"$pidfile"
}

wait_for_instance() { # label port pidfile
  local deadline=$((SECONDS + 90))
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "http://127.0.0.1:$2/login" || true)" == 200 ]]; do
    kill -0 "$(cat "$3")" 2>/dev/null || { tail -20 "$WORK_DIR/instance-$1.log" >&2; die "instance $1 exited; see $WORK_DIR/instance-$1.log"; }
    (( SECONDS < deadline )) || die "instance $1 did not answer /login with 200 within 90 s; see $WORK_DIR/instance-$1.log"
    sleep 0.2
  done
}

# Plain `node`, without serving/start's flags: the old server as it was run.
start_express() {
  setsid env BENCH_MONGODB_URI="$MONGODB_URI_BENCH" NODE_ENV=production \
    node scripts/bench/express-baseline.mjs "$EXPRESS_PORT" >"$WORK_DIR/express-baseline.log" 2>&1 &
  echo $! >"$EXPRESS_PIDFILE"
}

# Ready once it answers the measured course from the database (an empty 200 would mean another database).
wait_for_express() { # course-id
  local deadline=$((SECONDS + 30)) body
  until body="$(curl -sf --max-time 10 "http://127.0.0.1:$EXPRESS_PORT/course/$1" 2>/dev/null)" && [[ "$body" == *"\"_id\":\"$1\""* ]]; do
    kill -0 "$(cat "$EXPRESS_PIDFILE")" 2>/dev/null || { tail -20 "$WORK_DIR/express-baseline.log" >&2; die "the Express baseline exited; see $WORK_DIR/express-baseline.log"; }
    (( SECONDS < deadline )) || die "the Express baseline did not answer /course/$1 with that course within 30 s; see $WORK_DIR/express-baseline.log"
    sleep 0.2
  done
}

start_nginx() { # name port pidfile config-file
  local dir="$WORK_DIR/$1" port="$2" pidfile="$3" conf="$4" globals="daemon off;"
  # Started as root, nginx runs its workers as Debian's www-data, which must own the temp dirs.
  if [[ "$(id -u)" == 0 ]]; then
    globals="$globals user www-data www-data;"
    chown -R www-data:www-data "$dir/tmp"
  fi
  nginx -t -q -p "$dir/" -c "$conf" -e "$dir/logs/error.log" -g "$globals" || die "nginx refused $conf (see above)"
  setsid nginx -p "$dir/" -c "$conf" -e "$dir/logs/error.log" -g "$globals" >"$dir/logs/stderr.log" 2>&1 &
  echo $! >"$pidfile"
  wait_for_port 127.0.0.1 "$port" 10 || { cat "$dir/logs/error.log" >&2; die "nginx did not listen on 127.0.0.1:$port"; }
}

# --- preparation -----------------------------------------------------------------------------
[[ -x node_modules/.bin/tsx && -d node_modules/mongodb && -d node_modules/express ]] || ensure_node_modules
install_debian_package wrk wrk
install_debian_package nginx nginx-light nginx
[[ -f "$DIST_DIR/BUILD_ID" ]] || die "No build in $DIST_DIR: run npm run bench first (it builds it)."
[[ -f "$MANIFEST" ]] || die "No bench database ($MANIFEST is missing): run npm run bench first, which seeds it."
mkdir -p "$WORK_DIR"
cleanup # whatever an aborted earlier run left behind
trap cleanup EXIT
trap 'exit 143' TERM INT
require_free_ports "the instances phase" "$PORT_A" "$PORT_B" "$PORT_C" "$LB_PORT" "$STATIC_PORT" "$EXPRESS_PORT" "$BARE_PORT"
rm -rf "$WORK_DIR"/instance-*.log "$WORK_DIR/express-baseline.log" "$WORK_DIR/balancer" "$WORK_DIR/static-nginx" "$STATIC_DIR"

DATABASE="$(node -e 'console.log(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).database)' "$MANIFEST")"
COURSE_PATH="$(node -e 'console.log(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).courseDetailPath)' "$MANIFEST")"
if [[ -n "${BENCH_MONGODB_URI:-}" ]]; then
  MONGODB_URI_BENCH="$BENCH_MONGODB_URI"
else
  # A bench run under way: its FerretDB holds the data directory, so use it rather than a second one.
  running="$(cat "$BENCH_DIR/ferretdb.pid" 2>/dev/null || true)"
  listen="$( { [[ -n "$running" ]] && ps -p "$running" -o args= 2>/dev/null | grep ferretdb | grep -oE -- '-listen [0-9.]+:[0-9]+' | cut -d' ' -f2; } || true)"
  if [[ -n "$listen" ]]; then
    log "using the FerretDB of the bench run under way ($listen, pid $running)"
  else
    [[ -d "$BENCH_DIR/db" ]] || die "No bench database in $BENCH_DIR/db: run npm run bench first."
    DB_PORT="${BENCH_DB_PORT:-}"
    if [[ -z "$DB_PORT" ]]; then
      for candidate in $(seq 27040 27049); do port_in_use "$candidate" || { DB_PORT="$candidate"; break; }; done
      [[ -n "$DB_PORT" ]] || die "No free port in 27040-27049 for the benchmark database; set BENCH_DB_PORT."
    fi
    start_ferretdb "$DB_PORT" "$BENCH_DIR/db" "$FERRET_PIDFILE"
    listen="127.0.0.1:$DB_PORT"
  fi
  MONGODB_URI_BENCH="mongodb://$listen/$DATABASE"
fi

# --- three instances, two nginx and the Express baseline ---------------------------------------
started=$SECONDS
start_instance a "$PORT_A" "$A_PIDFILE" on
start_instance b "$PORT_B" "$B_PIDFILE" on
start_instance c "$PORT_C" "$C_PIDFILE" off
wait_for_instance a "$PORT_A" "$A_PIDFILE"
wait_for_instance b "$PORT_B" "$B_PIDFILE"
wait_for_instance c "$PORT_C" "$C_PIDFILE"
log "instances A :$PORT_A, B :$PORT_B (page cache on) and C :$PORT_C (page cache off) of $DIST_DIR ready in $((SECONDS - started)) s"

mkdir -p "$WORK_DIR/balancer/logs" "$WORK_DIR/balancer/tmp"
sed -e "s/127\.0\.0\.1:3700;/127.0.0.1:$LB_PORT;/" -e "s/127\.0\.0\.1:3701 /127.0.0.1:$PORT_A /" -e "s/127\.0\.0\.1:3702 /127.0.0.1:$PORT_B /" \
  scripts/multi-instance/nginx.conf >"$WORK_DIR/balancer/nginx.conf"
grep -q "127.0.0.1:$PORT_B " "$WORK_DIR/balancer/nginx.conf" || die "scripts/multi-instance/nginx.conf no longer lists 127.0.0.1:3701/3702: update the sed in $0"
start_nginx balancer "$LB_PORT" "$LB_PIDFILE" "$WORK_DIR/balancer/nginx.conf"

# The measured page as A answers it to `Accept-Encoding: gzip` (its page cache's bytes: the second
# request is the hit), served by nginx as a file with the same Content-Encoding.
mkdir -p "$STATIC_DIR" "$WORK_DIR/static-nginx/logs" "$WORK_DIR/static-nginx/tmp"
for _ in 1 2; do
  code="$(curl -s -o "$STATIC_DIR/course.html" -D "$WORK_DIR/course.headers" -w '%{http_code}' --max-time 30 -H 'Accept-Encoding: gzip' "http://127.0.0.1:$PORT_A$COURSE_PATH" || true)"
done
[[ "$code" == 200 ]] || die "instance A answered $code for $COURSE_PATH; see $WORK_DIR/instance-a.log"
grep -qi '^content-encoding: gzip' "$WORK_DIR/course.headers" || die "instance A did not gzip $COURSE_PATH (headers in $WORK_DIR/course.headers)"
chmod 755 "$BENCH_DIR" "$WORK_DIR" "$STATIC_DIR" && chmod 644 "$STATIC_DIR/course.html"
cat >"$WORK_DIR/static-nginx/nginx.conf" <<EOF
# Written by scripts/bench/instances.sh for one run: the course page's gzip bytes as a static file.
worker_processes auto;
pid nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  # Node keeps a connection open for as many requests as the client sends; so does nginx here.
  keepalive_requests 1000000;
  keepalive_timeout 65;
  client_body_temp_path tmp/body;
  proxy_temp_path tmp/proxy;
  fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi;
  scgi_temp_path tmp/scgi;
  server {
    listen 127.0.0.1:$STATIC_PORT;
    root $STATIC_DIR;
    default_type "text/html; charset=utf-8";
    location = /course.html { add_header Content-Encoding gzip; add_header Vary Accept-Encoding; }
    location / { return 404; }
  }
}
EOF
start_nginx static-nginx "$STATIC_PORT" "$STATIC_PIDFILE" "$WORK_DIR/static-nginx/nginx.conf"
log "nginx $(nginx -v 2>&1 | sed 's/.*\///'): balancer on :$LB_PORT over A and B, the course page's bytes ($(stat -c %s "$STATIC_DIR/course.html") bytes gzip) on :$STATIC_PORT"

start_express
wait_for_express "${COURSE_PATH##*/}"
log "the Express baseline (Express $(node -p 'require("express/package.json").version')) on :$EXPRESS_PORT"

# --- measurements ----------------------------------------------------------------------------
log "measuring with $(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2), ${BENCH_WRK_SECONDS:-10} s per case"
env BENCH_MONGODB_URI="$MONGODB_URI_BENCH" BENCH_MANIFEST="$MANIFEST" BENCH_INSTANCES_DIR="$WORK_DIR" BENCH_RESULTS_DIR="$ROOT/bench/results" \
  WRK_STATIC_URL="http://127.0.0.1:$STATIC_PORT/course.html" WRK_A_URL="http://127.0.0.1:$PORT_A" WRK_LB_URL="http://127.0.0.1:$LB_PORT" \
  WRK_C_URL="http://127.0.0.1:$PORT_C" WRK_C_PIDFILE="$C_PIDFILE" WRK_EXPRESS_URL="http://127.0.0.1:$EXPRESS_PORT" \
  WRK_BARE_PORT="$BARE_PORT" WRK_BARE_PIDFILE="$BARE_PIDFILE" \
  timeout "$MEASURE_TIMEOUT" node_modules/.bin/tsx scripts/bench/wrk.ts
