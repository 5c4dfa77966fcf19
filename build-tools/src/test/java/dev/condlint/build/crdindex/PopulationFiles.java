package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads what the population tests hold to: a population's tab-separated files and the sources of sources.json. */
final class PopulationFiles {
  static final Path DIR = Path.of("crd-index");

  private PopulationFiles() {}

  /** The rows of a tab-separated file below crd-index/, without blank lines, {@code #} comments and the header. */
  static List<String[]> rows(String file) throws IOException {
    return Files.readAllLines(DIR.resolve(file)).stream()
        .filter(line -> !line.isBlank() && !line.startsWith("#"))
        .skip(1) // the header
        .map(line -> line.split("\t", -1))
        .toList();
  }

  /** The entries of sources.json, in their order. */
  static List<JsonNode> sources() throws IOException {
    List<JsonNode> out = new ArrayList<>();
    new ObjectMapper().readTree(DIR.resolve("sources.json").toFile()).path("sources").forEach(out::add);
    return out;
  }
}
