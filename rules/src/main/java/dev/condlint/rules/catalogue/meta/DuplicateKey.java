package dev.condlint.rules.catalogue.meta;

import dev.condlint.model.DuplicateKeySource;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;

/** A mapping key written twice: one of the two values is silently lost. */
@RuleInfo(
    id = "duplicate-key",
    title = "A mapping key is written twice",
    severity = Severity.ERROR,
    scope = Scope.OBJECT,
    rationale =
        "YAML readers disagree on duplicate keys: kubectl's strict decoding rejects them, lenient"
            + " readers keep the last value and drop the first without a word. Either way the file"
            + " does not say what its author meant (upstream kstatus fixtures carry duplicated"
            + " observedGeneration keys).",
    source = "YAML 1.2 §3.2.1.1 (keys are unique); sigs.k8s.io/yaml strict decoding; CONVENTIONS.md §5.3",
    needsSource = true)
public final class DuplicateKey implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (DuplicateKeySource d : check.duplicateKeys()) {
      check.report(
          d.pointer(),
          "Key '" + d.key() + "' is written twice in this mapping (first at line " + d.first().line()
              + "); only this later value is kept.",
          "Remove one of the two '" + d.key() + "' entries.");
    }
  }
}
