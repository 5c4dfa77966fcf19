package dev.condlint.cli.health;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.health.Assessment;
import dev.condlint.model.ObjectRef;

/** The JSON of {@code condlint health}. */
final class HealthJson {
  private HealthJson() {}

  static ObjectNode entry(String file, int line, ObjectRef ref, Assessment a) {
    ObjectNode entry = HealthCommand.JSON.createObjectNode();
    entry.put("file", file);
    entry.put("line", line);
    ObjectNode object = entry.putObject("object");
    object.put("apiVersion", ref.apiVersion());
    object.put("kind", ref.kind());
    object.put("namespace", ref.namespace());
    object.put("name", ref.name());
    ObjectNode health = entry.putObject("health");
    health.put("status", a.status().label());
    health.put("message", a.message());
    ObjectNode kstatus = entry.putObject("kstatus");
    kstatus.set("upstream", outcome(a.kstatus().upstream()));
    kstatus.set("flux", outcome(a.kstatus().flux()));
    if (a.basis().isPresent()) {
      ObjectNode basis = entry.putObject("basis");
      basis.put("source", a.basis().get().source());
      basis.put("detail", a.basis().get().detail());
      if (!a.basis().get().citation().isEmpty()) {
        basis.put("citation", a.basis().get().citation());
      }
    } else {
      entry.putNull("basis");
    }
    ObjectNode reason = entry.putObject("reason");
    reason.put("rule", a.reason().rule().label());
    a.reason().condition().ifPresent(c -> reason.put("condition", c));
    reason.put("detail", a.reason().detail());
    return entry;
  }

  static ObjectNode outcome(Assessment.Outcome o) {
    ObjectNode n = HealthCommand.JSON.createObjectNode();
    if (o.result().isPresent()) {
      n.put("status", o.result().get().status().label());
      n.put("message", o.result().get().message());
    } else {
      n.put("status", "Unknown");
      n.put("message", "kstatus cannot compute a status: " + o.error().orElse(""));
    }
    return n;
  }
}
