package dev.condlint.cli.input;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One {@code --schema-location} (or {@code schemaLocations} entry), as kubeconform takes it: where to
 * find the JSON Schema or CRD of a kind that no CRD of the run defines.
 *
 * <ul>
 *   <li>{@code default}: condlint's bundled CRD catalogue, which is always consulted (after the
 *       catalogue); kept for kubeconform's command lines, it adds nothing.
 *   <li>An HTTPS URL with template variables, or ending in {@code .json}: the URL of one kind's schema
 *       ({@code https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json}).
 *   <li>Another HTTPS URL: a catalogue laid out as datreeio/CRDs-catalog is, below it
 *       ({@code GROUP/KIND_VERSION.json}).
 *   <li>A path with template variables: the file of one kind's schema.
 *   <li>A directory: JSON Schemas at {@code GROUP/KIND_VERSION.json}, and CRD manifests in any
 *       {@code .yaml} or {@code .yml} file under it.
 *   <li>A file: CRD manifests.
 * </ul>
 *
 * @param text the location as the user wrote it, which findings and errors name
 * @param template the URL or path template of one kind's schema, where the location is one
 * @param path the directory or file, for the others
 */
record SchemaLocation(String text, Kind kind, Optional<SchemaTemplate> template, Optional<Path> path) {
  /** The catalogue layout below a URL or directory: datreeio/CRDs-catalog's. */
  static final String CATALOGUE_LAYOUT = "{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json";

  enum Kind {
    DEFAULT,
    URL,
    PATH_TEMPLATE,
    DIRECTORY,
    FILE
  }

  /**
   * The location a text names; a relative path is relative to {@code base}.
   *
   * @throws IllegalArgumentException saying what is wrong with it: an unknown template variable, a
   *     URL that is not HTTPS, a path that does not exist
   */
  static SchemaLocation parse(String text, Path base) {
    if (text.isBlank()) {
      throw new IllegalArgumentException("an empty location");
    }
    if (text.equals("default")) {
      return new SchemaLocation(text, Kind.DEFAULT, Optional.empty(), Optional.empty());
    }
    String scheme = scheme(text);
    if (scheme.equals("https")) {
      String template = SchemaTemplate.isTemplate(text) || text.endsWith(".json")
          ? text : text.replaceAll("/+$", "") + "/" + CATALOGUE_LAYOUT;
      return new SchemaLocation(text, Kind.URL, Optional.of(SchemaTemplate.parse(template)), Optional.empty());
    }
    if (!scheme.isEmpty() && !(scheme.length() == 1 && Character.isLetter(scheme.charAt(0)))) {
      throw new IllegalArgumentException("condlint fetches schemas over HTTPS only, not " + scheme + ":");
    }
    if (SchemaTemplate.isTemplate(text)) {
      SchemaTemplate template = SchemaTemplate.parse(base.resolve(text).toString());
      return new SchemaLocation(text, Kind.PATH_TEMPLATE, Optional.of(template), Optional.empty());
    }
    Path path;
    try {
      path = base.resolve(text).normalize();
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("no path: " + e.getReason());
    }
    if (Files.isDirectory(path)) {
      return new SchemaLocation(text, Kind.DIRECTORY, Optional.empty(), Optional.of(path));
    }
    if (Files.isRegularFile(path)) {
      return new SchemaLocation(text, Kind.FILE, Optional.empty(), Optional.of(path));
    }
    throw new IllegalArgumentException("no such directory or file, and no URL or template");
  }

  private static String scheme(String text) {
    int colon = text.indexOf(':');
    if (colon <= 0 || text.indexOf('/') >= 0 && text.indexOf('/') < colon) {
      return "";
    }
    try {
      String scheme = new URI(text.replace("{{", "").replace("}}", "").replace(" ", "")).getScheme();
      return scheme == null ? "" : scheme.toLowerCase(java.util.Locale.ROOT);
    } catch (URISyntaxException e) {
      return text.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
    }
  }
}
