package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import java.util.List;

/**
 * A prepared view of one condition list that condlint judges ({@link ObjectCheck#preparedLists()}): each
 * condition's six standard fields (type, status, reason, message, lastTransitionTime, observedGeneration)
 * read once, in one pass over the list, into arrays that the rules read by position, with what kind of
 * value each is (absent, null, a string, anything else) and whether the condition has other fields. The
 * rules ask the same of every condition (is the type a non-empty string, is the reason a string, which
 * fields does it have); each used to walk the conditions and ask each one's node.
 *
 * <p>A rule that needs more than the view holds reads the {@link #condition(int) condition} itself (its
 * node, its pointer for a finding); the view reads the fields through the condition, so the condition's
 * own accessors find them read. Built once per object, whichever rule asks first; like the rest of one
 * evaluation, used by one thread.
 */
public final class PreparedList {
  /** A standard field's index, as {@link #state} and {@link #text} take it. */
  public static final int TYPE = 0, STATUS = 1, REASON = 2, MESSAGE = 3, LAST_TRANSITION_TIME = 4,
      OBSERVED_GENERATION = 5;

  /** The standard fields' names, by index. */
  public static final List<String> FIELDS =
      List.of("type", "status", "reason", "message", "lastTransitionTime", "observedGeneration");

  private static final int N = 6;

  /** What a standard field holds. */
  public static final byte ABSENT = 0, NULL = 1, STRING = 2, OTHER = 3;

  private final ConditionList list;
  private final Condition[] conditions;
  /** Per condition and field ({@code i * 6 + f}): the string where the field is one, else null. */
  private final String[] texts;
  /** Per condition and field: {@link #ABSENT}, {@link #NULL}, {@link #STRING} or {@link #OTHER}. */
  private final byte[] states;
  /** Per condition: the standard fields it has, one bit per field index. */
  private final byte[] present;
  /** Per condition: whether it has fields other than the six. */
  private final boolean[] others;

  PreparedList(ConditionList list) {
    this.list = list;
    List<Condition> all = list.conditions();
    int n = all.size();
    conditions = all.toArray(new Condition[0]);
    texts = new String[n * N];
    states = new byte[n * N];
    present = new byte[n];
    others = new boolean[n];
    for (int i = 0; i < n; i++) {
      Condition c = conditions[i];
      int count = 0;
      int bits = 0;
      for (int f = 0; f < N; f++) {
        JsonNode v = c.field(FIELDS.get(f));
        int at = i * N + f;
        if (v.isMissingNode()) {
          continue;
        }
        count++;
        bits |= 1 << f;
        if (v.isTextual()) {
          states[at] = STRING;
          texts[at] = v.asText();
        } else {
          states[at] = v.isNull() ? NULL : OTHER;
        }
      }
      present[i] = (byte) bits;
      others[i] = c.node().size() > count;
    }
  }

  /** The list. */
  public ConditionList list() {
    return list;
  }

  /** How many conditions (object elements) the list has. */
  public int size() {
    return conditions.length;
  }

  /** The {@code i}th condition, as {@link ConditionList#conditions()} has it. */
  public Condition condition(int i) {
    return conditions[i];
  }

  /** What the standard field {@code f} of condition {@code i} holds: {@link #ABSENT}, {@link #NULL}, ... */
  public byte state(int i, int f) {
    return states[i * N + f];
  }

  /** Whether the standard field {@code f} of condition {@code i} is a string. */
  public boolean isString(int i, int f) {
    return states[i * N + f] == STRING;
  }

  /** The standard field {@code f} of condition {@code i} where it is a string, else null. */
  public String text(int i, int f) {
    return texts[i * N + f];
  }

  /** The standard field {@code f}'s node of condition {@code i}, or a missing node (as {@link Condition#field}). */
  public JsonNode field(int i, int f) {
    return conditions[i].field(FIELDS.get(f));
  }

  /** The type of condition {@code i} where it is a non-empty string, else null (as {@link Condition#type()}). */
  public String type(int i) {
    String t = texts[i * N + TYPE];
    return t == null || t.isEmpty() ? null : t;
  }

  /**
   * The name part of condition {@code i}'s type, after an optional {@code prefix/}; {@code ""} where it has
   * no type (as {@code Condition.typeName().orElse("")}).
   */
  public String typeName(int i) {
    String t = type(i);
    return t == null ? "" : t.substring(t.lastIndexOf('/') + 1);
  }

  /** The status string of condition {@code i}, or {@code ""} (as {@link Condition#status()}). */
  public String status(int i) {
    String s = texts[i * N + STATUS];
    return s == null ? "" : s;
  }

  /** The reason string of condition {@code i}, or {@code ""} (as {@link Condition#reason()}). */
  public String reason(int i) {
    String s = texts[i * N + REASON];
    return s == null ? "" : s;
  }

  /** The message string of condition {@code i}, or {@code ""} (as {@link Condition#message()}). */
  public String message(int i) {
    String s = texts[i * N + MESSAGE];
    return s == null ? "" : s;
  }

  /** The standard fields condition {@code i} has, one bit ({@code 1 << f}) per field index. */
  public int presentFields(int i) {
    return present[i];
  }

  /** Whether condition {@code i} has fields other than the six standard ones. */
  public boolean hasOtherFields(int i) {
    return others[i];
  }

  /** The bits ({@code 1 << f}) of the standard fields that {@code names} holds. */
  public static int fieldBits(java.util.Set<String> names) {
    int bits = 0;
    for (int f = 0; f < N; f++) {
      if (names.contains(FIELDS.get(f))) {
        bits |= 1 << f;
      }
    }
    return bits;
  }
}
