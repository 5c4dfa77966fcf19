package dev.condlint.webhook;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Which bodies are read at once. Bodies read at once share the bytes the clients can send and the
 * server can decrypt evenly: when more arrive than can be read within {@code --read-timeout}, almost
 * none finishes (at 40 concurrent 3 MiB reviews on a loaded machine, 15% were decided). So a body is
 * read whole only once it is admitted: in arrival order, each that fits while the bodies being read
 * declare at most {@code maxReading} bytes together (one body is always admitted when none is read,
 * whatever its size) and the {@link InflightBudget} has room for it. The rest wait with their first
 * {@link #PREFIX_BYTES} read (which must arrive within the stall timeout, so a place in the queue is not
 * free) and the rest unread, at most {@code maxWaiting} of them, each until the time it needs to arrive
 * would pass its read deadline ({@link BodyReader}). A body no larger than {@link #PREFIX_BYTES} is read
 * at once, without a place.
 *
 * <p>A body's declared length (its {@code Content-Length}, or {@code --max-body-bytes} without one)
 * only decides when it is read: the {@link InflightBudget} still counts the bytes that arrive, and a
 * body admitted to reading must arrive at the pace that finishes it within its read deadline while
 * others wait ({@link BodyReader}), so declaring a large body and sending it slowly does not hold its
 * place.
 */
final class ReadQueue {
  /**
   * What is read of a body at once, even while it waits for its turn; a body no larger is read as it
   * comes. As large as an HTTP/2 stream's window, which a client may send on a stream unasked.
   */
  static final long PREFIX_BYTES = WebhookServer.HTTP2_STREAM_WINDOW;
  private final long maxReading;
  private final int maxWaiting;
  private final InflightBudget budget;
  private long reading;
  private final Deque<Ticket> waiting = new ArrayDeque<>();
  // Bytes per nanosecond at which admitted bodies arrived, smoothed; 0 until one has.
  private double bodyRate;

  ReadQueue(long maxReading, int maxWaiting, InflightBudget budget) {
    if (maxReading < 1 || maxWaiting < 0) {
      throw new IllegalArgumentException("the bytes read at once must be positive and the waiting 0 or more");
    }
    this.maxReading = maxReading;
    this.maxWaiting = maxWaiting;
    this.budget = budget;
    budget.onRelease(this::admitWaiting);
  }

  /** One request's place: admitted to reading, or waiting for it. */
  final class Ticket {
    private final long bytes;
    private final Runnable admitted;
    private boolean reading;
    private boolean left;
    private long admittedAt;

    private Ticket(long bytes, Runnable admitted) {
      this.bytes = bytes;
      this.admitted = admitted;
    }

    /** Whether its body may be read now. */
    boolean reading() {
      synchronized (ReadQueue.this) {
        return reading;
      }
    }

    /**
     * The request is done with reading (its body arrived, or it was answered): its place goes to those
     * waiting. {@code arrived} is how many bytes of its body arrived, all of it when it ended.
     */
    void leave(long arrived, boolean whole) {
      List<Ticket> admitted;
      synchronized (ReadQueue.this) {
        if (left) {
          return;
        }
        left = true;
        if (reading) {
          reading = false;
          ReadQueue.this.reading -= bytes;
          long took = System.nanoTime() - admittedAt;
          if (whole && arrived > 64 * 1024 && took > 0) {
            double rate = (double) arrived / took;
            bodyRate = bodyRate == 0 ? rate : 0.7 * bodyRate + 0.3 * rate;
          }
        } else {
          waiting.remove(this);
        }
        admitted = admitLocked();
      }
      admitted.forEach(t -> t.admitted.run());
    }
  }

  /**
   * A place for a body that declares {@code bytes}: reading at once (its {@code admitted} is not run),
   * waiting (it runs, on whatever thread frees the room, once the body may be read), or none, when
   * {@code maxWaiting} requests already wait.
   */
  synchronized Ticket enter(long bytes, Runnable admitted) {
    Ticket ticket = new Ticket(bytes, admitted);
    if (fits(bytes)) {
      start(ticket);
      return ticket;
    }
    if (waiting.size() >= maxWaiting) {
      return null;
    }
    waiting.addLast(ticket);
    return ticket;
  }

  /** Whether requests wait for a place: then a body read too slowly gives its place up. */
  synchronized boolean othersWaiting() {
    return !waiting.isEmpty();
  }

  /**
   * How long a body of {@code bytes} took to arrive at the pace admitted bodies recently arrived, in
   * nanoseconds; 0 when none has arrived yet.
   */
  synchronized long expectedReadNanos(long bytes) {
    return bodyRate == 0 ? 0 : (long) (bytes / bodyRate);
  }

  synchronized int waitingCount() {
    return waiting.size();
  }

  synchronized long readingBytes() {
    return reading;
  }

  long maxReading() {
    return maxReading;
  }

  int maxWaiting() {
    return maxWaiting;
  }

  private void admitWaiting() {
    List<Ticket> admitted;
    synchronized (this) {
      admitted = admitLocked();
    }
    admitted.forEach(t -> t.admitted.run());
  }

  /** Admits, in arrival order, each waiting body that fits. */
  private List<Ticket> admitLocked() {
    List<Ticket> admitted = new ArrayList<>();
    for (java.util.Iterator<Ticket> it = waiting.iterator(); it.hasNext(); ) {
      Ticket next = it.next();
      if (fits(next.bytes)) {
        it.remove();
        start(next);
        admitted.add(next);
      }
    }
    return admitted;
  }

  private boolean fits(long bytes) {
    if (reading == 0) {
      // Alone, a body is read whatever it declares; the budget still bounds what arrives.
      return true;
    }
    return reading + bytes <= maxReading && budget.used() + bytes <= budget.max();
  }

  private void start(Ticket ticket) {
    ticket.reading = true;
    ticket.admittedAt = System.nanoTime();
    reading += ticket.bytes;
  }
}
