package dev.condlint.rules;

/** A check; its metadata is the {@link RuleInfo} on its class. */
public sealed interface Rule permits ObjectRule, CrdRule, TransitionRule {

  default RuleInfo info() {
    RuleInfo info = getClass().getAnnotation(RuleInfo.class);
    if (info == null) {
      throw new IllegalStateException(getClass().getName() + " lacks @RuleInfo");
    }
    return info;
  }

  default String id() {
    return info().id();
  }
}
