package dev.condlint.rules.kstatus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.ObjectCheck;
import java.time.Instant;
import java.util.Optional;

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
    return sentence(check.object(), check.now()).map(v -> " " + v).orElse("");
  }

  /** {@code kstatus computes InProgress: <message>.}, or empty when kstatus cannot compute a status. */
  public static Optional<String> sentence(JsonNode object, Optional<Instant> now) {
    try {
      KstatusResult r = now.isPresent() ? KstatusCompute.compute(object, now.get()) : KstatusCompute.compute(object);
      String message = r.message().isEmpty() ? "" : ": " + r.message();
      return Optional.of("kstatus computes " + r.status().label() + message + (message.endsWith(".") ? "" : "."));
    } catch (KstatusException e) {
      return Optional.empty();
    }
  }
}
