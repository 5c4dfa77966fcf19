package dev.condlint.health.export;

import dev.condlint.health.KindContract;
import dev.condlint.rules.contract.Known;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Writes a kind's health as an Argo CD health script (resource_customizations convention: reads the
 * global {@code obj}, returns a table with {@code status} and {@code message}) that judges as
 * {@code condlint health} does, the kind's contract written into it as data.
 */
public final class ArgoCdLuaExport {
  private static final String TEMPLATE = template();

  private ArgoCdLuaExport() {}

  public static String script(KindContract contract) throws ExportRefused {
    ExportData d = ExportData.of(contract);
    String basis = contract.declaredSummary().map(Known::basis).map(b -> "summary " + d.summary().get().describe()
        + " per " + b.phrase() + (b.citation().isEmpty() ? "" : ", " + b.citation()))
        .orElse("no declared summary: Ready or Succeeded where present");
    Map<String, String> values = Map.ofEntries(
        Map.entry("{{KIND}}", contract.kindName()),
        Map.entry("{{BASIS}}", basis.replace('\n', ' ')),
        Map.entry("{{CM_KEY}}", contract.kind().group().isEmpty() ? contract.kind().kind()
            : contract.kind().group() + "_" + contract.kind().kind()),
        Map.entry("{{KIND_NAME}}", Lua.string(d.kindName())),
        Map.entry("{{SUMMARY}}", d.summary().map(s -> Lua.list(s.types())).orElse("nil")),
        Map.entry("{{SUMMARY_ALL}}", String.valueOf(d.summary().map(s -> s.all()).orElse(false))),
        Map.entry("{{SUMMARY_NAMES}}", Lua.set(d.summaryNames())),
        Map.entry("{{PER_CONDITION}}", String.valueOf(d.perConditionGeneration())),
        Map.entry("{{DECLARED_TYPES}}", Lua.map(d.declaredTypes())),
        Map.entry("{{DECLARED_ENDINGS}}", Lua.pairs(d.declaredEndings())),
        Map.entry("{{VOCABULARY_NAMES}}", Lua.map(d.vocabularyNames())),
        Map.entry("{{VOCABULARY_ENDINGS}}", Lua.pairs(d.vocabularyEndings())),
        Map.entry("{{WORK_UNDER_WAY}}", Lua.list(d.workUnderWay())),
        Map.entry("{{COEXIST}}", Lua.list(d.coexistWithSummary())),
        Map.entry("{{NOTICE}}", Lua.list(d.noticeTypes())),
        Map.entry("{{NESTED}}", nested(d.nested())),
        Map.entry("{{ENTRY_HEALTH}}", d.entryHealth().map(ArgoCdLuaExport::entryHealth).orElse("nil")),
        Map.entry("{{COMPLETE_WHEN}}", d.completeWhen().isEmpty() ? "{}" : d.completeWhen().entrySet().stream()
            .map(e -> "[" + Lua.string(e.getKey()) + "] = " + Lua.list(e.getValue()))
            .collect(java.util.stream.Collectors.joining(", ", "{", "}"))),
        Map.entry("{{CONVERGE}}", d.converge().isEmpty() ? "{}" : d.converge().stream()
            .map(c -> "{path = " + Lua.string(c.path()) + ", path_segments = " + Lua.list(c.pathSegments())
                + ", proposed = " + Lua.string(c.proposed()) + ", proposed_segments = " + Lua.list(c.proposedSegments())
                + ", active = " + Lua.string(c.active()) + ", active_segments = " + Lua.list(c.activeSegments()) + "}")
            .collect(java.util.stream.Collectors.joining(",\n  ", "{\n  ", "\n}"))),
        Map.entry("{{SUMMARY_WHEN_ABSENT}}", d.summaryWhenAbsent().map(Lua::string).orElse("nil")),
        Map.entry("{{UNDER_WAY_WHILE_TRUE}}", Lua.list(d.underWayWhileTrue())),
        Map.entry("{{OBSERVED_ANNOTATIONS}}", d.observedAnnotations().isEmpty() ? "{}" : d.observedAnnotations().stream()
            .map(o -> "{annotation = " + Lua.string(o.annotation()) + ", observed = " + Lua.string(o.observed())
                + ", segments = " + Lua.list(o.observedSegments()) + "}")
            .collect(java.util.stream.Collectors.joining(",\n  ", "{\n  ", "\n}"))),
        Map.entry("{{SUSPENDED_BY_ANNOTATION}}", Lua.pairs(List.copyOf(d.suspendedByAnnotation().entrySet()))),
        Map.entry("{{DEGRADED_BY_LABEL}}", Lua.pairs(List.copyOf(d.degradedByLabel().entrySet()))),
        Map.entry("{{OBSERVED_GENERATIONS}}", d.observedGenerations().isEmpty() ? "{}" : d.observedGenerations().stream()
            .map(o -> "{path = " + Lua.string(o.path()) + ", segments = " + Lua.list(o.segments()) + ", unset_is = "
                + (o.unsetIs().isPresent() ? Long.toString(o.unsetIs().getAsLong()) : "nil") + "}")
            .collect(java.util.stream.Collectors.joining(",\n  ", "{\n  ", "\n}"))),
        Map.entry("{{ALTERNATIVES}}", d.alternatives().isEmpty() ? "{}" : d.alternatives().stream().map(Lua::list)
            .collect(java.util.stream.Collectors.joining(", ", "{", "}"))),
        Map.entry("{{SUSPENDED_WHEN}}", fieldValues(d.suspendedWhen())),
        Map.entry("{{STATIC_WHEN}}", fieldValues(d.staticWhen())),
        Map.entry("{{FAILURE_REPORTED_BY}}", Lua.list(d.failureReportedBy())),
        Map.entry("{{FAILED_WHEN_UNKNOWN}}", Lua.list(d.failedWhenUnknown())),
        Map.entry("{{FAILED_WHEN_TRUE}}", Lua.list(d.failedWhenTrue())),
        Map.entry("{{SUSPENDED_WHILE_TRUE}}", Lua.list(d.suspendedWhileTrue())),
        Map.entry("{{SUSPENDED_WITH_REASON}}", d.suspendedWhileTrueWithReason().isEmpty() ? "{}"
            : d.suspendedWhileTrueWithReason().entrySet().stream()
            .map(e -> "[" + Lua.string(e.getKey()) + "] = " + Lua.list(e.getValue()))
            .collect(java.util.stream.Collectors.joining(", ", "{", "}"))),
        Map.entry("{{COUNTS}}", counts(d.counts())),
        Map.entry("{{STATE_FIELDS}}", d.stateFields().isEmpty() ? "{}" : d.stateFields().stream()
            .map(f -> "{path = " + Lua.string(f.path()) + ", segments = " + Lua.list(f.segments()) + ", degraded = "
                + Lua.list(f.degraded()) + ", progressing = " + Lua.list(f.progressing()) + ", healthy = "
                + Lua.list(f.healthy()) + ", suspended = " + Lua.list(f.suspended()) + ", neutral = "
                + Lua.list(f.neutral()) + ", degraded_when_set = "
                + f.degradedWhenSet() + ", ratio = " + f.ratio() + ", message = " + Lua.string(f.message())
                + ", unlisted = "
                + Lua.string(f.unlisted().label()) + "}")
            .collect(java.util.stream.Collectors.joining(",\n  ", "{\n  ", "\n}"))));
    String out = TEMPLATE;
    for (Map.Entry<String, String> e : values.entrySet()) {
      out = out.replace(e.getKey(), e.getValue());
    }
    return out;
  }

