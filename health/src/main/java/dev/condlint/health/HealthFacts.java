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
  private static final Set<String> KIND_KEYS = Set.of("group", "kinds", "completeWhen", "stateFields", "converge",
      "summaryWhenAbsent", "underWayWhileTrue", "suspendedByAnnotation", "observedAnnotations", "counts",
      "suspendedWhen", "observedGenerations", "alternatives", "staticWhen", "failureReportedBy",
      "noticeTypes", "underWayReasons", "degradedByLabel", "failedWhenUnknown", "failedWhenTrue",
      "suspendedWhileTrue", "suspendedWhileTrueWithReason", "source", "symbol", "comment");
  private static final Set<String> COUNTS_KEYS = Set.of("defaults", "checks", "comment");
  private static final Set<String> CHECK_KEYS = Set.of("count", "atLeast", "minus", "otherwise", "comment");
  private static final Set<String> FIELD_VALUES_KEYS = Set.of("path", "values", "comment");
  private static final Set<String> OBSERVED_GENERATION_KEYS = Set.of("path", "unsetIs", "comment");
  private static final Set<String> FIELD_KEYS = Set.of("path", "degraded", "progressing", "healthy", "suspended",
      "neutral", "degradedWhenSet", "message", "unlisted", "ratio", "comment");
  private static final HealthFacts BUILT_IN = load();

  private final Set<String> degradedModeTypes;
  private final List<Entry> entries;

  /**
   * A field outside the conditions that the kind's API gives a meaning ({@code status.phase},
   * {@code status.healthy}, {@code status.modelStatus.transitionStatus}, a Gloo resource's
   * {@code status.statuses.*.state}) and the values that the API says are each health status. A
   * {@code *} segment stands for every value of a map (by key) or entry of a list at that point; a
   * string, a boolean ({@code "true"}, {@code "false"}) or an integer (an enum written as its number) is
   * a value. A field's verdict ({@link StateFieldJudgement}): a value in {@code degraded} (or, with
   * {@code degradedWhenSet}, any value but "": a terminal {@code failureMessage}) is Degraded, else one
   * in {@code progressing} Progressing, else, with {@code unlisted} {@link Unlisted#UNKNOWN}, a value in
   * none of the lists Unknown, else one in {@code suspended} Suspended, else one in {@code healthy}
   * Healthy; otherwise the field has no verdict. {@code message}: a field beside the value whose text,
   * where set, is the message (Gloo's {@code reason}); "" where there is none. {@code ratio}: the field's
   * values are "ready/total" strings (an OpenTelemetryCollector's {@code status.scale.statusReplicas}), whose
   * verdict is Progressing where fewer are ready than there are, Unknown where there are none or the text
   * is no such pair, Healthy otherwise; the lists are not read.
   */
  public record StateField(String path, List<String> degraded, List<String> progressing, List<String> healthy,
      List<String> suspended, boolean degradedWhenSet, String message, Unlisted unlisted, List<String> neutral,
      boolean ratio) {
    /** A field without neutral values. */
    public StateField(String path, List<String> degraded, List<String> progressing, List<String> healthy,
        List<String> suspended, boolean degradedWhenSet, String message, Unlisted unlisted) {
      this(path, degraded, progressing, healthy, suspended, degradedWhenSet, message, unlisted, List.of(), false);
    }

    public StateField {
      neutral = List.copyOf(neutral);
      degraded = List.copyOf(degraded);
      progressing = List.copyOf(progressing);
      healthy = List.copyOf(healthy);
      suspended = List.copyOf(suspended);
      if (!path.startsWith("status.") || path.endsWith("*")) {
        throw new IllegalArgumentException("a state field is a field under status: " + path);
      }
    }

    /** The path's segments after {@code status}. */
    public List<String> segments() {
      List<String> s = List.of(path.split("\\."));
      return s.subList(1, s.size());
    }
  }

  /**
   * What a value in none of a state field's lists says, where the fields decide an object's health: that
   * condlint does not know its health (UNKNOWN, the default: it says less), or nothing, so that the next
   * field decides (NEXT: a field the API ranks above another, Flink's JobManager state before its job's,
   * or one that only names failures, a MinIO Tenant's {@code healthStatus} red).
   */
  public enum Unlisted {
    NEXT("next"), UNKNOWN("unknown");

    private final String label;

    Unlisted(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }

    static Unlisted of(String label, String where) {
      for (Unlisted u : values()) {
        if (u.label.equals(label)) {
          return u;
        }
      }
      throw new IllegalArgumentException("health-facts.json " + where + ": unlisted is \"next\" or \"unknown\", not \"" + label + "\"");
    }
  }

  /**
   * One comparison of counts the kind's API reports instead of (or beside) conditions: {@code count} is
   * at least {@code atLeast} minus {@code minus} (ready replicas against desired ones, updated ones
   * against desired ones less a partition), else the object is {@code otherwise} (Progressing or
   * Degraded). Each is a dotted path from the object's root ({@code spec.replicas},
   * {@code status.availableReplicas}); {@code minus} is "" where there is none.
   */
  public record Count(String count, String atLeast, String minus, HealthStatus otherwise) {
    public Count {
      for (String path : List.of(count, atLeast, minus)) {
        if (!path.isEmpty() && !path.matches("(metadata|spec|status)(\\.[^.*]+)+")) {
          throw new IllegalArgumentException("a count is a field under metadata, spec or status: " + path);
        }
      }
      if (otherwise != HealthStatus.PROGRESSING && otherwise != HealthStatus.DEGRADED) {
        throw new IllegalArgumentException("a count short of its target is Progressing or Degraded, not " + otherwise.label());
      }
    }

    /** The paths this comparison reads, in order. */
    public List<String> paths() {
      return minus.isEmpty() ? List.of(count, atLeast) : List.of(count, atLeast, minus);
    }

    /** A path's segments from the object's root. */
    public static List<String> segments(String path) {
      return List.of(path.split("\\."));
    }
  }

  /**
   * The counts a kind's API reports its readiness by: the comparisons in order, and the value of a path
   * where the object does not set it, as its API gives it ({@code spec.replicas} defaults to 1, an
   * {@code omitempty} integer is 0); a path without a default that is not set has not been reported.
   */
  public record Counts(Map<String, Long> defaults, List<Count> checks) {
    public static final Counts NONE = new Counts(Map.of(), List.of());

    public Counts {
      defaults = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(defaults));
      checks = List.copyOf(checks);
      if (!checks.isEmpty() && checks.stream().flatMap(c -> c.paths().stream()).noneMatch(p -> p.startsWith("status."))) {
        throw new IllegalArgumentException("counts read at least one count under status: " + checks);
      }
    }

    /** The paths under status the comparisons read, in order, each once: where none is set, nothing is reported yet. */
    public List<String> statusPaths() {
      return checks.stream().flatMap(c -> c.paths().stream()).filter(p -> p.startsWith("status.")).distinct().toList();
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
   * A field of the object's own spec (or status) and the values that, by the kind's API, say something
   * of the object as a whole: in {@code suspendedWhen}, that it is stopped deliberately (OpenKruise's
   * {@code spec.updateStrategy.paused} true); in {@code staticWhen}, that its controller does not
   * reconcile it (a Flux HelmRepository of {@code spec.type} {@code oci}). A value is read as a state
   * field's is: a string, a boolean ({@code "true"}, {@code "false"}) or an integer in decimal.
   */
  public record FieldValues(String path, List<String> values) {
    public FieldValues {
      values = List.copyOf(values);
      if (!path.matches("(spec|status)(\\.[^.*]+)+") || values.isEmpty()) {
        throw new IllegalArgumentException("a field's values name a field under spec or status and its values: " + path);
      }
    }

    /** The path's segments from the object's root. */
    public List<String> segments() {
      return List.of(path.split("\\."));
    }
  }

  /**
   * A field under status where the kind's API records the generation it has observed, besides or
   * instead of {@code status.observedGeneration} (Karmada's {@code status.schedulerObservedGeneration},
   * Open Cluster Management's {@code status.lastEvaluatedGeneration}): an integer less than
   * {@code metadata.generation} is a generation not yet observed (Karmada's words: "If
   * SchedulerObservedGeneration is less than the generation in metadata means the scheduler hasn't
   * confirmed the scheduling result"). {@code unsetIs}: the value the API
   * gives the field where it is not set (an {@code omitempty} int64 is 0), or empty where an unset field
   * says nothing (a release that does not write it).
   */
  public record ObservedGeneration(String path, java.util.OptionalLong unsetIs) {
    public ObservedGeneration {
      if (!path.matches("status(\\.[^.*]+)+")) {
        throw new IllegalArgumentException("an observed generation is a field under status: " + path);
      }
    }

    /** The path's segments after {@code status}. */
    public List<String> segments() {
      List<String> s = List.of(path.split("\\."));
      return s.subList(1, s.size());
    }
  }

  /**
   * The facts of one kind: empty where its API says nothing more. {@code summaryWhenAbsent}: the type
   * that sums the object up where none of the declared summary's types is reported (releases of the
   * kind before that summary existed); {@code underWayWhileTrue}: types whose True says the controller
   * is at work, so a failing summary beside it is work under way; {@code suspendedByAnnotation}:
   * annotations whose value stops the controller deliberately (a hibernated or unreconciled cluster);
   * {@code stateFields}: fields outside the conditions, in the order they decide; {@code counts}: the
   * counts its API reports readiness by; {@code underWayReasons}: reasons the kind's API gives a summary
   * not yet in its healthy state while its controller works towards it (MariaDB's
   * {@code StatefulSetNotReady}), though no word of the vocabulary names them work under way;
   * {@code suspendedWhen}: fields whose values stop the object deliberately; {@code observedGenerations}:
   * fields under status that record the generation observed; {@code alternatives}: groups of types of
   * which the controller brings about one (Camel K's DeploymentAvailable, CronJobAvailable,
   * KnativeServiceAvailable, one per controller strategy), so that beside a True one the others' False
   * says another is in use, not that the object falls short; {@code staticWhen}: fields whose values say
   * the controller does not reconcile the object, so that without conditions it awaits none;
   * {@code failureReportedBy}: the types by whose True the kind's API reports a failure (ACK's
   * ACK.Terminal, ACK.Recoverable), so that a failing summary without one of them True is the controller
   * still at work; {@code noticeTypes}: types abnormal when True whose True the kind's API writes as a
   * notice beside an object that keeps working (OLM's InstallPlanMissing once an installed operator's
   * InstallPlan is garbage-collected, its deprecation types), and types normal when True whose False the
   * kind's API writes as a warning beside an object that keeps working (RabbitMQ's NoWarnings), so that
   * their state decides nothing and the rest of the object does; {@code degradedByLabel}: labels whose value, by the API of the controller
   * that manages the object, says it failed (numaplane's {@code numaplane.numaproj.io/progressive-result-state:
   * failed} on a numaflow Pipeline whose progressive upgrade failed); {@code failedWhenUnknown}: the reasons
   * with which the kind's controller writes a summary condition Unknown to report a failure it has found,
   * not a verdict it has yet to reach (KEDA's {@code PartialTriggerError}: some triggers fail), so that the
   * summary is failing, not yet decided; {@code failedWhenTrue}: the reasons with which the kind's
   * controller writes a summary normal when True True to report that the work it sums up ended in failure
   * (mariadb-operator's {@code Complete} True with {@code JobFailed}: the Job ran to its end and failed), so
   * that the summary is failing, not in its healthy state; {@code suspendedWhileTrue}: types whose True, by the kind's API,
   * says its controller deliberately does nothing with the object (nmstate's {@code Ignored}: 'policy is
   * not matching any node'), as a {@code Suspended} or {@code Paused} True does for any kind;
   * {@code suspendedWhileTrueWithReason}: types whose True says so only with one of the given reasons, by
   * which the kind's API says nothing goes on until a person acts (OLM's {@code InstallPlanPending} with
   * reason {@code RequiresApproval}, the phase of an InstallPlan the catalog operator leaves be until it is
   * approved; with {@code Installing} the same type is the install under way).
   */
  public record Kind(Map<String, List<String>> completeWhen, List<StateField> stateFields, List<Converge> converge,
      List<String> summaryWhenAbsent, List<String> underWayWhileTrue, Map<String, String> suspendedByAnnotation,
      List<ObservedAnnotation> observedAnnotations, Counts counts, String citation, List<String> underWayReasons,
      List<FieldValues> suspendedWhen, List<ObservedGeneration> observedGenerations, List<List<String>> alternatives,
      List<FieldValues> staticWhen, List<String> failureReportedBy, List<String> noticeTypes,
      Map<String, String> degradedByLabel, List<String> failedWhenUnknown, List<String> suspendedWhileTrue,
      Map<String, List<String>> suspendedWhileTrueWithReason, List<String> failedWhenTrue) {
    public static final Kind NONE = new Kind(Map.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(),
        Counts.NONE, "", List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(),
        Map.of(), List.of());

    public Kind {
      completeWhen = Map.copyOf(completeWhen);
      stateFields = List.copyOf(stateFields);
      converge = List.copyOf(converge);
      summaryWhenAbsent = List.copyOf(summaryWhenAbsent);
      underWayWhileTrue = List.copyOf(underWayWhileTrue);
      observedAnnotations = List.copyOf(observedAnnotations);
      underWayReasons = List.copyOf(underWayReasons);
      suspendedWhen = List.copyOf(suspendedWhen);
      observedGenerations = List.copyOf(observedGenerations);
      alternatives = alternatives.stream().map(List::copyOf).toList();
      staticWhen = List.copyOf(staticWhen);
      failureReportedBy = List.copyOf(failureReportedBy);
      noticeTypes = List.copyOf(noticeTypes);
      failedWhenUnknown = List.copyOf(failedWhenUnknown);
      failedWhenTrue = List.copyOf(failedWhenTrue);
      suspendedWhileTrue = List.copyOf(suspendedWhileTrue);
      suspendedWhileTrueWithReason = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(
          suspendedWhileTrueWithReason.entrySet().stream().collect(java.util.stream.Collectors.toMap(
              Map.Entry::getKey, e -> List.copyOf(e.getValue())))));
      if (suspendedWhileTrueWithReason.values().stream().anyMatch(List::isEmpty)) {
        throw new IllegalArgumentException("suspendedWhileTrueWithReason names reasons for each type: "
            + suspendedWhileTrueWithReason);
      }
      if (alternatives.stream().anyMatch(g -> g.size() < 2)) {
        throw new IllegalArgumentException("alternatives are groups of two types or more: " + alternatives);
      }
      suspendedByAnnotation = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(suspendedByAnnotation));
      degradedByLabel = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(degradedByLabel));
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
      boolean group = e.group.equals(kind.group())
          || e.group.startsWith("*.") && kind.group().endsWith(e.group.substring(1));
      if (group && (e.kinds.isEmpty() || e.kinds.contains(kind.kind()))) {
        return e.facts;
      }
    }
    return Kind.NONE;
  }

  private static HealthFacts load() {
    try (InputStream in = HealthFacts.class.getResourceAsStream("health-facts.json")) {
      return parse(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The facts of a health-facts.json document; an unknown key or value is an IllegalArgumentException. */
  static HealthFacts parse(JsonNode root) {
    Set<String> degradedMode = new TreeSet<>(strings(root.path("degradedModeTypes").path("types")));
    List<Entry> entries = new ArrayList<>();
    for (JsonNode e : root.path("kinds")) {
      Map<String, List<String>> complete = new LinkedHashMap<>();
      e.path("completeWhen").properties().forEach(p -> complete.put(p.getKey(), strings(p.getValue())));
      known(e, KIND_KEYS, "kinds[" + entries.size() + "]");
      List<StateField> fields = new ArrayList<>();
      for (JsonNode f : e.path("stateFields")) {
        String where = "kinds[" + entries.size() + "].stateFields[" + fields.size() + "]";
        known(f, FIELD_KEYS, where);
        fields.add(new StateField(f.path("path").asText(), strings(f.path("degraded")), strings(f.path("progressing")),
            strings(f.path("healthy")), strings(f.path("suspended")), f.path("degradedWhenSet").asBoolean(false),
            f.path("message").asText(""), Unlisted.of(f.path("unlisted").asText("unknown"), where),
            strings(f.path("neutral")), f.path("ratio").asBoolean(false)));
      }
      List<Converge> converge = new ArrayList<>();
      for (JsonNode c : e.path("converge")) {
        converge.add(new Converge(c.path("path").asText(), c.path("proposed").asText(), c.path("active").asText()));
      }
      Map<String, String> suspended = new LinkedHashMap<>();
      e.path("suspendedByAnnotation").properties().forEach(p -> suspended.put(p.getKey(), p.getValue().asText()));
      Map<String, String> degradedByLabel = new LinkedHashMap<>();
      e.path("degradedByLabel").properties().forEach(p -> degradedByLabel.put(p.getKey(), p.getValue().asText()));
      List<ObservedAnnotation> observedAnnotations = new ArrayList<>();
      for (JsonNode o : e.path("observedAnnotations")) {
        observedAnnotations.add(new ObservedAnnotation(o.path("annotation").asText(), o.path("observed").asText()));
      }
      List<FieldValues> suspendedWhen = fieldValues(e, "suspendedWhen", entries.size());
      List<FieldValues> staticWhen = fieldValues(e, "staticWhen", entries.size());
      List<ObservedGeneration> observedGenerations = new ArrayList<>();
      for (JsonNode g : e.path("observedGenerations")) {
        known(g, OBSERVED_GENERATION_KEYS, "kinds[" + entries.size() + "].observedGenerations[" + observedGenerations.size() + "]");
        observedGenerations.add(new ObservedGeneration(g.path("path").asText(), g.path("unsetIs").canConvertToLong()
            ? java.util.OptionalLong.of(g.path("unsetIs").asLong()) : java.util.OptionalLong.empty()));
      }
      Map<String, List<String>> suspendedWithReason = new LinkedHashMap<>();
      e.path("suspendedWhileTrueWithReason").properties().forEach(p -> suspendedWithReason.put(p.getKey(),
          strings(p.getValue())));
      List<List<String>> alternatives = new ArrayList<>();
      e.path("alternatives").forEach(g -> alternatives.add(strings(g)));
      entries.add(new Entry(e.path("group").asText(), Set.copyOf(strings(e.path("kinds"))),
          new Kind(complete, fields, converge, strings(e.path("summaryWhenAbsent")),
              strings(e.path("underWayWhileTrue")), suspended, observedAnnotations,
              counts(e.path("counts"), "kinds[" + entries.size() + "].counts"), e.path("source").asText(),
              strings(e.path("underWayReasons")), suspendedWhen, observedGenerations, alternatives, staticWhen,
              strings(e.path("failureReportedBy")), strings(e.path("noticeTypes")), degradedByLabel,
              strings(e.path("failedWhenUnknown")), strings(e.path("suspendedWhileTrue")), suspendedWithReason,
              strings(e.path("failedWhenTrue")))));
    }
    return new HealthFacts(degradedMode, entries);
  }

  private static List<FieldValues> fieldValues(JsonNode kind, String key, int index) {
    List<FieldValues> out = new ArrayList<>();
    for (JsonNode w : kind.path(key)) {
      known(w, FIELD_VALUES_KEYS, "kinds[" + index + "]." + key + "[" + out.size() + "]");
      out.add(new FieldValues(w.path("path").asText(), strings(w.path("values"))));
    }
    return out;
  }

  private static Counts counts(JsonNode node, String where) {
    if (node.isMissingNode()) {
      return Counts.NONE;
    }
    known(node, COUNTS_KEYS, where);
    Map<String, Long> defaults = new LinkedHashMap<>();
    node.path("defaults").properties().forEach(p -> defaults.put(p.getKey(), p.getValue().asLong()));
    List<Count> checks = new ArrayList<>();
    for (JsonNode c : node.path("checks")) {
      known(c, CHECK_KEYS, where + ".checks[" + checks.size() + "]");
      String otherwise = c.path("otherwise").asText("Progressing");
      checks.add(new Count(c.path("count").asText(), c.path("atLeast").asText(), c.path("minus").asText(""),
          java.util.Arrays.stream(HealthStatus.values()).filter(h -> h.label().equals(otherwise)).findFirst()
              .orElseThrow(() -> new IllegalArgumentException("health-facts.json " + where + ": otherwise is "
                  + "Progressing or Degraded, not " + otherwise))));
    }
    return new Counts(defaults, checks);
  }

  /** A key the loader does not read is a mistake in the data (an old key, a typo), never silently ignored. */
  private static void known(JsonNode node, Set<String> keys, String where) {
    node.fieldNames().forEachRemaining(k -> {
      if (!keys.contains(k)) {
        throw new IllegalArgumentException("health-facts.json " + where + ": unknown key " + k
            + " (known keys: " + String.join(", ", new TreeSet<>(keys)) + ")");
      }
    });
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
