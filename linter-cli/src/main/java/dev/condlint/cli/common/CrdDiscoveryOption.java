package dev.condlint.cli.common;

import dev.condlint.cli.input.CrdDiscovery;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.rules.config.Config;
import picocli.CommandLine.Option;

/**
 * {@code --no-crd-discovery} and {@code --verbose}, for the commands that read files: whether the CRD of
 * a kind no CRD of the run defines is looked for in the file's project, and whether standard error
 * says what that look read, found and skipped.
 */
public final class CrdDiscoveryOption {
  @Option(
      names = "--no-crd-discovery",
      description = "Do not look for the CRD of a kind that no CRD among the inputs or in --crds defines in the"
          + " project the file belongs to (the nearest directory above it with .condlint.yaml, else .git). Also"
          + " crdDiscovery: false in .condlint.yaml.")
  boolean off;

  @Option(names = "--verbose", description = "Say on standard error what CRD discovery read, parsed, found and skipped, and which directories it did not look in (in no project).")
  boolean verbose;

  /** Discovery as the flag and the configuration set it, in this environment. */
  public CrdDiscovery.Settings settings(Environment env, Config config) {
    return CrdDiscovery.Settings.of(!off && config.crdDiscovery(), env.variables(), env.workingDirectory());
  }

  /** After the run: where a walk stopped at its limit, and with {@code --verbose} what each walk did. */
  public void printNotes(Environment env, CrdDiscovery discovery) {
    discovery.notes(verbose).forEach(line -> env.err().println(TerminalText.escape(line)));
  }
}
