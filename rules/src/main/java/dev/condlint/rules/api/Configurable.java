package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A rule that takes options ({@code rules.<id>.options} in the configuration). The rule reads them into
 * its own type {@code O}, once, when the engine is built, and its checks hand them back through
 * {@link Check#options(Configurable)}. Reading them is validating them: the configuration loader
 * reports, at the offending key, whatever {@link #options} rejects, and any key that
 * {@link #declaredOptions} does not name.
 */
public interface Configurable<O> {

  /**
   * Every option this rule takes. The configuration loader refuses any other key under
   * {@code rules.<id>.options}, suggesting the nearest, and the configuration's JSON Schema lists these.
   */
  List<RuleOption> declaredOptions();

  /**
   * Reads this rule's options.
   *
   * @param options the configured options object; a missing node when none are configured
   * @throws InvalidOptionException naming the key, for a value the rule cannot use
   */
  O options(JsonNode options);
}
