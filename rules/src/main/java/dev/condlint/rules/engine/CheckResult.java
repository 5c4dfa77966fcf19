package dev.condlint.rules.engine;

import dev.condlint.model.Finding;
import dev.condlint.rules.profile.Profile;
import java.util.List;

/**
 * What the engine found in one object, and the profile it judged the object by (with the
 * configuration's settings applied): what a front end reports per object.
 *
 * @param findings in source order
 */
public record CheckResult(Profile profile, List<Finding> findings) {
  public CheckResult {
    findings = List.copyOf(findings);
  }
}
