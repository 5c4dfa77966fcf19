-- wrk script for the webhook load runner: POSTs the file $BODY as JSON, optionally waits $DELAY_MS
-- between a response and the next request on each connection (a paced, below-saturation load), and
-- prints one RESULT line with throughput, latency percentiles in ms and errors.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = f:read("*a")
f:close()

local pause = tonumber(os.getenv("DELAY_MS") or "")
if pause and pause > 0 then
  function delay()
    return pause
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT rps=%.1f p50=%.2f p99=%.2f p999=%.2f errors=%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency:percentile(99.9) / 1000,
    e.connect + e.read + e.write + e.status + e.timeout))
end
