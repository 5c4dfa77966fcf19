package dev.condlint.webhook;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * The bytes the server holds for requests at once, within a bound: each request's body as it arrives
 * (never more than has arrived), then its decoded objects until its evaluation has stopped. Without the
 * bound, a few dozen concurrent 3 MiB reviews outgrew the heap; with it reserved from the declared
 * length before a byte arrived, nine connections that sent one byte each held it all.
 *
 * <p>No connection holds more than {@code perConnection}. And when the bound is reached, the connection
 * holding the most in bodies still arriving gives way to one holding less: its newest such body is
 * {@linkplain Holder#evicted evicted} (its bytes are freed at once, and its request answers that it
 * could not be checked). So one client cannot shut the others out by holding bytes, whatever it sends.
 */
final class InflightBudget {
  private final long max;
  private final long perConnection;
  private long used;
  private final Set<Connection> connections = new HashSet<>();
  // Told, outside the lock, when a request gives bytes back (the read queue admits the next body).
  private volatile Runnable released = () -> {};

  InflightBudget(long max, long perConnection) {
    if (perConnection > max) {
      throw new IllegalArgumentException("a connection's share cannot exceed the bound");
    }
    this.max = max;
    this.perConnection = perConnection;
  }

  InflightBudget(long max) {
    this(max, max);
  }

  /** The bytes one client connection's requests hold. */
  final class Connection {
    private long held;
    // When a byte of a body last arrived on this connection (System.nanoTime), from any event loop.
    private volatile long lastArrival = System.nanoTime();
    // Bodies still arriving, oldest first: the ones that can give way.
    private final Deque<Holder> arriving = new ArrayDeque<>();

    /** A holder for one request on this connection, holding nothing yet. */
    Holder open(Runnable evicted) {
      return new Holder(this, evicted);
    }

    long held() {
      synchronized (InflightBudget.this) {
        return held;
      }
    }

    /** A byte of some body arrived on this connection. */
    void arrived() {
      lastArrival = System.nanoTime();
    }

    /** When a byte of a body last arrived on this connection, a {@link System#nanoTime} value. */
    long lastArrival() {
      return lastArrival;
    }
  }

  Connection connection() {
    return new Connection();
  }

  /** Runs {@code listener}, on the releasing thread and outside the budget's lock, when bytes are given back. */
  void onRelease(Runnable listener) {
    released = listener;
  }

  /** What one request holds. */
  final class Holder {
    private final Connection connection;
    private final Runnable evicted;
    private long held;
    private boolean arriving = true;
    private boolean listed;
    private boolean closed;

    private Holder(Connection connection, Runnable evicted) {
      this.connection = connection;
      this.evicted = evicted;
    }

    /**
     * Holds {@code bytes} more, making room from the connection that holds the most if it holds more
     * than this one would; false when they do not fit (nothing is then held more).
     */
    boolean grow(long bytes) {
      synchronized (InflightBudget.this) {
        if (closed || connection.held + bytes > perConnection) {
          return false;
        }
        while (used + bytes > max) {
          Connection most = mostArriving();
          if (most == null || most == connection || most.held <= connection.held + bytes) {
            return false;
          }
          Holder victim = most.arriving.peekLast();
          victim.releaseLocked();
          victim.closed = true;
          victim.evicted.run();
        }
        if (arriving && !listed) {
          connection.arriving.addLast(this);
          listed = true;
        }
        connections.add(connection);
        take(bytes);
        return true;
      }
    }

    /**
     * The body has arrived and is replaced by {@code bytes} (its decoded objects and what evaluating
     * them takes): no longer evictable. False when the new amount does not fit; the holder then holds
     * nothing.
     */
    boolean replace(long bytes) {
      boolean fits;
      long before;
      synchronized (InflightBudget.this) {
        if (closed) {
          return false;
        }
        before = held;
        releaseLocked();
        arriving = false;
        fits = used + bytes <= max && connection.held + bytes <= perConnection;
        if (fits) {
          take(bytes);
        }
      }
      if (!fits || bytes < before) {
        released.run();
      }
      return fits;
    }

    /** Gives back all it holds; nothing more can be held. */
    void close() {
      boolean gave;
      synchronized (InflightBudget.this) {
        gave = held > 0;
        releaseLocked();
        closed = true;
      }
      if (gave) {
        released.run();
      }
    }

    long held() {
      synchronized (InflightBudget.this) {
        return held;
      }
    }

    private void take(long bytes) {
      held += bytes;
      connection.held += bytes;
      used += bytes;
    }

    private void releaseLocked() {
      used -= held;
      connection.held -= held;
      held = 0;
      if (listed) {
        connection.arriving.remove(this);
        listed = false;
      }
      if (connection.held == 0) {
        connections.remove(connection);
      }
    }
  }

  /** The connection holding the most, among those with bodies still arriving. */
  private Connection mostArriving() {
    Connection most = null;
    for (Connection c : connections) {
      if (!c.arriving.isEmpty() && (most == null || c.held > most.held)) {
        most = c;
      }
    }
    return most;
  }

  synchronized long used() {
    return used;
  }

  long max() {
    return max;
  }

  long perConnection() {
    return perConnection;
  }
}
