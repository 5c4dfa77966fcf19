package dev.condlint.health.export;

import dev.condlint.health.KindContract;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether kstatus judges a kind rightly as it stands, and if not, exactly what its controller must
 * write: kstatus reads only {@code status.observedGeneration}, {@code Reconciling}, {@code Stalled} and
 * {@code Ready} (cli-utils {@code pkg/kstatus/status}, generic checks then the Ready condition).
 */
public final class KstatusReadiness {
  private KstatusReadiness() {}

  public static String report(KindContract contract) {
    StringBuilder b = new StringBuilder();
    String kind = contract.kindName();
    if (contract.builtInRule()) {
      return kind + ": kstatus judges it by a rule of its own: compatible.\n";
    }
    List<String> needs = new ArrayList<>();
    Optional<Summary> summary = contract.declaredSummary().map(Known::value);
    if (summary.isEmpty()) {
      needs.add("condlint knows no declared summary for " + kind + ": declare it, then run this again");
    } else if (!summary.get().types().equals(List.of("Ready"))) {
      needs.add("write a Ready condition (True when " + summary.get().describe() + " says healthy, False or Unknown"
          + " otherwise): kstatus reads Ready only, and says Current for an object without one");
    }
    Optional<GenerationTracking> generation = contract.declaredGeneration();
    if (generation.isEmpty() || generation.get() == GenerationTracking.NONE || generation.get() == GenerationTracking.CONDITION) {
      needs.add("write status.observedGeneration: without it kstatus cannot tell a stale status from a current one");
    }
    boolean stalled = contract.declared().types().containsKey("Stalled");
    if (!stalled) {
      needs.add("write Stalled=True with the reason when reconciliation fails terminally: without it kstatus says"
          + " InProgress for a failed object until the consumer times out");
    }
    boolean reconciling = contract.declared().types().containsKey("Reconciling");
    if (!reconciling) {
      needs.add("write Reconciling=True while work is under way (optional when Ready is False or Unknown meanwhile)");
    }
    if (needs.isEmpty()) {
      return b.append(kind).append(": kstatus-compatible as it stands (Ready summary, status.observedGeneration,"
          + " Reconciling and Stalled).\n").toString();
    }
    b.append(kind).append(": not kstatus-compatible as it stands. Its controller must:\n");
    needs.forEach(n -> b.append("  - ").append(n).append('\n'));
    return b.toString();
  }
}
