package dev.condlint.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.Check.Report;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.profile.ProfileResolver;
import dev.condlint.rules.profile.Profiles;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.SchemaViolation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs the rules over documents: chooses each object's profile, resolves every rule's level, runs
 * the rules of the object's scopes, positions the findings through the document's source map,
 * applies suppressions and reports the unused ones. Immutable and safe to share across threads.
 */
public final class Engine {
  /** The annotation that suppresses rules on one object: {@code condlint.dev/ignore: "a,b"}. */
  public static final String IGNORE_ANNOTATION = "condlint.dev/ignore";

  private static final String UNUSED_SUPPRESSION = "suppression-unused";

  private final RuleRegistry registry;
  private final Config config;
  private final ProfileResolver resolver;
  private final CrdCatalog crds;
  private final Map<String, Profile> effectiveProfiles = new ConcurrentHashMap<>();
  private final List<Entry> entries;
  private final Map<String, Entry> entriesById;
  /** The ids of the rules marked {@link RuleInfo#stepsBackForOtherRules} (the CRD schema rules). */
  private final Set<String> steppingBack;

  /**
   * A rule with what the engine reads about it for every object, read once: its annotation's values
   * (each read of an annotation member is a reflective call), its options and its configured level
   * ({@code null} when the configuration leaves it to the profile).
   */
  private record Entry(
      Rule rule, String id, boolean builtinKinds, Level configuredLevel, Level defaultLevel, RuleOptions options) {}

  public Engine(RuleRegistry registry, Config config) {
    this(registry, config, CrdCatalog.EMPTY);
  }

  private Engine(RuleRegistry registry, Config config, CrdCatalog crds) {
    this.registry = registry;
    this.config = config;
    this.crds = crds;
    this.resolver =
        new ProfileResolver(
            config.forcedProfile().orElse(null), config.groupProfiles(), config.profile().orElse(null));
    for (String name : profileNamesIn(config)) {
      if (Profiles.named(name).isEmpty()) {
        throw new IllegalArgumentException(
            "unknown profile '" + name + "' (known: " + String.join(", ", Profiles.names()) + ")");
      }
    }
    for (String id : config.ruleLevels().keySet()) {
      if (!registry.contains(id)) {
        throw new IllegalArgumentException("unknown rule '" + id + "' (see `condlint rules`)");
      }
    }
    Map<String, Entry> byId = new LinkedHashMap<>();
    Set<String> stepsBack = new HashSet<>();
    for (Rule rule : registry.rules()) {
      RuleInfo info = rule.info();
      byId.put(info.id(), new Entry(rule, info.id(), info.builtinKinds(), config.ruleLevels().get(info.id()),
          info.onByDefault() ? Level.of(info.severity()) : Level.OFF, optionsOf(rule)));
      if (info.stepsBackForOtherRules()) {
        stepsBack.add(info.id());
      }
    }
    // Every rule of the registry, so entriesById answers what registry.find and contains would.
    this.entriesById = byId;
    this.steppingBack = Set.copyOf(stepsBack);
    this.entries = List.copyOf(byId.values());
  }

  public static Engine withDefaults() {
    return new Engine(RuleRegistry.builtIn(), Config.DEFAULT);
  }

  /** The same engine, checking custom resources against these CRDs as well. */
  public Engine withCrds(CrdCatalog catalog) {
    return new Engine(registry, config, catalog);
  }

  public CrdCatalog crds() {
    return crds;
  }

  public RuleRegistry registry() {
    return registry;
  }

  public Config config() {
    return config;
  }

  /** The profile, with the configuration's settings applied, for an object (or, for a CRD, its group). */
  public Profile profileFor(JsonNode object) {
    ObjectRef ref = ObjectRef.of(object);
    String group = ref.group();
    String version = ref.version();
    if (ref.isCustomResourceDefinition()) {
      group = object.path("spec").path("group").asText("");
      version = storageVersion(object);
    }
    return profileNamed(resolver.resolve(group, version));
  }

