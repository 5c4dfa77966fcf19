package dev.condlint.cli.report;

import dev.condlint.model.ObjectRef;
import dev.condlint.rules.kstatus.KstatusCondition;
import dev.condlint.rules.kstatus.KstatusResult;
import java.util.List;
import java.util.Optional;

/**
 * One object's status and where the object starts: {@code line} is the line of its first key, as lint
 * reports an object's findings.
 *
 * @param kstatus what kstatus alone computes, where the object's system says another status
 *     ({@code condlint status} on a Landscaper DeployItem or an ARC EphemeralRunner)
 */
public record ObjectStatus(
    ObjectRef ref,
    String file,
    int line,
    String status,
    String message,
    List<KstatusCondition> conditions,
    Optional<KstatusResult> kstatus) {

  public ObjectStatus {
    conditions = List.copyOf(conditions);
  }

  public ObjectStatus(ObjectRef ref, String file, int line, String status, String message, List<KstatusCondition> conditions) {
    this(ref, file, line, status, message, conditions, Optional.empty());
  }
}
