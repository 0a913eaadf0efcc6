-- wrk script for the instances phase's mixed workload (scripts/bench/wrk.ts, scripts/bench/mixed.ts):
-- sends the requests of a file, one a line (method, path, cookie, origin and body, separated by
-- tabs), as request-list.lua says.
--   wrk … -s scripts/bench/wrk/mixed.lua URL -- REQUESTS_FILE THREADS
-- Answers are counted by status class; wrk's own latency figures cover them all.

local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "./"
dofile(here .. "summary.lua")
dofile(here .. "request-list.lua")

non200, ok2xx, redirect3xx, client4xx, limited429, server5xx = 0, 0, 0, 0, 0, 0

local function fields(line)
  local out = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do out[#out + 1] = field end
  return out
end

-- One line: method, path, cookie, origin, body.
local function build(line)
  local f = fields(line)
  -- wrk.format takes these instead of wrk.headers (the command line's Accept-Encoding): copied in.
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  if f[3] ~= "" then headers["Cookie"] = f[3] end
  if f[4] ~= "" then headers["Origin"] = f[4] end
  local body = nil
  if f[5] ~= "" then
    body = f[5]
    headers["Content-Type"] = "application/json"
  end
  return wrk.format(f[1], f[2], headers, body)
end

function init(args)
  loadRequests(args[1], args[2], build)
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
  if status == 429 then limited429 = limited429 + 1
  elseif status >= 500 then server5xx = server5xx + 1
  elseif status >= 400 then client4xx = client4xx + 1
  elseif status >= 300 then redirect3xx = redirect3xx + 1
  else ok2xx = ok2xx + 1 end
end
