package dev.condlint.rules.catalogue.deadline;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** Rules built on kstatus's view of an object: reconciles and stalls that outlast their deadlines. */
public final class KstatusRules {
  private KstatusRules() {}

  public static List<Rule> all() {
    return List.of(new ProgressDeadlineExceeded(), new PickupDeadlineExceeded(), new StalledWithoutRecovery());
  }

  /** The ids of the rules that take a {@link DeadlineOption}, for the configuration loader. */
  public static final List<String> DEADLINE_RULE_IDS =
      List.of(ProgressDeadlineExceeded.ID, PickupDeadlineExceeded.ID, StalledWithoutRecovery.ID);
}
