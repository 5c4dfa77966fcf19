package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.ObjectRef;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What kinds' own APIs say about their health beyond their condition contracts ({@code health-facts.json}):
 * condition types whose True is a degraded mode, the reasons that make a True of a type that names work
 * under way a finished piece of work, and fields outside the conditions whose values name a failure or
 * work under way. Data with citations; the judgement and the exporters hold the mechanism.
 */
public final class HealthFacts {
  private static final HealthFacts BUILT_IN = load();

  private final Set<String> degradedModeTypes;
  private final List<Entry> entries;

  /**
   * A field outside the conditions ({@code status.modelStatus.transitionStatus}, {@code status.phase},
   * {@code status.healthy}) and the values that decide: {@code degraded} and {@code progressing} beside a
   * summary in its healthy state, all four where the summary has not been reported or the kind reports
   * no summary condition at all (the first field whose value one of its lists holds decides; where no
   * field is written, the kind has not reported yet: Progressing). A boolean field's
   * values are {@code "true"} and {@code "false"}. {@code degradedWhenSet}: any value but "" is a
   * failure where the summary has not been reported (a terminal {@code failureMessage}).
   */
  public record StateField(String path, List<String> degraded, List<String> progressing, List<String> healthy,
      List<String> suspended, boolean degradedWhenSet) {
    public StateField {
      degraded = List.copyOf(degraded);
      progressing = List.copyOf(progressing);
      healthy = List.copyOf(healthy);
      suspended = List.copyOf(suspended);
    }

    public StateField(String path, List<String> degraded, List<String> progressing) {
      this(path, degraded, progressing, List.of(), List.of(), false);
    }

    /** The path's segments after {@code status}. */
    public List<String> segments() {
      List<String> s = List.of(path.split("\\."));
      return s.subList(1, s.size());
    }
  }

  /**
   * A field outside the conditions that sums the health of a kind up where no condition summary is
   * known (a Gloo resource's {@code status.statuses.*.state}, a Humio resource's {@code status.state}):
   * its values that the kind's API says are each health status. A {@code *} segment stands for every
   * value of a map (or entry of a list) at that point; a string, a boolean ("true", "false") or an
   * integer (an enum written as its number) is a value. {@code message}: a field beside the value whose
   * text, where set, is the message (Gloo's {@code reason}); "" where there is none.
   */
  public record HealthField(String path, List<String> degraded, List<String> progressing, List<String> healthy,
      List<String> suspended, String message) {
    public HealthField {
      degraded = List.copyOf(degraded);
      progressing = List.copyOf(progressing);
      healthy = List.copyOf(healthy);
      suspended = List.copyOf(suspended);
      if (!path.startsWith("status.") || path.endsWith("*")) {
        throw new IllegalArgumentException("a health field is a field under status: " + path);
      }
    }

    /** The path's segments after {@code status}. */
    public List<String> segments() {
      List<String> s = List.of(path.split("\\."));
      return s.subList(1, s.size());
    }
  }

  /**
   * Where a map in status (or each entry of a list there) names a proposed state and the active one
   * ({@code proposed.dry.sha}, {@code active.dry.sha}): both set and different is work under way.
   */
  public record Converge(String path, String proposed, String active) {
    public List<String> pathSegments() {
      return segments(path).subList(1, segments(path).size());
    }

    public List<String> proposedSegments() {
      return segments(proposed);
    }

    public List<String> activeSegments() {
      return segments(active);
    }

    private static List<String> segments(String dotted) {
      return List.of(dotted.split("\\."));
    }
  }

  /**
   * A generation the controller records in an annotation (the generation of a workload the object
   * refers to) and the status field where it records having observed it: both set and different is
   * work under way.
   */
  public record ObservedAnnotation(String annotation, String observed) {
    /** The observed field's segments after {@code status}. */
    public List<String> observedSegments() {
      List<String> s = List.of(observed.split("\\."));
      return s.subList(1, s.size());
    }
  }

