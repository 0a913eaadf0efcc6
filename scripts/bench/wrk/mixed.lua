-- wrk script for the instances phase's mixed workload (scripts/bench/wrk.ts, scripts/bench/mixed.ts):
-- sends the requests of a file, one a line (method, path, cookie, origin and body, separated by
-- tabs), thread i (from 0) lines i+1, i+1+THREADS, … Running out starts over ("repeats").
--   wrk … -s scripts/bench/wrk/mixed.lua URL -- REQUESTS_FILE THREADS
-- Answers are counted by status class; wrk's own latency figures cover them all.

local here = debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "./"
dofile(here .. "summary.lua")

sent, non200, repeats, ok2xx, redirect3xx, client4xx, limited429, server5xx = 0, 0, 0, 0, 0, 0, 0, 0
local requests, position, step, lapped

local function fields(line)
  local out = {}
  for field in (line .. "\t"):gmatch("([^\t]*)\t") do out[#out + 1] = field end
  return out
end

function init(args)
  requests = {}
  for line in io.lines(args[1]) do
    if line ~= "" then
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
      -- Built once here: wrk.format per request would cost the client CPU the servers need.
      requests[#requests + 1] = wrk.format(f[1], f[2], headers, body)
    end
  end
  assert(#requests > 0, "no requests in " .. tostring(args[1]))
  step = tonumber(args[2]) or 1
  position = (tonumber(id) or 0) + 1
end

function request()
  if position > #requests then
    lapped = true
    position = (position - 1) % #requests + 1
  end
  if lapped then repeats = repeats + 1 end
  local request = requests[position]
  position = position + step
  sent = sent + 1
  return request
end

function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
  if status == 429 then limited429 = limited429 + 1
  elseif status >= 500 then server5xx = server5xx + 1
  elseif status >= 400 then client4xx = client4xx + 1
  elseif status >= 300 then redirect3xx = redirect3xx + 1
  else ok2xx = ok2xx + 1 end
end