  public Profile profileNamed(String name) {
    return effectiveProfiles.computeIfAbsent(
        name,
        n -> {
          Profile p = Profiles.named(n).orElseThrow(() -> new IllegalArgumentException("unknown profile " + n));
          return p.withSettings(config.settings().applyTo(p.settings()));
        });
  }

  /** The level one of the engine's rules has for objects of this profile. */
  public Level levelOf(Rule rule, Profile profile) {
    Entry entry = entriesById.get(rule.id());
    if (entry == null) {
      throw new IllegalArgumentException("rule '" + rule.id() + "' is not one of this engine's rules");
    }
    return levelOf(entry, profile);
  }

  /** The configured level, else the profile's, else the rule's default. */
  private static Level levelOf(Entry entry, Profile profile) {
    if (entry.configuredLevel() != null) {
      return entry.configuredLevel();
    }
    return profile.level(entry.id()).orElse(entry.defaultLevel());
  }

  /** The object and CRD rules over one document. */
  public List<Finding> check(Document document, Optional<Instant> now) {
    JsonNode object = document.object();
    ObjectRef ref = ObjectRef.of(object);
    Optional<CrdVersion> crd = crds.find(ref.apiVersion(), ref.kind());
    Profile profile = withCrdConditionFields(profileFor(object), crd);
    ObjectContext context = new ObjectContext(crds, crd, object, now, ConditionLists.find(object));
    boolean builtIn = KubernetesGroups.isBuiltIn(ref.group());
    List<Finding> findings = new ArrayList<>();
    for (Entry entry : entries) {
      Rule rule = entry.rule();
      RuleOptions options = entry.options();
      if (rule instanceof ObjectRule objectRule) {
        Level level = levelOf(entry, profile);
        if (level == Level.OFF || (!entry.builtinKinds() && builtIn)) {
          continue;
        }
        List<Report> reports = new ArrayList<>();
        objectRule.check(new ObjectCheck(document, ref, profile, options, now, context, reports));
        collect(entry, level, reports, ref, document.source(), findings);
      } else if (rule instanceof CrdRule crdRule && ref.isCustomResourceDefinition()
          && object.path("spec").path("versions").isArray()) {
        // Versions that are not a list are no CRD the API server accepts, and have no version to check.
        JsonNode versions = object.path("spec").path("versions");
        String group = object.path("spec").path("group").asText("");
        for (int i = 0; i < versions.size(); i++) {
          // One CRD can serve Cluster API v1beta1 and v1beta2 side by side: each version gets its own profile.
          Profile versionProfile = profileNamed(resolver.resolve(group, versions.get(i).path("name").asText("")));
          Level level = levelOf(entry, versionProfile);
          if (level == Level.OFF) {
            continue;
          }
          List<Report> reports = new ArrayList<>();
          crdRule.check(new CrdCheck(
              object, versions.get(i), Pointers.of("spec", "versions", i), ref, versionProfile, options, now, reports));
          collect(entry, level, reports, ref, document.source(), findings);
        }
      }
    }
    return finish(document, ref, profile, findings, false);
  }

  /**
   * One node, one finding: a missing message, a lower-case status or an unknown condition field breaks
   * the CRD's item schema too, but the condition rule that reports it says more and gives the fix. So a
   * finding of a rule that {@linkplain RuleInfo#stepsBackForOtherRules steps back} (a schema finding) is
   * dropped where another rule reports the same node at least as severely (it stays where that rule is
   * milder than the API server, which rejects the object). Runs on the findings that survived
   * suppression: a suppressed condition finding leaves the schema finding to be reported.
   */
  private List<Finding> withoutRepeatedFindings(List<Finding> findings) {
    if (!anySteppingBack(findings)) {
      return findings;
    }
    Map<String, Severity> reported = new HashMap<>();
    for (Finding f : findings) {
      if (!steppingBack.contains(f.ruleId())) {
        reported.merge(f.pointer(), f.severity(), Severity::max);
      }
    }
    List<Finding> kept = new ArrayList<>();
    for (Finding f : findings) {
      Severity other = reported.get(f.pointer());
      if (!steppingBack.contains(f.ruleId()) || other == null || !other.atLeast(f.severity())) {
        kept.add(f);
      }
    }
    return kept;
  }

