package dev.condlint.cli.audit.cluster;

import dev.condlint.cluster.Progress;
import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * The progress of an audit on one line of a terminal, rewritten in place at most ten times a second
 * ({@code condlint audit: 12 of 87 resources listed, 4210 objects read}) and erased when the audit ends,
 * so that nothing of it stays in the terminal or reaches a log.
 */
public final class TerminalProgress implements Progress {
  private static final long INTERVAL_NANOS = 100_000_000L;

  private final PrintWriter terminal;
  private final LongSupplier nanoTime;
  private long lastShown;
  private int shownWidth;
  private boolean shown;

  public TerminalProgress(PrintWriter terminal) {
    this(terminal, System::nanoTime);
  }

  TerminalProgress(PrintWriter terminal, LongSupplier nanoTime) {
    this.terminal = terminal;
    this.nanoTime = nanoTime;
  }

  @Override
  public synchronized void advanced(int done, int total, long objects) {
    long now = nanoTime.getAsLong();
    if (shown && done < total && now - lastShown < INTERVAL_NANOS) {
      return;
    }
    String line = "condlint audit: " + done + " of " + total + " resources listed, " + objects + " objects read";
    terminal.print("\r" + line + " ".repeat(Math.max(0, shownWidth - line.length())));
    terminal.flush();
    shownWidth = line.length();
    lastShown = now;
    shown = true;
  }

  /** Erases the line. */
  public synchronized void end() {
    if (shown) {
      terminal.print("\r" + " ".repeat(shownWidth) + "\r");
      terminal.flush();
      shown = false;
    }
  }
}
