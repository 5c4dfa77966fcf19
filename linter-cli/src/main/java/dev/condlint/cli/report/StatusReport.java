package dev.condlint.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.rules.kstatus.KstatusCondition;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** {@code condlint status} output: a line per object, or a JSON array. */
public final class StatusReport {
  private StatusReport() {}

  /**
   * {@code file:line: Kind/name  Status  message} per object, and {@code  (kstatus: Status)} where the
   * object's system says another status than kstatus: safe to print on a terminal, and one line
   * whatever the message holds.
   */
  public static void writeText(List<ObjectStatus> statuses, Writer out) throws IOException {
    for (ObjectStatus s : statuses) {
      String kstatus = s.kstatus().map(k -> "  (kstatus: " + k.status().label() + ")").orElse("");
      out.write(TerminalText.escape(s.file()) + ":" + s.line() + ": "
          + TerminalText.escape(s.ref().kind() + "/" + s.ref().name() + "  " + s.status() + "  " + s.message() + kstatus)
          + "\n");
    }
  }

  /**
   * An array with each object's reference, file, line, status, message and synthesized conditions, and
   * where the object's system says another status than kstatus, kstatus's own status and message.
   */
  public static void writeJson(List<ObjectStatus> statuses, Writer out) throws IOException {
    ArrayNode array = Json.MAPPER.createArrayNode();
    for (ObjectStatus s : statuses) {
      ObjectNode o = array.addObject();
      Json.putObject(o, "object", s.ref());
      o.put("file", s.file()).put("line", s.line()).put("status", s.status()).put("message", s.message());
      ArrayNode conditions = o.putArray("conditions");
      for (KstatusCondition c : s.conditions()) {
        conditions.addObject()
            .put("type", c.type())
            .put("status", c.status())
            .put("reason", c.reason())
            .put("message", c.message());
      }
      s.kstatus().ifPresent(k -> o.putObject("kstatus").put("status", k.status().label()).put("message", k.message()));
    }
    Json.write(array, out);
  }
}
