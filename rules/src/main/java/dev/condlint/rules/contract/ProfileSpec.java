package dev.condlint.rules.contract;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A built-in profile as the catalogue's profiles.json states it (CONVENTIONS.md §4): the levels it gives
 * rules by id, what it says of its objects' conditions (in the form of a contract entry's list, per-type
 * facts included), the family whose limits hold by convention, how its setter re-stamps
 * lastTransitionTime, and the switches of the checks its conformance tools make stricter.
 *
 * @param groups the API groups the built-in mapping gives this profile (exact, or {@code *.} suffix patterns)
 * @param versions where not empty, only these API versions of those groups ({@code v1alpha*}: a prefix)
 * @param levels rule id to {@code off|info|warning|error}, where the profile departs from a rule's default
 * @param restamp {@code status-only}, {@code reason-or-message}, {@code reason-severity-or-message} or {@code any-field}
 * @param kinds per-type facts the profile adds to its own for objects of one kind
 * @param switches {@code reconcilingStalledPresenceExclusive}, {@code observedGenerationAlways}
 */
public record ProfileSpec(
    String name,
    String description,
    String source,
    List<String> groups,
    List<String> versions,
    Map<String, String> levels,
    ListSpec conditions,
    Map<String, TypeFacts> kinds,
    Optional<ConditionFamily> conventionFamily,
    String restamp,
    Map<String, Boolean> switches) {

  public ProfileSpec {
    groups = List.copyOf(groups);
    versions = List.copyOf(versions);
    levels = Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    kinds = Map.copyOf(kinds);
    switches = Map.copyOf(switches);
  }

  /** Whether the built-in mapping gives this profile to objects of this API version ({@code versions} only). */
  public boolean takesVersion(String version) {
    return versions.isEmpty() || versions.stream().anyMatch(v -> v.endsWith("*")
        ? version.startsWith(v.substring(0, v.length() - 1)) : v.equals(version));
  }

  public boolean switchedOn(String name) {
    return switches.getOrDefault(name, false);
  }
}
