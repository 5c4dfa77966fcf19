package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.Polarity;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Kinds whose health is the combination of the condition lists of the entries of a list in status
 * ({@code entry-health.json}): a Gateway API route's {@code status.parents[]}, a policy's
 * {@code status.ancestors[]}. Data with citations from each kind's own API; {@link EntryJudgement} and
 * the exporters hold the mechanism.
 */
public final class EntryHealth {
  private static final EntryHealth BUILT_IN = load();

  private final List<Entry> entries;

  /**
   * What a kind's API says of its entries.
   *
   * @param entries the list in status ({@code status.parents})
   * @param label the field of an entry that names it in messages ({@code parentRef.name})
   * @param summary the types that must be in their healthy state in every entry, with their polarity,
   *     in declared order
   * @param required the summary types an entry must have to be healthy
   * @param types the polarity of other types the API declares for the entries
   * @param whenNone the status of an object with no entry (no list, or an empty one)
   */
  public record Kind(String entries, String label, Map<String, Polarity> summary, List<String> required,
      Map<String, Polarity> types, HealthStatus whenNone, String citation) {
    public Kind {
      summary = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(summary));
      required = List.copyOf(required);
      types = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(types));
    }

    /** The list's path after {@code status}. */
    public List<String> entriesSegments() {
      List<String> s = List.of(entries.split("\\."));
      return s.subList(1, s.size());
    }

    public List<String> labelSegments() {
      return label.isEmpty() ? List.of() : List.of(label.split("\\."));
    }

    /** The polarity the API declares for a type of the entries, summary types first. */
    public Optional<Polarity> declaredPolarity(String type) {
      return Optional.ofNullable(summary.getOrDefault(type, types.get(type)));
    }
  }

  private record Entry(String group, Set<String> kinds, Kind kind) {}

  private EntryHealth(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  public static EntryHealth builtIn() {
    return BUILT_IN;
  }

  public Optional<Kind> of(ObjectRef kind) {
    for (Entry e : entries) {
      if (e.group.equals(kind.group()) && e.kinds.contains(kind.kind())) {
        return Optional.of(e.kind);
      }
    }
    return Optional.empty();
  }

  private static EntryHealth load() {
    try (InputStream in = EntryHealth.class.getResourceAsStream("entry-health.json")) {
      JsonNode root = new ObjectMapper().readTree(in);
      List<Entry> entries = new ArrayList<>();
      for (JsonNode e : root.path("kinds")) {
        String where = "entry-health.json " + e.path("group").asText() + " " + e.path("kinds");
        String list = e.path("entries").asText();
        if (!list.matches("status(\\.[A-Za-z0-9_]+)+")) {
          throw new IllegalStateException(where + ": entries must be a field path in status, not " + list);
        }
        HealthStatus whenNone = HealthStatus.parse(e.path("whenNone").asText("Progressing"))
            .filter(s -> s == HealthStatus.PROGRESSING || s == HealthStatus.HEALTHY)
            .orElseThrow(() -> new IllegalStateException(where + ": whenNone must be Progressing or Healthy"));
        Map<String, Polarity> summary = polarities(e.path("summary"), where);
        List<String> required = strings(e.path("required"));
        if (!summary.keySet().containsAll(required)) {
          throw new IllegalStateException(where + ": every required type must be a summary type");
        }
        entries.add(new Entry(e.path("group").asText(), Set.copyOf(strings(e.path("kinds"))),
            new Kind(list, e.path("label").asText(""), summary, required, polarities(e.path("types"), where), whenNone,
                e.path("source").asText() + ": " + e.path("symbol").asText())));
      }
      return new EntryHealth(entries);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, Polarity> polarities(JsonNode map, String where) {
    Map<String, Polarity> out = new LinkedHashMap<>();
    map.properties().forEach(p -> out.put(p.getKey(), Polarity.parse(p.getValue().asText())
        .filter(Polarity::isKnown)
        .orElseThrow(() -> new IllegalStateException(where + ": bad polarity for " + p.getKey()))));
    return out;
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
