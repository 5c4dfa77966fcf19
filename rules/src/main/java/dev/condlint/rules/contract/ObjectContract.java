package dev.condlint.rules.contract;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The contracts of an object's condition lists, by the list's JSON pointer. */
public final class ObjectContract {
  public static final ObjectContract NONE = new ObjectContract(Map.of(), Optional.empty());

  private final Map<String, ListContract> byPointer;
  private final Optional<Basis> kind;

  ObjectContract(Map<String, ListContract> byPointer, Optional<Basis> kind) {
    this.byPointer = Collections.unmodifiableMap(new LinkedHashMap<>(byPointer));
    this.kind = kind;
  }

  /** The contract of the list at this pointer ({@code /status/conditions}, ...). */
  public Optional<ListContract> list(String listPointer) {
    return Optional.ofNullable(byPointer.get(listPointer));
  }

  /** Every list's contract, by pointer, in the object's order. */
  public Map<String, ListContract> lists() {
    return byPointer;
  }

  /** The strongest entry that speaks for the object's kind as a whole, if any. */
  public Optional<Basis> kind() {
    return kind;
  }
}
