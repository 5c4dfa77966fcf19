package dev.condlint.rules.catalogue.semantics;

import dev.condlint.model.ConditionList;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Summary;
import java.util.List;
import java.util.Optional;

/** B07: the object's status holds its summary condition(s) ({@code Ready}, {@code Succeeded}, ...). */
// Built-in kinds are skipped: they have their own summaries (Deployment Available, Job Complete),
// and kstatus reads them through per-kind rules instead.
@RuleInfo(
    id = "summary-condition-present",
    code = "B07",
    title = "The summary condition is present",
    severity = Severity.INFO,
    scope = Scope.OBJECT,
    rationale =
        "A top-level summary condition lets users, kubectl wait and kstatus tell whether the object"
            + " is ready without knowing its other conditions. Knative and Flux require it, Gateway API"
            + " requires every relevant summary condition once the object is observed; plain Kubernetes"
            + " only recommends it. Objects without status.conditions (samples, fresh creates, kinds that"
            + " use no conditions) are skipped, and so are empty lists that no controller has reported into"
            + " (no status.observedGeneration).",
    source =
        "api-conventions ('Ready' and 'Succeeded' 'may be used'); knative/specs error-signalling.md;"
            + " fluxcd/pkg runtime/conditions/check FAIL0002; gateway-api GEP-1364",
    builtinKinds = false)
public final class SummaryConditionPresent implements ObjectRule {
  private static final String POINTER = "/status/conditions";

  @Override
  public void check(ObjectCheck check) {
    // Only kinds that use conditions: a status without a conditions list (fresh objects, kinds that
    // report only observedGeneration) is no place to ask for one. A non-array list is A01's finding.
    Optional<ConditionList> list = check.topLevelConditions();
    if (list.isEmpty() || !list.get().node().isArray()) {
      return;
    }
    // An empty list on a status that records no observed generation: no controller has reported yet
    // (a fresh object, or one created with an empty status), so nothing is missing so far.
    if (list.get().node().isEmpty() && !check.object().path("status").has("observedGeneration")) {
      return;
    }
    // Only a summary someone declared: which type summarises a kind nobody described is not known.
    Optional<Known<Summary>> declared = check.contractOf(list.get()).summary().filter(Known::isDeclared);
    if (declared.isEmpty()) {
      return;
    }
    String kind = check.ref().kind().isEmpty() ? "object" : check.ref().kind();
    List<String> summaries = declared.get().value().types();
    List<String> missing = summaries.stream().filter(t -> list.get().find(t).isEmpty()).toList();
    if (missing.isEmpty()) {
      return;
    }
    ContractBasis basis = declared.get().basis();
    if (declared.get().value().all()) {
      for (String type : missing) {
        check.report(
            basis,
            Severity.ERROR,
            POINTER,
            "Status has no '" + type + "' condition; every summary condition of a " + kind + " ("
                + String.join(", ", summaries) + ") should be set once the object is observed.",
            hint(type));
      }
    } else if (missing.size() == summaries.size()) {
      check.report(
          basis,
          Severity.ERROR,
          POINTER,
          (summaries.size() == 1
                  ? "Status has no '" + summaries.get(0) + "' condition"
                  : "Status has none of the summary conditions '" + String.join("', '", summaries) + "'")
              + "; a summary condition tells users and tools such as kstatus whether the " + kind
              + " is ready.",
          hint(summaries.get(0)));
    }
  }

  private static String hint(String type) {
    return "Add a '" + type + "' condition as soon as the controller first sees the object (status Unknown"
        + " until it knows), or give this kind's summary types in the contracts of .condlint.yaml.";
  }
}
