package dev.condlint.rules.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ConditionLists;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.api.ObjectContext;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleRegistry;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.contract.TypeFacts;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.KindSchemas;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs the rules over documents, in named stages: {@link ProfileChoice} and {@link RuleLevels} decide
 * each rule's level for an object, {@link Dispatch} runs the rules of the pass's scopes,
 * {@link Suppressions} drops what the user suppressed and hands what matched nothing to the
 * unused-suppression rule, {@link StepBack} keeps one finding per node (each absent required field is
 * its own node: a condition without reason and lastTransitionTime gets a finding of each rule, at each
 * field's pointer, so that each can be suppressed, disabled and counted on its own). Each check returns the profile it judged the object by
 * with the findings ({@link CheckResult}), so that front ends never choose a profile again. Immutable
 * and safe to share across threads. An evaluation run under a {@link Cancellation} stops at the
 * token's checkpoints.
 */
public final class Engine {
  private final Ruleset ruleset;
  private final Config config;
  private final CrdCatalog crds;
  private final KindSchemas locations;
  private final ProfileChoice profiles;
  private final RuleLevels levels;
  private final Dispatch dispatch;
  private final Suppressions suppressions;
  private final StepBack stepBack;
  private final ContractView contracts;

  /**
   * An engine of these rules, profiles and catalogue, configured by {@code config} (which the
   * configuration loader checked against the same ruleset).
   *
   * @throws IllegalArgumentException for a rule id, profile name or rule option the ruleset does not know
   */
  public Engine(Ruleset ruleset, Config config) {
    this(ruleset, config, CrdCatalog.EMPTY, KindSchemas.NONE);
  }

  private Engine(Ruleset ruleset, Config config, CrdCatalog crds, KindSchemas locations) {
    RuleRegistry registry = ruleset.registry();
    this.ruleset = ruleset;
    this.config = config;
    this.crds = crds;
    this.locations = locations;
    this.profiles = new ProfileChoice(ruleset, config);
    this.levels = new RuleLevels(registry, config);
    this.dispatch = new Dispatch(levels, profiles, ruleset.catalogue());
    this.suppressions = new Suppressions(levels);
    this.stepBack = new StepBack(registry.rules().stream()
        .filter(r -> r.info().stepsBackForOtherRules()).map(Rule::id).collect(Collectors.toSet()));
    this.contracts = new ContractView(config.contractConfig().resolver(crds, locations, ruleset.catalogue()), profiles);
  }

  /** The same engine, checking custom resources against these CRDs as well. */
  public Engine withCrds(CrdCatalog catalog) {
    return new Engine(ruleset, config, catalog, locations);
  }

  /**
   * The same engine, taking the schema of a kind that no CRD of the run defines from these schema
   * locations (read by a front end), before the catalogue.
   */
  public Engine withSchemaLocations(KindSchemas schemaLocations) {
    return new Engine(ruleset, config, crds, schemaLocations);
  }

  /** The contracts this engine's rules see, for {@code condlint explain}. */
  public ContractView contracts() {
    return contracts;
  }

  public CrdCatalog crds() {
    return crds;
  }

  /** The rules, profiles and catalogue this engine judges with. */
  public Ruleset ruleset() {
    return ruleset;
  }

  public Config config() {
    return config;
  }

  /**
   * The profile for an object (or, for a CRD, its group), with the configuration's settings applied and
   * the per-type facts for its kind: the profile's own for the kind, under those that the kind's
   * configuration and catalogue entries state, part by part.
   */
  public Profile profileFor(JsonNode object) {
    return profileFor(object, ObjectRef.of(object));
  }

  /** {@link #profileFor(JsonNode)} of an object whose reference is {@code ref}. */
  private Profile profileFor(JsonNode object, ObjectRef ref) {
    Profile profile = profiles.forObject(object, ref);
    TypeFacts profileFacts = profile.settings().factsFor(ref.kind());
    TypeFacts kindFacts = contracts.resolver().facts(ref);
    // Most kinds' entries state no fact and most profiles none for one kind: the profile as it is.
    TypeFacts facts = kindFacts.isEmpty() ? profileFacts : kindFacts.over(profileFacts);
    return facts == profile.settings().facts() ? profile : profile.withSettings(profile.settings().withFacts(facts));
  }

  /** The level one of the engine's rules has for objects of this profile. */
  public Level levelOf(Rule rule, Profile profile) {
    return levels.levelOf(rule, profile);
  }

  /** The object and CRD rules over one document (the file linter's pass). */
  public CheckResult check(Document document, Optional<Instant> now) {
    return checkDocument(document, now, Pass.DOCUMENT);
  }

  /**
   * Only the CRD rules, over a CustomResourceDefinition (the webhook's pass on a CRD write): its
   * findings are CRD-scope ones, so suppressions that matched nothing are not reported here.
   */
  public CheckResult checkCrd(Document crd, Optional<Instant> now) {
    return checkDocument(crd, now, Pass.CRD);
  }

  /**
   * A status update (the webhook's pass on an UPDATE of the status subresource): the object rules
   * over the new object, then the UPDATE rules from the old one to it; a finding both passes made is
   * reported once. Each suppression is judged in the pass that runs its rule (unknown ids in the
   * object pass), so the two do not contradict each other.
   */
  public CheckResult checkStatusUpdate(Document oldDocument, Document newDocument, Optional<Instant> now) {
    // Both passes share the new object's condition lists, so what its conditions' fields read is read once,
    // and its reference and profile, worked out once.
    List<ConditionList> newLists = ConditionLists.find(newDocument.object());
    ObjectRef ref = ObjectRef.of(newDocument.object());
    Profile profile = profileFor(newDocument.object(), ref);
    CheckResult object = checkDocument(newDocument, now, Pass.DOCUMENT, newLists, ref, profile);
    List<Finding> transition = checkTransition(oldDocument, newDocument, now, newLists, ref, profile);
    return new CheckResult(object.profile(),
        Stream.concat(object.findings().stream(), transition.stream()).distinct().toList());
  }

  /** The UPDATE rules alone over an old and a new object; findings point into the new one. */
  public List<Finding> checkTransition(Document oldDocument, Document newDocument, Optional<Instant> now) {
    ObjectRef ref = ObjectRef.of(newDocument.object());
    return checkTransition(oldDocument, newDocument, now, ConditionLists.find(newDocument.object()), ref,
        profileFor(newDocument.object(), ref));
  }

  private List<Finding> checkTransition(Document oldDocument, Document newDocument, Optional<Instant> now,
      List<ConditionList> newLists, ObjectRef ref, Profile profile) {
    List<Finding> findings = dispatch.update(oldDocument, newDocument, newLists, ref, profile, now);
    return finish(newDocument, profile, now, findings, Pass.UPDATE);
  }

  private CheckResult checkDocument(Document document, Optional<Instant> now, Pass pass) {
    ObjectRef ref = ObjectRef.of(document.object());
    return checkDocument(document, now, pass, ConditionLists.find(document.object()), ref,
        profileFor(document.object(), ref));
  }

  private CheckResult checkDocument(Document document, Optional<Instant> now, Pass pass, List<ConditionList> lists,
      ObjectRef ref, Profile profile) {
    JsonNode object = document.object();
    Optional<CrdVersion> crd = crds.find(ref.apiVersion(), ref.kind());
    ObjectContext context = new ObjectContext(crds, crd, object, ref, now, lists, contracts.resolver(),
        profiles.knowledgeFor(object, ref));
    List<Finding> findings = dispatch.document(pass.scopes, document, ref, profile, now, context);
    return new CheckResult(profile, finish(document, profile, now, findings, pass));
  }

  /**
   * Suppressions, then step-back: only findings the user sees make a schema finding step back. A
   * suppression counts as used by the findings it matched, even a schema finding that would have
   * stepped back: it still decides what is reported once the other rule's finding is gone.
   */
  private List<Finding> finish(
      Document document, Profile profile, Optional<Instant> now, List<Finding> findings, Pass pass) {
    Cancellation token = Cancellation.current();
    token.checkpoint();
    Suppressions.Outcome outcome = suppressions.apply(document, findings, pass.update);
    token.checkpoint();
    List<Finding> out = new ArrayList<>(stepBack.apply(outcome.kept()));
    if (pass.reportsUnused) {
      out.addAll(dispatch.suppressions(document, profile, now, outcome.unused()));
    }
    out.sort(Finding.SOURCE_ORDER);
    return out;
  }
}
