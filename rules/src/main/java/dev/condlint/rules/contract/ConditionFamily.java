package dev.condlint.rules.contract;

/**
 * A condition struct that many kinds share ({@code metav1.Condition}, Knative's {@code apis.Condition},
 * apps/v1's {@code DeploymentCondition}, ...), as the catalogue describes it, with its upstream source.
 */
public record ConditionFamily(String id, String title, ConditionSchema schema, String source) {}
