package dev.condlint.rules.api;

/** A check; its metadata is the {@link RuleInfo} on its class. */
public sealed interface Rule permits ObjectRule, CrdRule, TransitionRule, SuppressionRule {

  default RuleInfo info() {
    return RuleInfos.of(getClass());
  }

  default String id() {
    return info().id();
  }
}
