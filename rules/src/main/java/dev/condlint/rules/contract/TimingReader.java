package dev.condlint.rules.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.GoDuration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** Reads the {@code timing} of a catalogue entry, and says what is wrong with it by JSON pointer. */
final class TimingReader {
  private TimingReader() {}

  /**
   * A catalogue entry's {@code timing}: its model, a default for each deadline the model names (a Go
   * duration or none), for a model with retries the backoff and failure limit, the fields it reads, and
   * its upstream source.
   */
  static Optional<Timing> read(JsonNode node, String at, List<ContractSpecReader.Problem> problems) {
    String text = node.path("model").asText("");
    Optional<Timing.Model> model = Timing.Model.parse(text);
    if (model.isEmpty()) {
      problems.add(new ContractSpecReader.Problem(at + "/model", "'" + text + "' is not a timing model ("
          + String.join(", ", Arrays.stream(Timing.Model.values()).map(Timing.Model::label).toList()) + ")"));
      return Optional.empty();
    }
    Map<String, Optional<Duration>> deadlines = new LinkedHashMap<>();
    for (String name : model.get().deadlines()) {
      readDuration(node.path("deadlines").path(name), at + "/deadlines/" + name, problems, d -> deadlines.put(name, d));
    }
    List<Duration> backoff = new ArrayList<>();
    int maxFailures = 0;
    if (model.get().retries()) {
      JsonNode steps = node.path("backoff");
      for (int i = 0; i < steps.size(); i++) {
        readDuration(steps.get(i), at + "/backoff/" + i, problems, d -> backoff.add(d.orElse(Duration.ZERO)));
      }
      maxFailures = node.path("maxFailures").asInt(0);
      if (maxFailures < 1 || steps.size() != maxFailures + 1) {
        problems.add(new ContractSpecReader.Problem(at + "/backoff", "a backoff needs one step per failure count from 0 to maxFailures"
            + " (maxFailures " + maxFailures + ", " + steps.size() + " steps)"));
      }
    }
    List<Timing.FieldCitation> fields = new ArrayList<>();
    for (JsonNode f : node.path("fields")) {
      if (f.path("path").asText("").isEmpty() || f.path("go").asText("").isEmpty() || !f.has("doc")) {
        problems.add(new ContractSpecReader.Problem(at + "/fields", "every field names its path, its Go field (go) and its doc comment"));
        continue;
      }
      fields.add(new Timing.FieldCitation(f.get("path").asText(), f.get("go").asText(), f.get("doc").asText()));
    }
    String source = node.path("source").asText("");
    if (source.isBlank()) {
      problems.add(new ContractSpecReader.Problem(at + "/source", "a timing names the upstream files it was read from"));
    }
    return Optional.of(new Timing(model.get(), deadlines, backoff, maxFailures, fields, source));
  }

  /** Hands {@code read} a duration in Go syntax, empty for none; a problem instead when it is neither. */
  private static void readDuration(JsonNode node, String at, List<ContractSpecReader.Problem> problems, Consumer<Optional<Duration>> read) {
    if (!node.isTextual()) {
      problems.add(new ContractSpecReader.Problem(at, "expected a Go duration or none, found " + node));
      return;
    }
    try {
      read.accept(GoDuration.parse(node.asText()));
    } catch (IllegalArgumentException e) {
      problems.add(new ContractSpecReader.Problem(at, e.getMessage()));
    }
  }
}
