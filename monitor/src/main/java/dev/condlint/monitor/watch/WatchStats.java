package dev.condlint.monitor.watch;

import dev.condlint.monitor.state.WatchedKind;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/** How one resource's watch fares: its errors, its relists, when it last listed, whether it has synced. */
public final class WatchStats {
  private final WatchedKind kind;
  private final AtomicLong errors = new AtomicLong();
  private final AtomicLong relists = new AtomicLong();
  private volatile Instant lastSync;
  private volatile boolean synced;
  private volatile boolean refused;
  private volatile String lastError = "";

  WatchStats(WatchedKind kind) {
    this.kind = kind;
  }

  public WatchedKind kind() {
    return kind;
  }

  /** Failed lists and watches (each tried again, with a growing backoff), and objects that could not be judged. */
  public long errors() {
    return errors.get();
  }

  /** Lists after the first: a watch ended with 410 Gone, or could not go on from where it was. */
  public long relists() {
    return relists.get();
  }

  /** When the last list completed; empty before the first. */
  public Optional<Instant> lastSync() {
    return Optional.ofNullable(lastSync);
  }

  /** Whether its first list has been judged. */
  public boolean synced() {
    return synced;
  }

  /** Whether the API server refused it (401, 403, 404): it is tried again, but readiness does not wait for it. */
  public boolean refused() {
    return refused;
  }

  public String lastError() {
    return lastError;
  }

  void error(String message, boolean refusal) {
    errors.incrementAndGet();
    lastError = message;
    if (refusal) {
      refused = true;
    }
  }

  void relisted() {
    relists.incrementAndGet();
  }

  void listed(Instant at) {
    lastSync = at;
    synced = true;
    refused = false;
  }
}
