package dev.condlint.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The floor of the corpus runner: reads every .yaml, .yml and .json file under the given roots and
 * loads each document with snakeyaml-engine into plain Java maps, one file after another on one
 * thread, and prints the number of files and documents. No positions, no rules.
 */
final class ParseOnly {
  private ParseOnly() {}

  static void run(List<String> roots) {
    long files = 0;
    long documents = 0;
    Load load = new Load(LoadSettings.builder().setCodePointLimit(Integer.MAX_VALUE).build());
    for (Path file : files(roots)) {
      try {
        for (Object document : load.loadAllFromString(Files.readString(file))) {
          if (document != null) {
            documents++;
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (RuntimeException e) {
        System.err.println(file + ": " + e.getMessage());
      }
      files++;
    }
    System.out.println("Parsed " + files + " files (" + documents + " documents).");
  }

  private static List<Path> files(List<String> roots) {
    return roots.stream().flatMap(ParseOnly::walk).sorted().toList();
  }

  private static Stream<Path> walk(String root) {
    try (Stream<Path> s = Files.walk(Path.of(root))) {
      return s.filter(Files::isRegularFile)
          .filter(p -> p.toString().matches(".*\\.(ya?ml|json)$"))
          .toList()
          .stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
