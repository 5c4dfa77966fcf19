package dev.condlint.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.time.Clock;
import java.util.function.Consumer;

/** Structured logs: one JSON object per line on standard output, as log collectors expect. */
final class JsonLog {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final PrintStream out;
  private final Clock clock;

  JsonLog(PrintStream out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  void info(String message, Consumer<ObjectNode> fields) {
    write("info", message, fields);
  }

  void warn(String message, Consumer<ObjectNode> fields) {
    write("warn", message, fields);
  }

  void error(String message, Consumer<ObjectNode> fields) {
    write("error", message, fields);
  }

  private void write(String level, String message, Consumer<ObjectNode> fields) {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", clock.instant().toString());
    line.put("level", level);
    line.put("msg", message);
    fields.accept(line);
    try {
      String text = JSON.writeValueAsString(line);
      synchronized (out) {
        out.println(text);
      }
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
