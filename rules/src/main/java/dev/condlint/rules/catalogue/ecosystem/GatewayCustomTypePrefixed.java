package dev.condlint.rules.catalogue.ecosystem;

import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** Gateway API: an implementation's own condition types carry a domain prefix. */
@RuleInfo(
    id = "gateway-custom-type-prefixed",
    code = "F08",
    title = "Custom Gateway API condition types are domain-prefixed",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "GEP-1364: implementations \"should namespace their custom Conditions with a domain prefix (so"
            + " implementation.io/CustomType rather than just CustomType), or run the risk of using a"
            + " word that's reserved later\". Several implementations write into one object's"
            + " conditions, so an un-prefixed custom type may also collide with another's.",
    source = "kubernetes-sigs/gateway-api geps/gep-1364/index.md",
    onByDefault = false,
    // Built-in kinds are not Gateway API resources, even when a forced profile reaches them.
    builtinKinds = false)
public final class GatewayCustomTypePrefixed implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (ConditionList list : check.conditionLists()) {
      for (Condition c : list.conditions()) {
        String type = c.type().orElse(null);
        if (type == null || type.contains("/") || check.settings().facts().apiDefinedTypes().contains(type)) {
          continue;
        }
        check.report(
            c.pointer("type"),
            "Condition type '" + type + "' is not defined by Gateway API and has no domain prefix, so a"
                + " later Gateway API release may define it with another meaning.",
            "Prefix it with your implementation's domain, e.g. 'example.com/" + type + "'.");
      }
    }
  }
}
