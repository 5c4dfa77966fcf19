package dev.condlint.monitor.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.GoDuration;
import dev.condlint.monitor.assess.ConditionView;
import dev.condlint.monitor.assess.StuckCause;
import dev.condlint.monitor.state.Entry;
import dev.condlint.monitor.state.ObjectStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * {@code GET /stuck}: each stuck object with the causes that hold now (the deciding condition and its
 * reason, or the generation not observed; since when, for how long, the threshold, and the basis: what
 * makes the condition the kind's summary), the other conditions of its list that are abnormal by their
 * known polarity, and the field manager that last wrote its status.
 */
public final class StuckJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private StuckJson() {}

  public static String of(ObjectStore store) {
    Instant now = store.clock().instant();
    List<Entry> stuck = store.stuck(now).stream()
        .sorted(Comparator.comparing(Entry::namespace).thenComparing(e -> e.kind().groupLabel())
            .thenComparing(e -> e.kind().kind()).thenComparing(Entry::name))
        .toList();
    ObjectNode root = JSON.createObjectNode();
    root.put("now", now.toString());
    ArrayNode items = root.putArray("stuck");
    for (Entry e : stuck) {
      ObjectNode item = items.addObject();
      ObjectNode object = item.putObject("object");
      object.put("apiVersion", e.kind().apiVersion());
      object.put("kind", e.kind().kind());
      if (!e.namespace().isEmpty()) {
        object.put("namespace", e.namespace());
      }
      object.put("name", e.name());
      object.put("uid", e.uid());
      object.put("resourceVersion", e.resourceVersion());
      List<StuckCause> causes = e.stuckAt(now);
      item.put("reason", causes.get(0).reason().label());
      ArrayNode causeArray = item.putArray("causes");
      for (StuckCause c : causes) {
        ObjectNode cause = causeArray.addObject();
        cause.put("reason", c.reason().label());
        cause.put("since", c.since().toString());
        cause.put("for", GoDuration.format(Duration.between(c.since(), now)));
        cause.put("threshold", GoDuration.format(c.threshold()));
        c.condition().ifPresent(cv -> condition(cause.putObject("condition"), cv));
        c.generation().ifPresent(g -> cause.put("generation", g));
        c.observedGeneration().ifPresent(g -> cause.put("observedGeneration", g));
        cause.put("basis", c.basis());
      }
      ArrayNode related = item.putArray("related");
      e.related().forEach(cv -> condition(related.addObject(), cv));
      item.put("statusWriter", e.statusWriter());
    }
    root.put("count", stuck.size());
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void condition(ObjectNode out, ConditionView c) {
    out.put("type", c.type());
    out.put("status", c.status());
    out.put("reason", c.reason());
    out.put("message", c.message());
    out.put("lastTransitionTime", c.lastTransitionTime());
    out.put("pointer", c.pointer());
  }
}
