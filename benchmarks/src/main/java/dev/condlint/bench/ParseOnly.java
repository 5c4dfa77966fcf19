package dev.condlint.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The floor of the corpus runner: reads every .yaml, .yml and .json file under the given roots and
 * loads each document with snakeyaml-engine into plain Java maps, and prints the number of files and
 * documents. No positions, no rules. One thread by default; {@code --threads N} takes the files in
 * turn on N threads, the most any YAML linter built on snakeyaml-engine can do on N cores.
 */
final class ParseOnly {
  private ParseOnly() {}

  static void run(List<String> args) throws Exception {
    int threads = Integer.parseInt(BenchMain.option(args, "--threads", "1"));
    List<String> roots = new ArrayList<>(args);
    int flag = roots.indexOf("--threads");
    if (flag >= 0) {
      roots.subList(flag, flag + 2).clear();
    }
    List<Path> files = files(roots);
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Long>> counts = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        counts.add(pool.submit(() -> parse(files, next)));
      }
      long documents = 0;
      for (Future<Long> count : counts) {
        documents += count.get();
      }
      System.out.println("Parsed " + files.size() + " files (" + documents + " documents).");
    } finally {
      // A failed parse must not leave the pool's threads keeping the JVM alive.
      pool.shutdownNow();
    }
  }

  /** Takes the next file until none is left; returns the documents it loaded. */
  private static long parse(List<Path> files, AtomicInteger next) {
    Load load = new Load(LoadSettings.builder().setCodePointLimit(Integer.MAX_VALUE).build());
    long documents = 0;
    for (int i = next.getAndIncrement(); i < files.size(); i = next.getAndIncrement()) {
      Path file = files.get(i);
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
    }
    return documents;
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
