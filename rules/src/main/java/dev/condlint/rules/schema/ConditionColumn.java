package dev.condlint.rules.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A printer column of a CRD version that shows one condition's status
 * ({@code jsonPath: .status.conditions[?(@.type=="Ready")].status}): the kind's own API telling its
 * users, in {@code kubectl get}, which condition to watch. {@code name} is the column's name,
 * {@code type} the condition type it reads, {@code origin} the CRD it was read from where that is not the
 * schema's own ({@code repository@commit} of the bundled index's source), else "".
 */
public record ConditionColumn(String name, String type, String origin) {
  public ConditionColumn(String name, String type) {
    this(name, type, "");
  }

  /** Exactly one condition's status, selected by its type; double or single quotes, spaces around {@code ==}. */
  private static final Pattern ONE_CONDITION_STATUS =
      Pattern.compile("\\.status\\.conditions\\[\\?\\(@\\.type\\s*==\\s*([\"'])([^\"']+)\\1\\)\\]\\.status");

  /**
   * The columns of one version of a CRD that each read one condition's status, in the CRD's order: the
   * version's {@code additionalPrinterColumns} (apiextensions.k8s.io/v1, {@code jsonPath}), else the
   * CRD's own (v1beta1, {@code JSONPath}, for every version).
   */
  public static List<ConditionColumn> of(JsonNode crd, JsonNode version) {
    JsonNode columns = version.path("additionalPrinterColumns");
    if (!columns.isArray()) {
      columns = crd.path("spec").path("additionalPrinterColumns");
    }
    List<ConditionColumn> out = new ArrayList<>();
    for (JsonNode c : columns) {
      JsonNode path = c.has("jsonPath") ? c.path("jsonPath") : c.path("JSONPath");
      Matcher m = ONE_CONDITION_STATUS.matcher(path.asText("").trim());
      String name = c.path("name").asText("");
      if (m.matches() && !name.isEmpty()) {
        out.add(new ConditionColumn(name, m.group(2)));
      }
    }
    return List.copyOf(out);
  }
}
