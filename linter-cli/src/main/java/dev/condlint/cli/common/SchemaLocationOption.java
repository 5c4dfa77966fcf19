package dev.condlint.cli.common;

import dev.condlint.cli.input.SchemaLocations;
import dev.condlint.cli.report.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --schema-location LOCATION} (repeatable), as kubeconform takes it: where to find the schema
 * of a kind that no CRD among the inputs or in {@code --crds} defines; then the configuration's
 * {@code schemaLocations}.
 */
public final class SchemaLocationOption {
  @Option(
      names = "--schema-location",
      paramLabel = "LOCATION",
      description = "Where to find the schema of a kind no CRD of the run defines (repeatable; before the"
          + " configuration's schemaLocations): a directory (GROUP/KIND_VERSION.json JSON Schemas, CRD YAML),"
          + " a file of CRDs, an HTTPS URL or path template with {{.Group}}, {{.ResourceKind}} and"
          + " {{.ResourceAPIVersion}}, or default. HTTPS schemas are cached in"
          + " $${XDG_CACHE_HOME:-~/.cache}/condlint/schemas.")
  public List<String> locations = new ArrayList<>();

  /**
   * The flags' locations, then the configuration's; a usage error names a malformed flag; empty after
   * printing what is wrong with a configured one (or with {@code SSL_CERT_FILE}).
   */
  public Optional<SchemaLocations> open(CommandSpec spec, Environment env, ConfigOption.Configured configured) {
    List<SchemaLocations.Written> written = new ArrayList<>();
    locations.forEach(l -> written.add(new SchemaLocations.Written(l, "--schema-location", env.workingDirectory())));
    List<String> configuredLocations = configured.engine().config().schemaLocations();
    String file = configured.configPath().map(p -> p.getFileName().toString()).orElse(".condlint.yaml");
    for (int i = 0; i < configuredLocations.size(); i++) {
      written.add(new SchemaLocations.Written(configuredLocations.get(i), file + " schemaLocations[" + i + "]",
          configured.excludeBase(env.workingDirectory())));
    }
    try {
      return Optional.of(written.isEmpty() ? SchemaLocations.NONE : SchemaLocations.open(written, env.variables()));
    } catch (SchemaLocations.Malformed e) {
      if (e.written().where().equals("--schema-location")) {
        throw Usage.error(spec, e.getMessage());
      }
      env.err().println(TerminalText.escape("condlint: error: " + e.getMessage()));
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      env.err().println(TerminalText.escape("condlint: error: " + e.getMessage()));
      return Optional.empty();
    }
  }
}
