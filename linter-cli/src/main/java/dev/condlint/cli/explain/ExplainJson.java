package dev.condlint.cli.explain;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.report.Json;
import dev.condlint.cli.report.JsonFormat;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.GoDuration;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Timing;
import java.util.List;

/**
 * {@code condlint explain --format json}: {@code {"objects": [...], "kinds": [...]}}, each part of a
 * contract with its {@code basis} ({@code source}, {@code detail}, {@code citation} where one is known), or {@code null}
 * where nothing says.
 */
public final class ExplainJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ExplainJson() {}

  public static ObjectNode of(List<Explained.ObjectContract> objects, List<Explained.KindContract> kinds) {
    ObjectNode root = NODES.objectNode();
    ArrayNode objectArray = root.putArray("objects");
    for (Explained.ObjectContract o : objects) {
      ObjectNode node = objectArray.addObject();
      node.put("file", o.file()).put("line", o.line());
      Json.putObject(node, "object", o.ref());
      lists(o.lists(), node.putArray("lists"));
      node.put("snippet", o.snippet().orElse(null));
      node.put("defines", o.defines().map(KindName::display).orElse(null));
      node.set("timing", o.timing().map(ExplainJson::timing).orElse(null));
    }
    ArrayNode kindArray = root.putArray("kinds");
    for (Explained.KindContract k : kinds) {
      ObjectNode node = kindArray.addObject();
      node.put("group", k.name().group()).put("kind", k.name().kind());
      ArrayNode versions = node.putArray("versions");
      k.versions().forEach(versions::add);
      node.put("known", !k.isUnknown());
      lists(k.lists(), node.putArray("lists"));
      node.put("suggestion", k.suggestion().orElse(null));
      node.set("timing", k.timing().map(ExplainJson::timing).orElse(null));
    }
    return root;
  }

  private static void lists(List<Explained.ConditionList> lists, ArrayNode out) {
    for (Explained.ConditionList l : lists) {
      ObjectNode node = out.addObject();
      node.put("path", l.path());
      l.pointer().ifPresent(p -> node.put("pointer", p));
      l.line().ifPresent(line -> node.put("line", line));
      node.put("recognisedAs", l.recognisedAs().orElse(null));
      l.untyped().ifPresent(u -> node.put("untyped", u));
      node.set("conditionType", l.conditionType().map(ExplainJson::conditionType).orElse(null));
      if (!l.inferredRules().isEmpty()) {
        ArrayNode rules = node.putArray("inferredRules");
        l.inferredRules().forEach(r -> rules.addObject().put("rule", r.rule()).put("on", r.on()).put("what", r.what()));
      }
      types(l.types(), "type", node.putArray("types"));
      types(l.endings(), "ending", node.putArray("typeEndings"));
      node.set("summary", l.summary().map(s -> {
        ObjectNode summary = NODES.objectNode();
        ArrayNode types = summary.putArray("types");
        s.value().types().forEach(types::add);
        summary.put("all", s.value().all());
        summary.set("basis", basis(s.basis()));
        return summary;
      }).orElse(null));
      node.set("observedGeneration", l.generation().map(g -> {
        ObjectNode generation = NODES.objectNode().put("tracking", g.value().label());
        generation.set("basis", basis(g.basis()));
        return generation;
      }).orElse(null));
    }
  }

  private static ObjectNode conditionType(Explained.ConditionType t) {
    ObjectNode node = NODES.objectNode();
    node.put("family", t.family().orElse(null));
    node.put("title", t.title().orElse(null));
    ObjectNode fields = node.putObject("fields");
    t.fields().forEach((name, rule) -> fields.set(name, field(rule)));
    ArrayNode changed = node.putArray("changedFromFamily");
    t.changedFromFamily().forEach(changed::add);
    node.set("basis", basis(t.basis()));
    if (!t.inferredRules().isEmpty()) {
      ArrayNode rules = node.putArray("inferredRules");
      t.inferredRules().forEach(r -> rules.addObject().put("rule", r.rule()).put("on", r.on()).put("what", r.what()));
    }
    return node;
  }

  private static ObjectNode field(FieldRule rule) {
    ObjectNode node = NODES.objectNode().put("required", rule.required());
    ArrayNode when = node.putArray("requiredWhen");
    rule.whenStatus().stream().sorted().forEach(when::add);
    return node.put("nonEmpty", rule.nonEmpty());
  }

  private static void types(List<Explained.Type> types, String key, ArrayNode out) {
    for (Explained.Type t : types) {
      ObjectNode node = out.addObject().put(key, t.name())
          .put("polarity", t.polarity().orElse(Polarity.UNKNOWN).label());
      node.set("basis", t.basis().map(ExplainJson::basis).orElse(null));
      node.put("mayStandBesideSummary", t.mayStandBesideSummary());
    }
  }

  /** A system's timing: its model, deadlines (Go durations, null for none), backoff, limit, fields, basis. */
  private static ObjectNode timing(Known<Timing> known) {
    Timing t = known.value();
    ObjectNode node = NODES.objectNode().put("model", t.model().label());
    ObjectNode deadlines = node.putObject("deadlines");
    t.deadlines().forEach((name, d) -> deadlines.put(name, d.map(GoDuration::format).orElse(null)));
    ArrayNode backoff = node.putArray("backoff");
    t.backoff().forEach(b -> backoff.add(GoDuration.format(b)));
    node.put("maxFailures", t.maxFailures());
    ArrayNode fields = node.putArray("fields");
    t.fields().forEach(f -> fields.addObject().put("path", f.path()).put("go", f.go()).put("doc", f.doc()));
    node.set("basis", basis(known.basis()));
    return node;
  }

  private static ObjectNode basis(ContractBasis basis) {
    ObjectNode node = NODES.objectNode();
    JsonFormat.contract(node, basis);
    return node;
  }
}
