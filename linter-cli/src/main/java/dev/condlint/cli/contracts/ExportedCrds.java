package dev.condlint.cli.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ObjectRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CRDs an export reads, and where it read them (a cluster or files, for the header): each CRD
 * once, the first of a name winning as in {@code lint}, ordered by group and kind so that the output
 * does not depend on the order a server or a directory walk gives them in.
 */
record ExportedCrds(String source, List<JsonNode> crds) {
  ExportedCrds {
    crds = List.copyOf(crds);
  }

  /** The CRDs among these objects (other objects are left out), deduplicated by name and sorted. */
  static ExportedCrds of(String source, List<? extends JsonNode> objects) {
    Map<String, JsonNode> byName = new LinkedHashMap<>();
    for (JsonNode o : objects) {
      if (ObjectRef.of(o).isCustomResourceDefinition()) {
        byName.putIfAbsent(o.path("metadata").path("name").asText(""), o);
      }
    }
    List<JsonNode> sorted = new ArrayList<>(byName.values());
    sorted.sort(Comparator.comparing((JsonNode c) -> group(c)).thenComparing(ExportedCrds::kind)
        .thenComparing(c -> c.path("metadata").path("name").asText("")));
    return new ExportedCrds(source, sorted);
  }

  static String group(JsonNode crd) {
    return crd.path("spec").path("group").asText("");
  }

  static String kind(JsonNode crd) {
    return crd.path("spec").path("names").path("kind").asText("");
  }
}
