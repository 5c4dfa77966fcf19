package dev.condlint.rules.contract;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What an entry (of the catalogue, a profile or the configuration) says of condition types beyond their
 * polarity; each part is optional, and a part left out is taken from a weaker source.
 *
 * @param presentOnlyWhenAbnormal types that are absent rather than False (kstatus Reconciling, Stalled)
 * @param dependent positive types whose False should make the summary False
 * @param immutable types that may not change once set (cert-manager's CertificateRequest Approved)
 * @param monotonic type to its terminal status, which it may not leave ({@code Succeeded -> True})
 * @param removable types whose removal is expected (cert-manager Issuing)
 * @param observedStates present-tense types accepted as long-running observed states (Reconciling)
 * @param apiDefined types the API itself defines; others should carry a domain prefix (Gateway API)
 * @param repeatable types the API writes more than once in one list, even with one reason (Strimzi's Warning)
 */
public record TypeFacts(
    Optional<Set<String>> presentOnlyWhenAbnormal,
    Optional<Set<String>> dependent,
    Optional<Set<String>> immutable,
    Optional<Map<String, String>> monotonic,
    Optional<Set<String>> removable,
    Optional<Set<String>> observedStates,
    Optional<Set<String>> apiDefined,
    Optional<Set<String>> repeatable) {

  /** The names entries spell the facts with, in the order of the components. */
  public static final List<String> KEYS = List.of("presentOnlyWhenAbnormal", "dependentTypes", "immutableTypes",
      "monotonicTypes", "removableTypes", "observedStateAllowList", "apiDefinedTypes", "repeatableTypes");

  public static final TypeFacts NONE = new TypeFacts(Optional.empty(), Optional.empty(), Optional.empty(),
      Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

  public TypeFacts {
    presentOnlyWhenAbnormal = presentOnlyWhenAbnormal.map(Set::copyOf);
    dependent = dependent.map(Set::copyOf);
    immutable = immutable.map(Set::copyOf);
    monotonic = monotonic.map(Map::copyOf);
    removable = removable.map(Set::copyOf);
    observedStates = observedStates.map(Set::copyOf);
    apiDefined = apiDefined.map(Set::copyOf);
    repeatable = repeatable.map(Set::copyOf);
  }

  /** Each part from this where it states it, else from {@code weaker}. */
  public TypeFacts over(TypeFacts weaker) {
    return new TypeFacts(presentOnlyWhenAbnormal.or(weaker::presentOnlyWhenAbnormal), dependent.or(weaker::dependent),
        immutable.or(weaker::immutable), monotonic.or(weaker::monotonic), removable.or(weaker::removable),
        observedStates.or(weaker::observedStates), apiDefined.or(weaker::apiDefined), repeatable.or(weaker::repeatable));
  }

  /** These facts with the types of {@code more} added to each part (the configuration's {@code settings}). */
  public TypeFacts plus(TypeFacts more) {
    Map<String, String> terminal = new LinkedHashMap<>(monotonicTypes());
    terminal.putAll(more.monotonicTypes());
    return new TypeFacts(union(presentOnlyWhenAbnormal, more.presentOnlyWhenAbnormal), union(dependent, more.dependent),
        union(immutable, more.immutable), terminal.isEmpty() ? monotonic : Optional.of(terminal),
        union(removable, more.removable), union(observedStates, more.observedStates), union(apiDefined, more.apiDefined),
        union(repeatable, more.repeatable));
  }

  public boolean isEmpty() {
    return equals(NONE);
  }

  /** Types that must be absent rather than False (B08); independent of polarity. */
  public Set<String> presentOnlyWhenAbnormalTypes() {
    return presentOnlyWhenAbnormal.orElse(Set.of());
  }

  /** Positive types whose False should make the summary False (B11). */
  public Set<String> dependentTypes() {
    return dependent.orElse(Set.of());
  }

  /** Types that may not change once set (D06). */
  public Set<String> immutableTypes() {
    return immutable.orElse(Set.of());
  }

  /** Type to terminal status (D07), e.g. {@code Succeeded -> True}. */
  public Map<String, String> monotonicTypes() {
    return monotonic.orElse(Map.of());
  }

  /** Types whose removal is expected (D05 stays quiet), besides the present-only-when-abnormal ones. */
  public Set<String> removableTypes() {
    return removable.orElse(Set.of());
  }

  /** Present-tense types accepted as long-running observed states (B03). */
  public Set<String> observedStateTypes() {
    return observedStates.orElse(Set.of());
  }

  /** Types the API itself defines; others should carry a domain prefix (F08). */
  public Set<String> apiDefinedTypes() {
    return apiDefined.orElse(Set.of());
  }

  /** Types the API writes more than once in one list (A04 stays quiet on them). */
  public Set<String> repeatableTypes() {
    return repeatable.orElse(Set.of());
  }

  private static Optional<Set<String>> union(Optional<Set<String>> a, Optional<Set<String>> b) {
    if (b.isEmpty() || b.get().isEmpty()) {
      return a;
    }
    Set<String> out = new LinkedHashSet<>(a.orElse(Set.of()));
    out.addAll(b.get());
    return Optional.of(out);
  }
}
