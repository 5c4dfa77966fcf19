package dev.condlint.cli.report;

import dev.condlint.model.ObjectRef;
import dev.condlint.rules.kstatus.KstatusCondition;
import java.util.List;

/**
 * One object's kstatus status and where the object starts: {@code line} is the line of its first
 * key, as lint reports an object's findings.
 */
public record ObjectStatus(
    ObjectRef ref, String file, int line, String status, String message, List<KstatusCondition> conditions) {

  public ObjectStatus {
    conditions = List.copyOf(conditions);
  }
}
