package dev.condlint.cluster;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * An answer's body that is closed when no byte has come for the timeout, so that a read blocked on
 * a stalled connection fails (and the request is retried) instead of waiting for ever. Closed once
 * read to its end, it leaves the connection alone: fabric8 cancels a body on close, which resets the
 * connection, and the pool could hand that connection to the next request as it closes.
 */
final class IdleWatch extends FilterInputStream {
  private volatile long bytes;
  private volatile boolean stalled;
  private volatile boolean ended;
  private ScheduledFuture<?> check;

  IdleWatch(InputStream in) {
    super(in);
  }

  void start(ScheduledExecutorService scheduler, Duration timeout) {
    long period = Math.max(10, timeout.toMillis() / 4);
    long[] last = {-1, System.nanoTime()};
    check = scheduler.scheduleAtFixedRate(() -> {
      long now = System.nanoTime();
      if (bytes != last[0]) {
        last[0] = bytes;
        last[1] = now;
      } else if (now - last[1] >= timeout.toNanos()) {
        stalled = true;
        try {
          in.close();
        } catch (IOException e) {
          // Closing is all we can do; the reader fails either way.
        }
      }
    }, period, period, TimeUnit.MILLISECONDS);
  }

  void stop() {
    if (check != null) {
      check.cancel(false);
    }
  }

  boolean stalled() {
    return stalled;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      bytes++;
    } else {
      ended = true;
    }
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    if (n > 0) {
      bytes += n;
    } else if (n < 0) {
      ended = true;
    }
    return n;
  }

  @Override
  public void close() throws IOException {
    if (!ended) {
      super.close();
    }
  }
}
