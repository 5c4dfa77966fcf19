package dev.condlint.monitor.assess;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the monitor keeps of an object after each event, and nothing of the object itself: its
 * findings, its health (kstatus's status), the ways it may be stuck with the conditions around them and
 * the writer of its status, and when its findings or health would change without an event (a deadline
 * that passes), so that it is looked at again then.
 */
public record Assessment(List<Flaw> findings, String health, List<StuckCause> stuckCauses,
    List<ConditionView> related, String statusWriter, Optional<Instant> recheckAt, Instant at) {

  public Assessment {
    findings = List.copyOf(findings);
    stuckCauses = List.copyOf(stuckCauses);
    related = List.copyOf(related);
  }
}
