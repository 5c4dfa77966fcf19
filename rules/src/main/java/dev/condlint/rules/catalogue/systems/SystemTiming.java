package dev.condlint.rules.catalogue.systems;

import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.contract.Timing;
import java.util.Optional;

/** The timing an object's contract carries, when it is that of the system a rule knows. */
final class SystemTiming {
  private SystemTiming() {}

  static Optional<Timing> of(ObjectCheck check, Timing.Model model) {
    return check.contract().timing().map(known -> known.value()).filter(t -> t.model() == model);
  }
}
