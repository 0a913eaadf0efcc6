-- wrk script for the instances phase's page-cache-miss case (scripts/bench/wrk.ts): every request
-- asks for a course page this server has not been asked for before, so neither the page cache nor
-- Next's ISR cache has it and the page is rendered from the database.
--   wrk … -s scripts/bench/wrk/first-render.lua URL -- PATHS_FILE THREADS
-- PATHS_FILE holds one path a line, sent as request-list.lua says.
-- Each answer is checked: status, and whether a cache answered it (both should stay 0).

local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "./"
dofile(here .. "summary.lua")
dofile(here .. "request-list.lua")

non200, pageCacheHits, isrHits = 0, 0, 0

function init(args)
  loadRequests(args[1], args[2], function(path) return wrk.format("GET", path) end)
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
  if headers["x-kz-page-cache"] == "HIT" then pageCacheHits = pageCacheHits + 1 end
  if headers["x-nextjs-cache"] == "HIT" then isrHits = isrHits + 1 end
end
