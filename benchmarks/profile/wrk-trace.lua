-- wrk script of profile/trace.sh: the load runner's paced POST (wrk-post.lua: the file $BODY, random
-- exponential pauses of mean $DELAY_MS after each response), with each request numbered in an
-- x-trace-id header (RUN * 1e9 + thread * 1e8 + n) and its send and receive times on CLOCK_MONOTONIC (the
-- clock of the JVM's System.nanoTime) written to $TRACE.THREAD as "S id nanos" and "R id nanos status".
-- The servers echo the header (the webhook with -Dcondlint.requestTrace, the bare server always), so the
-- two lines pair up. Prints the same RESULT line as wrk-post.lua.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } trace_timespec;
  int clock_gettime(int clock, trace_timespec *ts);
]]
local ts = ffi.new("trace_timespec")
local function now()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000000000 + tonumber(ts.tv_nsec)
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = f:read("*a")
f:close()

local pause = tonumber(os.getenv("DELAY_MS") or "")
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local out
local n = 0
local base = 0
function init(args)
  math.randomseed(os.time() * 1000 + (thread_id or 0))
  out = assert(io.open(os.getenv("TRACE") .. "." .. thread_id, "w"))
  out:setvbuf("full", 1048576)
  base = tonumber(os.getenv("RUN") or "1") * 1000000000 + thread_id * 100000000
end

function request()
  n = n + 1
  local id = string.format("%d", base + n)
  wrk.headers["x-trace-id"] = id
  local r = wrk.format(nil, nil, wrk.headers, wrk.body)
  out:write("S ", id, " ", string.format("%d", now()), "\n")
  return r
end

function response(status, headers, body)
  local t = now()
  local id = headers["x-trace-id"] or headers["X-Trace-Id"] or "-1"
  out:write("R ", id, " ", string.format("%d", t), " ", status, "\n")
  if n % 256 == 0 then
    out:flush()
  end
end

if pause and pause > 0 then
  function delay()
    return math.floor(-math.log(1 - math.random()) * pause + 0.5)
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT rps=%.1f p50=%.2f p99=%.2f p999=%.2f errors=%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000,
    e.connect + e.read + e.write + e.status + e.timeout))
end