  private boolean anySteppingBack(List<Finding> findings) {
    for (Finding f : findings) {
      if (steppingBack.contains(f.ruleId())) {
        return true;
      }
    }
    return false;
  }

  /** The UPDATE rules over an old and a new object; findings point into the new one. */
  public List<Finding> checkTransition(Document oldDocument, Document newDocument, Optional<Instant> now) {
    JsonNode object = newDocument.object();
    ObjectRef ref = ObjectRef.of(object);
    Profile profile = profileFor(object);
    // Found once and shared by every transition rule, as check() shares its lists.
    List<ConditionList> oldLists = ConditionLists.find(oldDocument.object());
    List<ConditionList> newLists = ConditionLists.find(object);
    Map<Object, Object> shared = new HashMap<>();
    boolean builtIn = KubernetesGroups.isBuiltIn(ref.group());
    List<Finding> findings = new ArrayList<>();
    for (Entry entry : entries) {
      if (!(entry.rule() instanceof TransitionRule transitionRule)) {
        continue;
      }
      Level level = levelOf(entry, profile);
      if (level == Level.OFF || (!entry.builtinKinds() && builtIn)) {
        continue;
      }
      List<Report> reports = new ArrayList<>();
      transitionRule.check(
          new TransitionCheck(oldDocument.object(), object, ref, profile, entry.options(), now, oldLists, newLists,
              shared, reports));
      collect(entry, level, reports, ref, newDocument.source(), findings);
    }
    return finish(newDocument, ref, profile, findings, true);
  }

  /**
   * The CRD's own condition item schema says which fields a condition has (A15) and whether it needs
   * a message (A10), whatever the profile: a Knative-style item schema means the Knative field set.
   */
  private static Profile withCrdConditionFields(Profile profile, Optional<CrdVersion> crd) {
    Optional<Set<String>> fields = crd.flatMap(CrdVersion::conditionFields);
    if (fields.isEmpty()) {
      return profile;
    }
    return profile.withSettings(
        profile.settings().toBuilder()
            .conditionFields(fields.get().toArray(String[]::new))
            .messageRequired(crd.get().requiresConditionField("message"))
            .build());
  }

  private RuleOptions optionsOf(Rule rule) {
    JsonNode node = config.ruleOptions().get(rule.id());
    return node == null ? RuleOptions.NONE : new RuleOptions(node);
  }

  private static void collect(
      Entry entry, Level level, List<Report> reports, ObjectRef ref, SourceMap source, List<Finding> out) {
    if (reports.isEmpty()) {
      return;
    }
    boolean explicit = entry.configuredLevel() != null;
    Severity ruleSeverity = level.severity().orElseThrow();
    for (Report r : reports) {
      Severity severity = explicit ? ruleSeverity : Severity.min(r.cap(), ruleSeverity);
      out.add(
          new Finding(entry.id(), severity, r.message(), r.hint(), r.pointer(), ref, source.nearest(r.pointer())));
    }
  }

  private List<Finding> finish(
      Document document, ObjectRef ref, Profile profile, List<Finding> findings, boolean transition) {
    List<Finding> kept = new ArrayList<>();
    Map<String, Integer> annotationUse = new LinkedHashMap<>();
    for (String id : annotationSuppressions(document.object())) {
      if (isTransitionRule(id) == transition) {
        annotationUse.put(id, 0);
      }
    }
    int[] lineUse = new int[document.lineSuppressions().size()];
    Map<LineSuppression, Set<String>> usedRulesByLine = new LinkedHashMap<>();
    for (Finding f : findings) {
      if (annotationUse.containsKey(f.ruleId())) {
        annotationUse.merge(f.ruleId(), 1, Integer::sum);
        continue;
      }
      boolean suppressed = false;
      for (int i = 0; i < lineUse.length && f.position().isPresent(); i++) {
        LineSuppression s = document.lineSuppressions().get(i);
        if (s.targetLine() == f.position().get().line() && s.rules().contains(f.ruleId())) {
          lineUse[i]++;
          usedRulesByLine.computeIfAbsent(s, k -> new LinkedHashSet<>()).add(f.ruleId());
          suppressed = true;
        }
      }
      if (!suppressed) {
        kept.add(f);
      }
    }
    // After suppression, so that only findings the user sees make a schema finding step back. A
    // suppression counts as used by the findings it matched, even a schema finding that would have
    // stepped back: it still decides what is reported once the other rule's finding is gone.
    List<Finding> out = withoutRepeatedFindings(kept);
    reportUnusedSuppressions(document, ref, profile, annotationUse, usedRulesByLine, out);
    out.sort(Finding.SOURCE_ORDER);
    return out;
  }

