package dev.condlint.rules.catalogue.common;

import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.kstatus.KstatusResult;

/**
 * What kstatus concludes for an object, as a sentence a finding can end with, so that a rule whose
 * view differs from kstatus's says what Flux, kpt and cli-utils will actually report.
 */
public final class KstatusVerdict {
  private KstatusVerdict() {}

  /**
   * The sentence with a leading space, for the end of a finding's message about the checked object;
   * {@code ""} when kstatus cannot compute a status.
   */
  public static String suffix(ObjectCheck check) {
    return check.kstatus().map(r -> " " + sentence(r)).orElse("");
  }

  /** {@code kstatus computes InProgress: <message>.} */
  private static String sentence(KstatusResult r) {
    String message = r.message().isEmpty() ? "" : ": " + r.message();
    return "kstatus computes " + r.status().label() + message + (message.endsWith(".") ? "" : ".");
  }
}
