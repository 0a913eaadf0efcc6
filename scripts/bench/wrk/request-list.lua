-- The requests of a file, one a line, for first-render.lua and mixed.lua: thread i (from 0) sends
-- lines i+1, i+1+THREADS, … so no two requests share a line. Running out starts over; the requests
-- after that are counted as "repeats" (the figures then include cache hits). Each line is made
-- into a finished request once, in init: wrk.format per request would cost the client CPU the
-- servers need.

sent, repeats = 0, 0
local requests, position, step, lapped

-- Reads FILE's non-empty lines through build(line) → a request (wrk.format's result).
function loadRequests(file, threads, build)
  requests = {}
  for line in io.lines(file) do
    if line ~= "" then requests[#requests + 1] = build(line) end
  end
  assert(#requests > 0, "no requests in " .. tostring(file))
  step = tonumber(threads) or 1
  position = (tonumber(id) or 0) + 1
end

function request()
  if position > #requests then
    lapped = true
    position = (position - 1) % #requests + 1
  end
  if lapped then repeats = repeats + 1 end
  local next = requests[position]
  position = position + step
  sent = sent + 1
  return next
end