  /** Fields and the values that say something of the object as a whole, as a Lua table. */
  private static String fieldValues(List<dev.condlint.health.HealthFacts.FieldValues> fields) {
    return fields.isEmpty() ? "{}" : fields.stream()
        .map(w -> "{path = " + Lua.string(w.path()) + ", segments = " + Lua.list(w.segments()) + ", values = "
            + Lua.list(w.values()) + "}")
        .collect(java.util.stream.Collectors.joining(",\n  ", "{\n  ", "\n}"));
  }

  /** The counts as a Lua table: defaults, comparisons, each path's segments, and the paths under status. */
  private static String counts(dev.condlint.health.HealthFacts.Counts c) {
    if (c.checks().isEmpty()) {
      return "{defaults = {}, checks = {}, segments = {}, status_paths = {}}";
    }
    java.util.Map<String, String> segments = new java.util.TreeMap<>();
    c.checks().forEach(x -> x.paths().forEach(p -> segments.put(p,
        Lua.list(dev.condlint.health.HealthFacts.Count.segments(p)))));
    return "{\n  defaults = {" + c.defaults().entrySet().stream().map(e -> "[" + Lua.string(e.getKey()) + "] = "
        + e.getValue()).collect(java.util.stream.Collectors.joining(", ")) + "},\n  checks = {\n    "
        + c.checks().stream().map(x -> "{count = " + Lua.string(x.count()) + ", at_least = " + Lua.string(x.atLeast())
            + ", minus = " + Lua.string(x.minus()) + ", otherwise = " + Lua.string(x.otherwise().label()) + "}")
            .collect(java.util.stream.Collectors.joining(",\n    "))
        + "\n  },\n  segments = {" + segments.entrySet().stream().map(e -> "[" + Lua.string(e.getKey()) + "] = "
            + e.getValue()).collect(java.util.stream.Collectors.joining(", "))
        + "},\n  status_paths = " + Lua.list(c.statusPaths()) + "\n}";
  }

  private static String nested(java.util.List<ExportData.Nested> nested) {
    if (nested.isEmpty()) {
      return "{}";
    }
    return nested.stream().map(n -> "{field = " + Lua.string(n.field()) + ", summary = " + Lua.list(n.summary())
        + ", all = " + n.all() + ", abnormal = " + Lua.set(n.abnormal()) + "}")
        .collect(java.util.stream.Collectors.joining(",\n  ", "{\n  ", "\n}"));
  }

  /** The list whose entries sum the kind's health up, with what the kind's API says of their conditions. */
  private static String entryHealth(dev.condlint.health.EntryHealth.Kind k) {
    Map<String, String> summary = new java.util.LinkedHashMap<>();
    k.summary().forEach((t, p) -> summary.put(t, p.label()));
    Map<String, String> types = new java.util.LinkedHashMap<>();
    k.types().forEach((t, p) -> types.put(t, p.label()));
    return "{\n  entries = " + Lua.string(k.entries()) + ",\n  segments = " + Lua.list(k.entriesSegments())
        + ",\n  label = " + Lua.list(k.labelSegments()) + ",\n  summary = " + Lua.list(k.summary().keySet())
        + ",\n  summary_polarity = " + Lua.map(summary).replace("\n", "\n  ") + ",\n  required = " + Lua.set(k.required())
        + ",\n  types = " + Lua.map(types).replace("\n", "\n  ") + ",\n  when_none = " + Lua.string(k.whenNone().label())
        + "\n}";
  }

  private static String template() {
    try (InputStream in = ArgoCdLuaExport.class.getResourceAsStream("health.lua.template")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
