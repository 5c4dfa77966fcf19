package dev.condlint.health.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelUnknownSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Evaluates Flux {@code healthCheckExprs} on an object as kustomize-controller does (fluxcd/pkg
 * {@code runtime/cel}): the generation pre-check, then {@code inProgress}, {@code failed} and
 * {@code current} in that order, InProgress when none is true; an expression that fails (a field the
 * object lacks, a value of the wrong type) is an error, which Flux reports and keeps waiting on. Flux
 * parses without type-checking, with the object's top-level fields as variables; the CEL library for
 * Java runs checked expressions only, so each is checked with the object's own top-level fields, and
 * those every object may have, declared dynamic, which gives the same values and the same errors. The environment has Flux's
 * options: cross-type numeric comparisons, optional types, and the strings, sets and encoders
 * extensions.
 */
public final class FluxCel {
  /** kstatus's statuses that an evaluation gives. */
  public enum Status { CURRENT, IN_PROGRESS, FAILED }

  /** The result, or the error Flux would report. */
  public record Outcome(Optional<Status> status, Optional<String> error) {
    public String label() {
      return status.map(s -> switch (s) {
        case CURRENT -> "Current";
        case IN_PROGRESS -> "InProgress";
        case FAILED -> "Failed";
      }).orElse("error");
    }
  }

  /**
   * Checked programs by the object's top-level fields and the expression, shared by every instance:
   * checking is what costs (tenths of a second an expression), so objects of a kind, and the
   * instances made for the same expressions, check each once. Bounded: cleared when it fills.
   */
  private static final Map<String, CelRuntime.Program> PROGRAMS = new ConcurrentHashMap<>();
  private static final Map<String, Cel> ENVIRONMENTS = new ConcurrentHashMap<>();
  private static final int CACHED = 512;
  /**
   * Declared whether the object has them or not: Flux parses without checking, so a reference to a
   * field the object lacks is an error only when evaluated, and {@code ||} and {@code &&} absorb it
   * where their other side decides, as CEL's logical operators do; an undeclared one would not compile.
   */
  private static final List<String> OBJECT_FIELDS = List.of("apiVersion", "kind", "metadata", "spec", "status");
  private final String inProgress;
  private final String failed;
  private final String current;

  public FluxCel(String inProgress, String failed, String current) {
    this.inProgress = inProgress == null ? "" : inProgress;
    this.failed = failed == null ? "" : failed;
    this.current = current == null ? "" : current;
  }

  /**
   * The first expression that does not compile, in Flux's order, with the compiler's message: Flux
   * compiles a Kustomization's expressions before it runs any, and fails the Kustomization for one.
   */
  public Optional<String> compileError() {
    Cel cel = ENVIRONMENTS.computeIfAbsent(new TreeSet<>(OBJECT_FIELDS).toString(), k -> environment(new TreeSet<>(OBJECT_FIELDS)));
    String[][] order = {{inProgress, "inProgress"}, {failed, "failed"}, {current, "current"}};
    for (String[] e : order) {
      if (e[0].isBlank()) {
        continue;
      }
      try {
        cel.compile(e[0]).getAst();
      } catch (CelValidationException ex) {
        // cel-java's message: "ERROR: <input>:LINE:COLUMN: what", then the expression with a caret under the column.
        return Optional.of("the " + e[1] + " expression does not compile at " + ex.getMessage().replaceFirst("^ERROR: <input>:", ""));
      }
    }
    return Optional.empty();
  }

  public Outcome evaluate(JsonNode object) {
    JsonNode observed = object.path("status").path("observedGeneration");
    if (!observed.isMissingNode() && !observed.isNull()) {
      if (!observed.isIntegralNumber()) {
        return new Outcome(Optional.empty(), Optional.of(".status.observedGeneration accessor error: not an int64"));
      }
      JsonNode generation = object.path("metadata").path("generation");
      if (generation.isIntegralNumber() && generation.asLong() != observed.asLong()) {
        return new Outcome(Optional.of(Status.IN_PROGRESS), Optional.empty());
      }
    }
    Map<String, Object> activation = toCel(object);
    TreeSet<String> declared = new TreeSet<>(activation.keySet());
    declared.addAll(OBJECT_FIELDS);
    String variables = declared.toString();
    if (ENVIRONMENTS.size() > CACHED || PROGRAMS.size() > CACHED) {
      ENVIRONMENTS.clear();
      PROGRAMS.clear();
    }
    Cel cel = ENVIRONMENTS.computeIfAbsent(variables, k -> environment(declared));
    String[][] order = {{inProgress, "InProgress"}, {failed, "Failed"}, {current, "Current"}};
    Status[] statuses = {Status.IN_PROGRESS, Status.FAILED, Status.CURRENT};
    for (int i = 0; i < order.length; i++) {
      String expr = order[i][0];
      if (expr.isBlank()) {
        continue;
      }
      try {
        String key = variables + "|" + expr;
        CelRuntime.Program program = PROGRAMS.get(key);
        if (program == null) {
          program = cel.createProgram(cel.compile(expr).getAst());
          PROGRAMS.put(key, program);
        }
        Object result = program.eval(activation);
        if (result instanceof CelUnknownSet) {
          // A field the object lacks, declared but unbound: cel-go, which Flux runs unchecked, reports it so.
          List<String> missing = OBJECT_FIELDS.stream().filter(f -> !activation.containsKey(f)).toList();
          return new Outcome(Optional.empty(), Optional.of("failed to evaluate the " + order[i][1]
              + " expression: no such attribute(s): " + String.join(", ", missing)));
        }
        if (!(result instanceof Boolean b)) {
          return new Outcome(Optional.empty(), Optional.of("failed to evaluate CEL expression as boolean: '" + expr + "'"));
        }
        if (b) {
          return new Outcome(Optional.of(statuses[i]), Optional.empty());
        }
      } catch (CelValidationException e) {
        return new Outcome(Optional.empty(), Optional.of("failed to evaluate the " + order[i][1]
            + " expression: " + e.getMessage()));
      } catch (CelEvaluationException e) {
        return new Outcome(Optional.empty(), Optional.of("failed to evaluate the " + order[i][1]
            + " expression: " + e.getMessage()));
      }
    }
    return new Outcome(Optional.of(Status.IN_PROGRESS), Optional.empty());
  }

  private static Cel environment(java.util.Set<String> variables) {
    var builder = CelFactory.standardCelBuilder()
        .setOptions(CelOptions.current().enableHeterogeneousNumericComparisons(true).build())
        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
        .addCompilerLibraries(CelExtensions.strings(), CelExtensions.optional(), CelExtensions.sets(CelOptions.current().build()),
            CelExtensions.encoders())
        .addRuntimeLibraries(CelExtensions.strings(), CelExtensions.optional(), CelExtensions.sets(CelOptions.current().build()),
            CelExtensions.encoders());
    for (String v : new TreeSet<>(variables)) {
      builder.addVar(v, SimpleType.DYN);
    }
    return builder.build();
  }

  /** The object as Flux hands it to CEL: integers as int, other numbers as double. */
  static Map<String, Object> toCel(JsonNode object) {
    Map<String, Object> out = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      out.put(e.getKey(), value(e.getValue()));
    }
    return out;
  }

  private static Object value(JsonNode node) {
    if (node.isObject()) {
      return toCel(node);
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(n -> list.add(value(n)));
      return list;
    }
    if (node.isTextual()) {
      return node.asText();
    }
    if (node.isBoolean()) {
      return node.asBoolean();
    }
    if (node.isIntegralNumber()) {
      return node.asLong();
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    return dev.cel.common.values.NullValue.NULL_VALUE;
  }
}
