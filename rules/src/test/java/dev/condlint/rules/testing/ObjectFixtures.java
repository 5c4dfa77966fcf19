package dev.condlint.rules.testing;

/**
 * Objects with a status, written out as a user would (metadata in flow style), so that findings have
 * real positions: the status's first field stands on line 5, column 3; with {@link #withConditions},
 * the first condition item on line 6, its {@code -} at column 3.
 */
public final class ObjectFixtures {
  private ObjectFixtures() {}

  /** The API version of the Gateway API kinds (Gateway, HTTPRoute). */
  public static final String GATEWAY_API = "gateway.networking.k8s.io/v1";

  /** An object of this apiVersion and kind, named {@code name}, whose status holds these fields (a block at column 0). */
  public static String withStatus(String apiVersion, String kind, String name, String status) {
    return """
        apiVersion: %s
        kind: %s
        metadata: {name: %s}
        status:
        %s""".formatted(apiVersion, kind, name, status.indent(2));
  }

  /** An object whose {@code status.conditions} holds these items (a block of {@code - ...} lines at column 0). */
  public static String withConditions(String apiVersion, String kind, String name, String conditions) {
    return withStatus(apiVersion, kind, name, "conditions:\n" + conditions);
  }

  /** The custom resource most rule tests judge: Database {@code orders} of example.com/v1, with these conditions. */
  public static String database(String conditions) {
    return withConditions("example.com/v1", "Database", "orders", conditions);
  }

  /** A Flux Kustomization {@code apps} (kustomize.toolkit.fluxcd.io/v1), the kstatus-style kind, with these conditions. */
  public static String kustomization(String conditions) {
    return withConditions("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "apps", conditions);
  }
}
