-- wrk script for the instances phase's page-cache-miss case (scripts/bench/wrk.ts): every request
-- asks for a course page this server has not been asked for before, so neither the page cache nor
-- Next's ISR cache has it and the page is rendered from the database.
--   wrk … -s scripts/bench/wrk/first-render.lua URL -- PATHS_FILE THREADS
-- PATHS_FILE holds one path a line; thread i (from 0) asks for lines i+1, i+1+THREADS, … so no
-- two requests share a path. Running out starts over; the requests after that are counted as
-- "repeats" (the figures then include cache hits).
-- Each answer is checked: status, and whether a cache answered it (both should stay 0).

local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "./"
dofile(here .. "summary.lua")

sent, non200, pageCacheHits, isrHits, repeats = 0, 0, 0, 0, 0
local paths, position, step, lapped

function init(args)
  paths = {}
  for line in io.lines(args[1]) do
    if line ~= "" then paths[#paths + 1] = line end
  end
  assert(#paths > 0, "no paths in " .. tostring(args[1]))
  step = tonumber(args[2]) or 1
  position = (tonumber(id) or 0) + 1
end

function request()
  if position > #paths then
    lapped = true
    position = (position - 1) % #paths + 1
  end
  if lapped then repeats = repeats + 1 end
  local path = paths[position]
  position = position + step
  sent = sent + 1
  return wrk.format("GET", path)
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
  if headers["x-kz-page-cache"] == "HIT" then pageCacheHits = pageCacheHits + 1 end
  if headers["x-nextjs-cache"] == "HIT" then isrHits = isrHits + 1 end
end
