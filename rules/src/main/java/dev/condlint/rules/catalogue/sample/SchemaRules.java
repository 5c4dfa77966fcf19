package dev.condlint.rules.catalogue.sample;

import dev.condlint.rules.api.Rule;
import java.util.List;

/** The rules that check custom resources against the CRDs found among the inputs. */
public final class SchemaRules {
  private SchemaRules() {}

  public static List<Rule> all() {
    return List.of(new SampleSchema(), new SampleStatusSchema(), new SampleCrdMissing());
  }
}
