package dev.condlint.cli.common;

import dev.condlint.rules.config.Config;
import picocli.CommandLine.Option;

/**
 * The {@code --nested} option of every command that reads objects from files ({@code lint}, {@code health},
 * {@code status}, {@code explain}): also the Kubernetes objects nested in other documents, each at its own
 * lines; a command that reads {@code .condlint.yaml} also takes its {@code nested: true}.
 */
public final class NestedOption {
  @Option(
      names = "--nested",
      description = "Also read the Kubernetes objects nested in other documents (the entries of test tables and"
          + " other wrappers: mappings with apiVersion, kind and metadata), each at its own lines. Also nested: true in .condlint.yaml, for a command that reads it.")
  boolean nested;

  /** Whether the flag was given (for a command that reads no configuration). */
  public boolean on() {
    return nested;
  }

  /** Whether nested objects are read: the flag, or {@code nested: true} of the configuration. */
  public boolean on(Config config) {
    return nested || config.nested();
  }
}
