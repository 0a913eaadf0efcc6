-- wrk script for the cache-churn bench (scripts/bench/cache-churn.ts): every request one of a list of
-- public pages, in turn, and each answer counted by how the page cache answered it.
--   wrk … -s scripts/bench/wrk/page-cache-states.lua URL -- PATHS_FILE THREADS
-- PATHS_FILE holds one path a line, sent as request-list.lua says (here a list shorter than the
-- run, so every thread goes round it again and again).

local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "./"
dofile(here .. "summary.lua")
dofile(here .. "request-list.lua")

non200, pageCacheHits, pageCacheStale = 0, 0, 0

function init(args)
  loadRequests(args[1], args[2], function(path) return wrk.format("GET", path, { ["Accept-Encoding"] = "gzip" }) end)
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
  local state = headers["x-kz-page-cache"]
  if state == "HIT" then pageCacheHits = pageCacheHits + 1 elseif state == "STALE" then pageCacheStale = pageCacheStale + 1 end
end
