package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The contracts of an object's condition lists, by the list's JSON pointer. */
public final class ObjectContract {
  private final Map<String, ListContract> byPointer;
  private final Optional<ContractBasis> kind;
  private final Set<String> knownFieldNames;
  private final Optional<Known<Timing>> timing;
  private final Optional<String> unfamiliarFields;

  ObjectContract(
      Map<String, ListContract> byPointer,
      Optional<ContractBasis> kind,
      Set<String> knownFieldNames,
      Optional<Known<Timing>> timing,
      Optional<String> unfamiliarFields) {
    this.unfamiliarFields = unfamiliarFields;
    this.byPointer = Collections.unmodifiableMap(new LinkedHashMap<>(byPointer));
    this.kind = kind;
    this.knownFieldNames = knownFieldNames;
    this.timing = timing;
  }

  /** The contract of the list at this pointer ({@code /status/conditions}, ...). */
  public Optional<ListContract> list(String listPointer) {
    return Optional.ofNullable(byPointer.get(listPointer));
  }

  /** Every list's contract, by pointer, in the object's order. */
  public Map<String, ListContract> lists() {
    return byPointer;
  }

  /** Every field name of every condition family condlint knows. */
  public Set<String> knownFieldNames() {
    return knownFieldNames;
  }

  /**
   * Where the evidence ladder's bottom rung holds (families.json {@code unfamiliarFields}, {@link
   * Catalogue#unfamiliarFields}): a field outside {@link #knownFieldNames} on a list nothing declares is reported,
   * at warning; the value is the measurement the rung rests on.
   */
  public Optional<String> unfamiliarFields() {
    return unfamiliarFields;
  }

  /** The deadlines and backoff the kind's system documents, where the catalogue knows them. */
  public Optional<Known<Timing>> timing() {
    return timing;
  }

  /** The strongest entry that speaks for the object's kind as a whole, if any. */
  public Optional<ContractBasis> kind() {
    return kind;
  }
}
