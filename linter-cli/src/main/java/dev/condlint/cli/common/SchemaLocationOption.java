package dev.condlint.cli.common;

import dev.condlint.cli.input.SchemaLocations;
import dev.condlint.cli.report.TerminalText;
import dev.condlint.rules.engine.Engine;
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

  /** A configured engine that also reads the schema locations, and the locations (with their read errors). */
  public record Located(ConfigOption.Configured configured, SchemaLocations locations, Engine engine) {}

  /**
   * The configured engine with the schema locations of the flags and the configuration; empty when the
   * configuration failed or after printing what is wrong with a location.
   */
  public Optional<Located> locate(CommandSpec spec, Environment env, Optional<ConfigOption.Configured> configured) {
    if (configured.isEmpty()) {
      return Optional.empty();
    }
    return open(spec, env, configured.get()).map(locations -> new Located(configured.get(), locations,
        configured.get().engine().withSchemaLocations(locations.kindSchemas())));
  }

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
