package dev.condlint.monitor.log;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * What the monitor says while it runs, one line each on standard error: {@code TIME LEVEL message}.
 * No object contents, only names; no stack traces (a failure is one line naming what failed).
 */
public interface MonitorLog {
  MonitorLog NONE = new MonitorLog() {
    @Override
    public void info(String message) {}

    @Override
    public void warn(String message) {}
  };

  void info(String message);

  void warn(String message);

  /** Lines on {@code out}, stamped by the wall clock (not the monitor's, which {@code --now} may move). */
  static MonitorLog to(PrintWriter out) {
    return new MonitorLog() {
      @Override
      public void info(String message) {
        line("info", message);
      }

      @Override
      public void warn(String message) {
        line("warn", message);
      }

      private void line(String level, String message) {
        Instant now = Clock.systemUTC().instant().truncatedTo(ChronoUnit.MILLIS);
        synchronized (out) {
          out.println(now + " " + level + " " + message.replace('\n', ' '));
          out.flush();
        }
      }
    };
  }
}
