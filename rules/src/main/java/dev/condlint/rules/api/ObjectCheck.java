package dev.condlint.rules.api;

import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.ObjectContract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Document;
import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.ScalarSource;
import dev.condlint.model.SourceMap;
import dev.condlint.rules.kstatus.KstatusResult;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.SchemaViolation;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** The context of an {@link ObjectRule}: one object, its condition lists and its source. */
public final class ObjectCheck extends Check {
  private final Document document;
  private final ObjectContext context;

  public ObjectCheck(
      Document document,
      ObjectRef ref,
      Profile profile,
      Object options,
      Optional<Instant> now,
      ObjectContext context,
      List<Report> reports) {
    super(ref, profile, options, now, reports);
    this.document = document;
    this.context = context;
  }

  /** The CRDs known to this run (empty unless the front end found some). */
  public CrdCatalog crds() {
    return context.catalog();
  }

  /** The CRD version that defines this object, when it is among the known CRDs. */
  public Optional<CrdVersion> crd() {
    return context.crd();
  }

  /** How the object breaks its CRD's schema; computed once per object, whichever rule asks first. */
  public List<SchemaViolation> schemaViolations() {
    return context.violations();
  }

  /**
   * What kstatus computes for the object, as of {@link #now()} or else the clock; empty where kstatus
   * returns an error. Computed once per object, whichever rule asks first.
   */
  public Optional<KstatusResult> kstatus() {
    return context.kstatus();
  }

  public JsonNode object() {
    return document.object();
  }

  /**
   * The design folder ({@code proposals}, {@code keps}, ...) the object's file stands in, where the front
   * end found one: the object shows an API as proposed, not necessarily as it shipped.
   */
  public Optional<String> proposedIn() {
    return document.proposed() ? Optional.of(document.proposedIn()) : Optional.empty();
  }

  /** What condlint knows of each of the object's condition lists, and where it knows it from. */
  public ObjectContract contract() {
    return context.contract();
  }

  /** condlint's catalogue of condition families, for the limits their constraints declare. */
  public dev.condlint.rules.contract.Catalogue catalogue() {
    return context.catalogue();
  }

  /** The contract of one of the object's condition lists. */
  public ListContract contractOf(ConditionList list) {
    return context.contractOf(list);
  }

  /** The contract of the list that holds this condition. */
  public ListContract contractOf(Condition condition) {
    return context.contractOf(condition);
  }

  /**
   * A value that depends only on {@code key} and on what every rule of this object shares (its lists'
   * contracts, the profile's settings, the catalogue), computed once per object whichever rule asks
   * first. {@code compute} must not return null; keys compare by {@code equals}.
   */
  public <K, V> V shared(K key, java.util.function.Function<? super K, ? extends V> compute) {
    return context.shared(key, compute);
  }

  /**
   * What every condition of {@code condition}'s list shares, as {@code fact} works it out: computed once
   * per list and object, whichever rule asks first, then read without a key (see {@link ListFact}).
   */
  public <V> V fact(ListFact<V> fact, Condition condition) {
    return context.fact(fact, this, condition);
  }

  /**
   * What {@code fact} (one {@linkplain ListFact#ofList of the list}) says of {@code list}: computed once
   * per list and object, whichever rule asks first, then read from the list's slots.
   */
  public <V> V fact(ListFact<V> fact, ConditionList list) {
    return context.fact(fact, this, list);
  }

  /** Every condition list of the object; {@code /status/conditions} first when present. */
  public List<ConditionList> conditionLists() {
    return context.conditionLists();
  }

  /**
   * Every condition (object element) of every condition list, in list order (unmodifiable); gathered
   * once per object, whichever rule asks first.
   */
  public List<Condition> allConditions() {
    return context.allConditions();
  }

  /**
   * A prepared view of each condition list whose conditions {@link #allConditions()} holds, in the same
   * order: each condition's standard fields read once per object, whichever rule asks first (see {@link
   * PreparedList}).
   */
  public List<PreparedList> preparedLists() {
    return context.preparedLists();
  }

  /** The object's {@code /status/conditions} list, if it has one. */
  public Optional<ConditionList> topLevelConditions() {
    // A loop, not a stream: rules ask this of every object, and a stream's pipeline was an allocation each time.
    List<ConditionList> lists = conditionLists();
    for (int i = 0; i < lists.size(); i++) {
      if (lists.get(i).isTopLevel()) {
        return Optional.of(lists.get(i));
      }
    }
    return Optional.empty();
  }

  /** Whether the document came from parsed text (a file), so source-level rules can run. */
  public boolean hasSource() {
    return document.source() != SourceMap.NONE;
  }

  public Optional<ScalarSource> scalar(String pointer) {
    return document.source().scalar(pointer);
  }

  /**
   * True when the node at this pointer is not a string only because its source wrote a plain scalar
   * that a YAML 1.1 reader turns into a boolean, number or null ({@code status: True}). Rule A06
   * reports those; the rules that check string fields skip them so that one mistake is one finding.
   */
  public boolean isYamlCoerced(String pointer) {
    return isPresentNonString(object().at(pointer)) && isPlainInSource(pointer);
  }

  /**
   * {@link #isYamlCoerced(String)} for a field of a condition, which builds the field's pointer only
   * for the rare non-string value.
   */
  public boolean isYamlCoerced(Condition condition, String field) {
    return isPresentNonString(condition.field(field)) && isPlainInSource(condition.pointer(field));
  }

  private static boolean isPresentNonString(JsonNode node) {
    return !node.isMissingNode() && !node.isTextual();
  }

  // Asked only for the rare non-string: the source is looked up on demand.
  private boolean isPlainInSource(String pointer) {
    return scalar(pointer).map(ScalarSource::plain).orElse(false);
  }

  /** Keys the source wrote twice; empty for documents without source. */
  public List<DuplicateKeySource> duplicateKeys() {
    return document.source().duplicateKeys();
  }

  /** {@code metadata.generation} when it is an integer. */
  public OptionalLong generation() {
    return integer(object().path("metadata").path("generation"));
  }

  /** {@code status.observedGeneration} when it is an integer. */
  public OptionalLong statusObservedGeneration() {
    return integer(object().path("status").path("observedGeneration"));
  }

  /** Whether {@code metadata.deletionTimestamp} is set. */
  public boolean isDeleting() {
    JsonNode ts = object().path("metadata").path("deletionTimestamp");
    return ts.isTextual() && !ts.asText().isEmpty();
  }

  private static OptionalLong integer(JsonNode n) {
    return n.isIntegralNumber() && n.canConvertToLong() ? OptionalLong.of(n.asLong()) : OptionalLong.empty();
  }
}
