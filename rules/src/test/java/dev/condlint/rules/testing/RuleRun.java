package dev.condlint.rules.testing;

import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Runs rules over a YAML fixture as the file linter does (every built-in rule, so suppressions and
 * step-back behave as in a real run) and keeps the findings of the rules under test, for exact
 * assertions: {@code RuleRun.of("condition-type-required").profile("flux").lines(yaml)}. Immutable;
 * each setting returns a new run. The one helper every rule test uses.
 */
public final class RuleRun {
  /** The reference time of every run unless it says otherwise. */
  public static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");

  private final Predicate<Finding> kept;
  private final Ruleset ruleset;
  private final Config config;
  private final Optional<Instant> now;

  private RuleRun(Predicate<Finding> kept, Ruleset ruleset, Config config, Optional<Instant> now) {
    this.kept = kept;
    this.ruleset = ruleset;
    this.config = config;
    this.now = now;
  }

  /** The findings of these rules. */
  public static RuleRun of(String... ruleIds) {
    Set<String> ids = Set.of(ruleIds);
    return where(f -> ids.contains(f.ruleId()));
  }

  /** The findings of the rules whose ids start with {@code prefix} ({@code crd-condition-}). */
  public static RuleRun startingWith(String prefix) {
    return where(f -> f.ruleId().startsWith(prefix));
  }

  /** Every finding. */
  public static RuleRun all() {
    return where(f -> true);
  }

  /** The findings that pass a test, e.g. those on one node whatever their rule. */
  public static RuleRun where(Predicate<Finding> kept) {
    return new RuleRun(kept, Ruleset.builtIn(), Config.DEFAULT, Optional.of(NOW));
  }

  /** Keeps, of the findings kept so far, those that also pass this test. */
  public RuleRun and(Predicate<Finding> alsoKept) {
    return new RuleRun(kept.and(alsoKept), ruleset, config, now);
  }

  /** Forces a profile on every object. */
  public RuleRun profile(String name) {
    return config(config.withForcedProfile(name));
  }

  /** Declares every kind's conditions to be of this catalogue family ({@link Configs#withContract}). */
  public RuleRun contract(String family) {
    return config(Configs.withContract(config, family));
  }

  public RuleRun config(Config newConfig) {
    return new RuleRun(kept, ruleset, newConfig, now);
  }

  /** Runs these rules instead of the built-in ones. */
  public RuleRun rules(RuleRegistry rules) {
    return new RuleRun(kept, ruleset.withRules(rules.rules()), config, now);
  }

  public RuleRun now(Instant instant) {
    return new RuleRun(kept, ruleset, config, Optional.of(instant));
  }

  /** Without a reference time, as when a front end gives none. */
  public RuleRun withoutNow() {
    return new RuleRun(kept, ruleset, config, Optional.empty());
  }

  /** The findings on every object of a YAML text; CRDs in it define the custom resources beside them. */
  public List<Finding> findings(String yaml) {
    return findings(YamlFixtures.documents("fixture.yaml", yaml));
  }

  /** The findings on documents, e.g. one without source as the webhook has; CRDs among them count. */
  public List<Finding> findings(Document... documents) {
    return findings(List.of(documents));
  }

  private List<Finding> findings(List<Document> documents) {
    return findings(List.of(), documents);
  }

  /** The findings on documents whose custom resources these CRDs (from other files) define, beside those among them. */
  public List<Finding> findings(List<Document> crds, List<Document> documents) {
    List<Document> defining = new ArrayList<>(crds);
    defining.addAll(documents);
    Engine engine = engine().withCrds(CrdCatalog.of(defining.stream().map(Document::object).toList()));
    List<Finding> found = new ArrayList<>();
    documents.forEach(d -> found.addAll(engine.check(d, now).findings()));
    return kept(found);
  }

  /** The findings on an UPDATE from the only object of one text to that of another. */
  public List<Finding> update(String oldYaml, String newYaml) {
    return update(YamlFixtures.document(oldYaml), YamlFixtures.document(newYaml));
  }

  /** The findings on an UPDATE from one document to another. */
  public List<Finding> update(Document oldDocument, Document newDocument) {
    return kept(engine().checkTransition(oldDocument, newDocument, now));
  }

  /** The findings as {@link #line} lines. */
  public List<String> lines(String yaml) {
    return lines(findings(yaml));
  }

  public List<String> lines(Document document) {
    return lines(findings(document));
  }

  public List<String> updateLines(String oldYaml, String newYaml) {
    return lines(update(oldYaml, newYaml));
  }

  public List<String> messages(String yaml) {
    return findings(yaml).stream().map(Finding::message).toList();
  }

  /** {@code LINE:COL severity rule-id pointer}, with {@code -} for a finding without a position. */
  public static String line(Finding f) {
    return f.position().map(Object::toString).orElse("-") + " " + f.severity().label() + " " + f.ruleId()
        + " " + f.pointer();
  }

  public static List<String> lines(List<Finding> findings) {
    return findings.stream().map(RuleRun::line).toList();
  }

  /** The one finding, for assertions on its message and hint. */
  public static Finding only(List<Finding> findings) {
    if (findings.size() != 1) {
      throw new AssertionError("expected one finding, got " + findings);
    }
    return findings.get(0);
  }

  private Engine engine() {
    return new Engine(ruleset, config);
  }

  private List<Finding> kept(List<Finding> findings) {
    return findings.stream().filter(kept).toList();
  }

  /**
   * The {@link #line} lines a table of examples expects in one cell, {@code ;} between two; an empty
   * cell expects none: {@code "11:13 warning rule-id /status/conditions/0/status"}.
   */
  public static List<String> expectedLines(String cell) {
    if (cell == null || cell.isBlank()) {
      return List.of();
    }
    return java.util.Arrays.stream(cell.split(";")).map(String::strip).toList();
  }

  /** The findings as {@link RuleExample#line} lines: a {@link #line} followed by the finding's message. */
  public List<String> linesWithMessages(String yaml) {
    return findings(yaml).stream().map(RuleExample::line).toList();
  }
}
