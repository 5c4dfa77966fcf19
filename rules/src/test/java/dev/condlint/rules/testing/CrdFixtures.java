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
          - name: %s
            served: true
            storage: true
            subresources:
              status: {}
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  status:
        %s""".formatted(plural, group, group, kind, plural, version, statusSchema.indent(12));
  }
}
