-- wrk script for the webhook load runner: POSTs the file $BODY as JSON, optionally waits $DELAY_MS
-- between a response and the next request on each connection (a paced, below-saturation load), and
-- prints one RESULT line with throughput, latency percentiles in ms and errors.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = f:read("*a")
f:close()

-- The paced load: each connection waits a random, exponentially distributed time (mean DELAY_MS)
-- after each response. A fixed pause would keep the 32 connections in step: they start together and
-- all send again at the same moment, so the server would see bursts of 32 simultaneous requests
-- (saturation for a moment) separated by idle gaps, and the p99 would measure the burst, not the
-- average rate. Random pauses spread the requests like independent clients (Poisson arrivals).
local pause = tonumber(os.getenv("DELAY_MS") or "")
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + (thread_id or 0))
end

if pause and pause > 0 then
  function delay()
    -- 1 - random() lies in (0, 1]: its logarithm is finite.
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
