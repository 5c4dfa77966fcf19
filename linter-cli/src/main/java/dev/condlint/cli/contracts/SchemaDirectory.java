package dev.condlint.cli.contracts;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CRDs as a directory for {@code --schema-location DIR}, laid out as datreeio/CRDs-catalog lays its
 * JSON Schemas out and as condlint's and kubeconform's readers of a directory find them:
 * {@code GROUP/KIND_VERSION.json}, the kind in lower case, one file per version that has a schema, holding
 * that version's {@code openAPIV3Schema} as the CRD has it (what a schema location's reader takes for
 * the kind's JSON Schema), with a {@code $comment} naming where it came from. Everything a CRD's schema
 * says of conditions is kept, which a {@code .condlint.yaml} cannot all state.
 */
final class SchemaDirectory {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectWriter PRETTY = JSON.writer(new DefaultPrettyPrinter()
      .withObjectIndenter(new DefaultIndenter("  ", "\n"))
      .withArrayIndenter(new DefaultIndenter("  ", "\n")));

  private SchemaDirectory() {}

  /** Each file's path (relative, with / between names) and text, in path order. */
  static Map<String, String> files(ExportedCrds crds, String comment) {
    Map<String, String> out = new TreeMap<>();
    for (JsonNode crd : crds.crds()) {
      String group = ExportedCrds.group(crd);
      String kind = ExportedCrds.kind(crd).toLowerCase(Locale.ROOT);
      for (JsonNode version : crd.path("spec").path("versions")) {
        JsonNode schema = version.path("schema").path("openAPIV3Schema");
        String name = version.path("name").asText("");
        if (!schema.isObject() || group.isEmpty() || kind.isEmpty() || name.isEmpty()) {
          continue;
        }
        ObjectNode file = JSON.createObjectNode();
        file.put("$comment", comment + " (CRD " + crd.path("metadata").path("name").asText("") + ", version "
            + name + ")");
        schema.properties().forEach(p -> {
          if (!p.getKey().equals("$comment")) {
            file.set(p.getKey(), p.getValue());
          }
        });
        try {
          out.putIfAbsent(group + "/" + kind + "_" + name + ".json", PRETTY.writeValueAsString(file) + "\n");
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    }
    return out;
  }

  /** Writes the files under {@code dir}, which must be new or empty; the paths written, in order. */
  static List<Path> write(Path dir, Map<String, String> files) throws IOException {
    List<Path> written = new ArrayList<>();
    Files.createDirectories(dir);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path file = dir.resolve(f.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
      written.add(file);
    }
    return written;
  }
}
