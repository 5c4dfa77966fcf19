package dev.condlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.model.Document;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * {@code mock-server --from DIR --kubeconfig FILE}: the audit runner's cluster. Loads the objects of
 * the YAML files under DIR into the test API server (fabric8's mock in CRUD mode, with the cluster
 * module's dispatcher for discovery and paging), writes a kubeconfig that points at it, prints
 * {@code ready N URL CERTIFICATE} (the PEM file of its self-signed certificate) and serves until
 * standard input closes.
 */
final class MockApiServer {
  private MockApiServer() {}

  static void run(List<String> args) throws IOException {
    // The mock logs every request at INFO: the runner measures serving, not logging.
    Logger.getLogger("").setLevel(Level.WARNING);
    Path from = Path.of(BenchMain.option(args, "--from", "target/corpus"));
    Path kubeconfig = Path.of(BenchMain.option(args, "--kubeconfig", "target/kubeconfig"));
    List<JsonNode> objects = new ArrayList<>();
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        YamlDocuments.load(file.toString(), Files.readString(file)).documents().stream().map(Document::object)
            .forEach(objects::add);
      }
    }
    try (TestApiServer server = new TestApiServer()) {
      server.load(objects);
      Files.writeString(kubeconfig, server.kubeconfig("bench", "default"));
      System.out.println("ready " + objects.size() + " " + server.url() + " " + server.certificate());
      System.out.flush();
      // Serves until the runner closes standard input (or ends the process).
      while (System.in.read() >= 0) {
        // discard
      }
    }
  }
}