  /**
   * The facts of one kind: empty where its API says nothing more. {@code summaryWhenAbsent}: the type
   * that sums the object up where none of the declared summary's types is reported (releases of the
   * kind before that summary existed); {@code underWayWhileTrue}: types whose True says the controller
   * is at work, so a failing summary beside it is work under way; {@code suspendedByAnnotation}:
   * annotations whose value stops the controller deliberately (a hibernated or unreconciled cluster);
   * {@code healthFields}: the fields that sum the kind's health up where no condition summary is known,
   * the first one with a value deciding; {@code underWayReasons}: reasons the kind's API gives a summary
   * not yet in its healthy state while its controller works towards it (MariaDB's
   * {@code StatefulSetNotReady}), though no word of the vocabulary names them work under way.
   */
  public record Kind(Map<String, List<String>> completeWhen, List<StateField> stateFields, List<Converge> converge,
      List<String> summaryWhenAbsent, List<String> underWayWhileTrue, Map<String, String> suspendedByAnnotation,
      List<ObservedAnnotation> observedAnnotations, List<HealthField> healthFields, String citation,
      List<String> underWayReasons) {
    public static final Kind NONE = new Kind(Map.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(),
        List.of(), "", List.of());

    public Kind(Map<String, List<String>> completeWhen, List<StateField> stateFields, List<Converge> converge,
        List<String> summaryWhenAbsent, List<String> underWayWhileTrue, Map<String, String> suspendedByAnnotation,
        List<ObservedAnnotation> observedAnnotations, List<HealthField> healthFields, String citation) {
      this(completeWhen, stateFields, converge, summaryWhenAbsent, underWayWhileTrue, suspendedByAnnotation,
          observedAnnotations, healthFields, citation, List.of());
    }

    public Kind {
      completeWhen = Map.copyOf(completeWhen);
      stateFields = List.copyOf(stateFields);
      converge = List.copyOf(converge);
      summaryWhenAbsent = List.copyOf(summaryWhenAbsent);
      underWayWhileTrue = List.copyOf(underWayWhileTrue);
      observedAnnotations = List.copyOf(observedAnnotations);
      healthFields = List.copyOf(healthFields);
      underWayReasons = List.copyOf(underWayReasons);
      suspendedByAnnotation = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(suspendedByAnnotation));
      if (summaryWhenAbsent.size() > 1) {
        throw new IllegalArgumentException("summaryWhenAbsent names one type: " + summaryWhenAbsent);
      }
    }
  }

  private record Entry(String group, Set<String> kinds, Kind facts) {}

  private HealthFacts(Set<String> degradedModeTypes, List<Entry> entries) {
    this.degradedModeTypes = Set.copyOf(degradedModeTypes);
    this.entries = List.copyOf(entries);
  }

  public static HealthFacts builtIn() {
    return BUILT_IN;
  }

  /** Types whose True is a degraded mode, though they may stand beside a True summary. */
  public Set<String> degradedModeTypes() {
    return degradedModeTypes;
  }

  public Kind of(ObjectRef kind) {
    for (Entry e : entries) {
      if (e.group.equals(kind.group()) && e.kinds.contains(kind.kind())) {
        return e.facts;
      }
    }
    return Kind.NONE;
  }

  private static HealthFacts load() {
    try (InputStream in = HealthFacts.class.getResourceAsStream("health-facts.json")) {
      JsonNode root = new ObjectMapper().readTree(in);
      Set<String> degradedMode = new TreeSet<>(strings(root.path("degradedModeTypes").path("types")));
      List<Entry> entries = new ArrayList<>();
      for (JsonNode e : root.path("kinds")) {
        Map<String, List<String>> complete = new LinkedHashMap<>();
        e.path("completeWhen").properties().forEach(p -> complete.put(p.getKey(), strings(p.getValue())));
        List<StateField> fields = new ArrayList<>();
        for (JsonNode f : e.path("stateFields")) {
          fields.add(new StateField(f.path("path").asText(), strings(f.path("degraded")), strings(f.path("progressing")),
              strings(f.path("healthy")), strings(f.path("suspended")), f.path("degradedWhenSet").asBoolean(false)));
        }
        List<Converge> converge = new ArrayList<>();
        for (JsonNode c : e.path("converge")) {
          converge.add(new Converge(c.path("path").asText(), c.path("proposed").asText(), c.path("active").asText()));
        }
        Map<String, String> suspended = new LinkedHashMap<>();
        e.path("suspendedByAnnotation").properties().forEach(p -> suspended.put(p.getKey(), p.getValue().asText()));
        List<ObservedAnnotation> observedAnnotations = new ArrayList<>();
        for (JsonNode o : e.path("observedAnnotations")) {
          observedAnnotations.add(new ObservedAnnotation(o.path("annotation").asText(), o.path("observed").asText()));
        }
        List<HealthField> healthFields = new ArrayList<>();
        for (JsonNode f : e.path("healthFields")) {
          healthFields.add(new HealthField(f.path("path").asText(), strings(f.path("degraded")),
              strings(f.path("progressing")), strings(f.path("healthy")), strings(f.path("suspended")),
              f.path("message").asText("")));
        }
        entries.add(new Entry(e.path("group").asText(), Set.copyOf(strings(e.path("kinds"))),
            new Kind(complete, fields, converge, strings(e.path("summaryWhenAbsent")),
                strings(e.path("underWayWhileTrue")), suspended, observedAnnotations, healthFields,
                e.path("source").asText(), strings(e.path("underWayReasons")))));
      }
      return new HealthFacts(degradedMode, entries);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
