package dev.condlint.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.cli.input.InputFiles;
import dev.condlint.cli.input.InputReader;
import dev.condlint.cluster.testing.TestApiServer;
import dev.condlint.model.Document;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code condlint audit} in-process against a test API server (fabric8's mock in CRUD mode, with the
 * dispatcher of {@link TestApiServer} for discovery, paging and faults), connected through a
 * kubeconfig file that points at it, as a user's would.
 */
final class AuditRun {
  static final String NOW = "2026-11-24T00:00:00Z";

  private final TestApiServer server;
  private final Path kubeconfig;
  private final CliRun cli;

  AuditRun(TestApiServer server, Path dir, CliRun cli) {
    this.server = server;
    this.cli = cli;
    try {
      this.kubeconfig = Files.writeString(dir.resolve("kubeconfig-" + System.identityHashCode(server)),
          server.kubeconfig("mock", "default"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  TestApiServer server() {
    return server;
  }

  /** The objects of a YAML file of the test resources, as lint reads them. */
  static List<JsonNode> objectsOf(String resource) {
    Path file = Golden.resource(resource);
    InputReader.Read read = new InputReader(new ByteArrayInputStream(new byte[0]))
        .read(new InputFiles(file.getParent(), file.getParent(), List.of()).expand(List.of(file.toString())).get(0));
    if (!read.errors().isEmpty()) {
      throw new IllegalArgumentException(read.errors().toString());
    }
    return read.documents().stream().map(Document::object).toList();
  }

  /** {@code condlint audit --kubeconfig FILE --now NOW ARGS...}. */
  CliRun.Result run(String... args) {
    return cli.run(List.of("audit", "--kubeconfig", kubeconfig.toString(), "--now", NOW), args);
  }
}
