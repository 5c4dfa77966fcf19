package dev.condlint.webhook;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Sends java.util.logging, which Vert.x logs through, to the {@link JsonLog}: one JSON line per record
 * on stdout, instead of the JDK's two-line text on stderr that log collectors cannot parse. Records
 * below INFO are dropped; an exception is named by its class and message, without a stack trace.
 */
final class JulToJsonLog extends Handler {
  private final JsonLog log;
  private final SimpleFormatter formatter = new SimpleFormatter();

  JulToJsonLog(JsonLog log) {
    this.log = log;
  }

  /** Replaces every handler of the process's root logger with one that writes to {@code log}. */
  static void install(JsonLog log) {
    LogManager.getLogManager().reset();
    Logger root = Logger.getLogger("");
    root.setLevel(Level.INFO);
    root.addHandler(new JulToJsonLog(log));
  }

  @Override
  public void publish(LogRecord record) {
    if (record.getLevel().intValue() < Level.INFO.intValue()) {
      return;
    }
    String message = formatter.formatMessage(record);
    Throwable thrown = record.getThrown();
    Consumer<ObjectNode> fields = line -> {
      line.put("logger", String.valueOf(record.getLoggerName()));
      if (thrown != null) {
        line.put("exception", thrown.getClass().getName() + ": " + thrown.getMessage());
      }
    };
    if (record.getLevel().intValue() >= Level.SEVERE.intValue()) {
      log.error(message, fields);
    } else if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
      log.warn(message, fields);
    } else {
      log.info(message, fields);
    }
  }

  @Override
  public void flush() {
    log.flush();
  }

  @Override
  public void close() {
    log.flush();
  }
}
