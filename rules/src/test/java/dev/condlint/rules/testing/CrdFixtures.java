package dev.condlint.rules.testing;

import java.util.Locale;

/** CustomResourceDefinitions for tests, written out as a user would, so findings have real positions. */
public final class CrdFixtures {
  private CrdFixtures() {}

  /**
   * A namespaced CRD of one served and stored version, with the status subresource, whose
   * {@code status} property has this schema (written at column 0; its first line, {@code type: object},
   * lands on line 20, column 13). The plural is the kind in lower case with an {@code s}.
   */
  public static String crd(String kind, String group, String version, String statusSchema) {
    return crdOfVersions(kind, group, statusVersion(version, true, statusSchema));
  }

  /**
   * A namespaced CRD with these versions: a YAML list written at column 0 ({@code - name: v1} and what
   * follows, e.g. {@link #statusVersion}s), whose first item lands on line 10, column 3. Named and
   * pluralised as {@link #crd}.
   */
  public static String crdOfVersions(String kind, String group, String versions) {
    String plural = kind.toLowerCase(Locale.ROOT) + "s";
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: %s.%s
        spec:
          group: %s
          names: {kind: %s, plural: %s}
          scope: Namespaced
          versions:
        %s""".formatted(plural, group, group, kind, plural, versions.indent(2));
  }

  /**
   * One version for {@link #crdOfVersions}: served, stored or not, with the status subresource and this
   * schema of {@code status} (written at column 0), ten lines below its {@code - name:}.
   */
  public static String statusVersion(String version, boolean storage, String statusSchema) {
    return """
        - name: %s
          served: true
          storage: %s
          subresources:
            status: {}
          schema:
            openAPIV3Schema:
              type: object
              properties:
                status:
        %s""".formatted(version, storage, statusSchema.indent(10));
  }

  /**
   * A status schema holding a condition list ({@code status.conditions}), after these other status
   * properties (YAML at column 0; empty for none). Its items are objects that require these fields
   * ({@code "[type, status]"}; empty for no {@code required}) and have these properties, a YAML line each
   * ({@code "type: {type: string}"}).
   */
  public static String conditionsStatus(String otherProperties, String required, String... itemProperties) {
    StringBuilder item = new StringBuilder("type: object\n");
    if (!required.isEmpty()) {
      item.append("required: ").append(required).append('\n');
    }
    item.append("properties:\n").append(String.join("\n", itemProperties).indent(2));
    return "type: object\nproperties:\n"
        + otherProperties.indent(2)
        + "  conditions:\n    type: array\n    items:\n"
        + item.toString().indent(6);
  }
}