  /**
   * Whether a suppressed id belongs to {@link #checkTransition} rather than {@link #check}. The
   * webhook runs both on a /status UPDATE, so each judges only its own rules' suppressions (and
   * {@link #check} the unknown ids), lest one call the other's suppression unused.
   */
  private boolean isTransitionRule(String id) {
    Entry entry = entriesById.get(id);
    return entry != null && entry.rule() instanceof TransitionRule;
  }

  private void reportUnusedSuppressions(
      Document document,
      ObjectRef ref,
      Profile profile,
      Map<String, Integer> annotationUse,
      Map<LineSuppression, Set<String>> usedRulesByLine,
      List<Finding> out) {
    Entry unusedRule = entriesById.get(UNUSED_SUPPRESSION);
    if (unusedRule == null) {
      return;
    }
    Level level = levelOf(unusedRule, profile);
    if (level == Level.OFF) {
      return;
    }
    Severity severity = level.severity().orElseThrow();
    String annotationPointer = Pointers.of("metadata", "annotations", IGNORE_ANNOTATION);
    annotationUse.forEach(
        (id, uses) -> {
          if (uses == 0) {
            out.add(
                new Finding(
                    UNUSED_SUPPRESSION,
                    severity,
                    unusedMessage(IGNORE_ANNOTATION + " annotation", id),
                    "Remove " + id + " from the annotation, or correct the rule id.",
                    annotationPointer,
                    ref,
                    document.source().nearest(annotationPointer)));
          }
        });
    for (LineSuppression s : document.lineSuppressions()) {
      Set<String> used = usedRulesByLine.getOrDefault(s, Set.of());
      for (String id : s.rules()) {
        if (!used.contains(id)) {
          out.add(
              new Finding(
                  UNUSED_SUPPRESSION,
                  severity,
                  unusedMessage("condlint:ignore comment", id),
                  "Remove " + id + " from the comment, or move the comment to the line before the finding.",
                  "",
                  ref,
                  Optional.of(s.at())));
        }
      }
    }
  }

  private String unusedMessage(String where, String id) {
    if (!entriesById.containsKey(id)) {
      return "The " + where + " names '" + id + "', which is not a condlint rule, so it suppresses nothing.";
    }
    return "The " + where + " suppresses " + id + ", but " + id + " reports nothing here.";
  }

  /** The rule ids of the object's {@code condlint.dev/ignore} annotation. */
  public static List<String> annotationSuppressions(JsonNode object) {
    JsonNode value = object.path("metadata").path("annotations").path(IGNORE_ANNOTATION);
    if (!value.isTextual()) {
      return List.of();
    }
    return Arrays.stream(value.asText().split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .distinct()
        .toList();
  }

  private static String storageVersion(JsonNode crd) {
    for (JsonNode v : crd.path("spec").path("versions")) {
      if (v.path("storage").asBoolean(false)) {
        return v.path("name").asText("");
      }
    }
    return "";
  }

  private static Set<String> profileNamesIn(Config config) {
    Set<String> names = new LinkedHashSet<>(config.groupProfiles().values());
    config.profile().ifPresent(names::add);
    config.forcedProfile().ifPresent(names::add);
    return names;
  }
}
