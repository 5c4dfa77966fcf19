package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one source's schema of a kind at a version declares of its conditions: each condition list's
 * array schema, by path, as the source has it (the writer keeps what the rules read). A reader gives only
 * kinds with lists; one without ({@link CarriedIndex}'s record of a version another source won) adds its
 * printer columns, spelling and names, but no kind version.
 *
 * @param kind the kind as the source spells it (in lower case where only a catalogue file name gives it)
 * @param file the file the schema was read from, relative to the source's checkout
 * @param names the CRD's {@code spec.names} (plural, singular, shortNames, categories); missing where the
 *     source is no CRD (a JSON Schema catalogue's file names the kind alone)
 * @param columns the version's printer columns that each show one condition's status; none where the
 *     source is no CRD
 */
record DistilledKind(
    String source, String group, String kind, String version, String file, Map<String, JsonNode> lists,
    JsonNode names, java.util.List<dev.condlint.rules.schema.ConditionColumn> columns) {
  DistilledKind {
    lists = Collections.unmodifiableMap(new LinkedHashMap<>(lists));
    columns = java.util.List.copyOf(columns);
  }

  /** Whether the source spells the kind itself (a CRD's names.kind), not only in a lower-case file name. */
  boolean spellsKind() {
    return !kind.equals(kind.toLowerCase(java.util.Locale.ROOT));
  }
}
