-- wrk script for the instances phase (scripts/bench/wrk.ts runs `wrk -s` with it): wrk prints no
-- p95 of its own, so after the run this prints one line
--   WRK_RESULT {"seconds":…,"requests":…,"p50":…,"p95":…,"p99":…,"errors":{…},…}
-- that wrk.ts parses. Latencies are in microseconds, as wrk keeps them. Nothing here runs per
-- request: wrk builds the request once and sends it as fast as the server answers.
-- first-render.lua and mixed.lua load this file too and add their per-thread counters (read here
-- through thread:get, absent ones count 0).

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

local COUNTERS = { "sent", "non200", "pageCacheHits", "pageCacheStale", "isrHits", "repeats", "ok2xx", "redirect3xx", "client4xx", "limited429", "server5xx" }

function done(summary, latency, requests)
  local totals = {}
  for _, name in ipairs(COUNTERS) do
    totals[name] = 0
    for _, thread in ipairs(threads) do
      totals[name] = totals[name] + (tonumber(thread:get(name)) or 0)
    end
  end
  local counters = {}
  for _, name in ipairs(COUNTERS) do counters[#counters + 1] = string.format('"%s":%d', name, totals[name]) end
  local errors = summary.errors
  io.write(string.format(
    'WRK_RESULT {"seconds":%.6f,"requests":%d,"bytes":%d,' ..
      '"latencyUs":{"mean":%.1f,"p50":%d,"p95":%d,"p99":%d,"max":%d},' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
      '"counters":{%s}}\n',
    summary.duration / 1e6, summary.requests, summary.bytes,
    latency.mean, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    errors.connect, errors.read, errors.write, errors.status, errors.timeout,
    table.concat(counters, ",")))
end
