package dev.condlint.rules.catalogue.meta;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** Rules about condlint's own input, such as suppressions that suppress nothing. */
public final class MetaRules {
  private MetaRules() {}

  public static List<Rule> all() {
    return List.of(new DuplicateKey(), new UnusedSuppression());
  }
}
