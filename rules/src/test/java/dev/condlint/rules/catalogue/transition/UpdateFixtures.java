package dev.condlint.rules.catalogue.transition;

import dev.condlint.rules.testing.YamlFixtures;

/** The objects the transition rules' tests update: their YAML, with the lines the findings stand on. */
final class UpdateFixtures {
  private UpdateFixtures() {}

  /**
   * A custom resource whose {@code status.conditions} holds the given block-style items, indented by
   * two spaces; the first item starts on line 7.
   */
  static String database(String conditions) {
    return YamlFixtures.databaseWithConditions(conditions);
  }

  /** A Gateway with one listener per argument, each holding the given condition items; listener 0 starts on line 7. */
  static String gateway(String... listenerConditions) {
    StringBuilder listeners = new StringBuilder();
    for (int i = 0; i < listenerConditions.length; i++) {
      listeners.append("  - name: l").append(i).append("\n    conditions:\n").append(listenerConditions[i]);
    }
    return """
        apiVersion: gateway.networking.k8s.io/v1
        kind: Gateway
        metadata:
          name: edge
        status:
          listeners:
        """ + listeners;
  }

  /** A listener condition item; its lastTransitionTime is on the item's fifth line. */
  static String listenerCondition(String type, String status) {
    return """
            - type: %s
              status: "%s"
              reason: Because
              message: ""
              lastTransitionTime: "2024-05-01T12:00:00Z"
        """.formatted(type, status);
  }

  /** The Database whose only condition, Ready, has been "True" since this time (lastTransitionTime on line 11). */
  static String readyTrueSince(String lastTransitionTime) {
    return database(
        """
          - type: Ready
            status: "True"
            reason: Reconciled
            message: All components are ready
            lastTransitionTime: "%s"
        """.formatted(lastTransitionTime));
  }
}
