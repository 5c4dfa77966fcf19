package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A rule that takes options ({@code rules.<id>.options} in the configuration). The rule reads them into
 * its own type {@code O}, once, when the engine is built, and its checks hand them back through
 * {@link Check#options(Configurable)}. Reading them is validating them: the configuration loader
 * reports, at the offending key, whatever {@link #options} rejects.
 */
public interface Configurable<O> {

  /**
   * Reads this rule's options.
   *
   * @param options the configured options object; a missing node when none are configured
   * @throws InvalidOptionException naming the key, for a value the rule cannot use
   */
  O options(JsonNode options);
}
