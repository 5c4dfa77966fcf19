package dev.condlint.cli.input;

import dev.condlint.model.Document;
import dev.condlint.yaml.YamlDocuments;
import java.io.InputStream;
import java.util.List;

/** Reads one input into engine documents, turning every way it can fail into an {@link InputError}. */
public final class InputReader {
  private final InputStream stdin;

  /**
   * One input after reading: its objects, how many of its documents were skipped as no Kubernetes
   * object, and what could not be read.
   */
  public record Read(String name, List<Document> documents, int skipped, List<InputError> errors) {
    static Read nothing(String name, List<InputError> errors) {
      return new Read(name, List.of(), 0, errors);
    }
  }

  public InputReader(InputStream stdin) {
    this.stdin = stdin;
  }

  public Read read(Input input) {
    if (input.failure().isPresent()) {
      return Read.nothing(input.name(), List.of(input.failure().get()));
    }
    try {
      String text = input.path().isPresent()
          ? SourceText.read(input.path().get(), input.name())
          : SourceText.read(stdin, input.name());
      return read(input, text);
    } catch (InputException e) {
      return Read.nothing(input.name(), List.of(e.error()));
    }
  }

  /**
   * Reads an input, but decodes and parses it only when its bytes may hold {@code asciiWord}: a cheap
   * look ({@link SourceText#mayHold}) that spares a first pass the files that cannot hold what it
   * wants. Those, files that cannot be read and streams (which can be read only once) give no
   * documents and no errors here: the pass that lints every input reads them and reports their errors.
   */
  public Read readIfMentions(Input input, String asciiWord) {
    if (input.failure().isPresent() || input.stream() || input.path().isEmpty()) {
      return Read.nothing(input.name(), List.of());
    }
    try {
      byte[] bytes = SourceText.bytes(input.path().get(), input.name());
      if (!SourceText.mayHold(bytes, asciiWord)) {
        return Read.nothing(input.name(), List.of());
      }
      return read(input, SourceText.decode(input.name(), bytes));
    } catch (InputException e) {
      return Read.nothing(input.name(), List.of());
    }
  }

  private Read read(Input input, String text) {
    YamlDocuments.Loaded loaded = YamlDocuments.load(input.name(), text);
    List<InputError> errors = loaded.problems().stream()
        .map(p -> InputError.at(input.name(), p.at().line(), p.at().column(), p.message()))
        .toList();
    return new Read(input.name(), loaded.documents(), loaded.skipped(), errors);
  }
}
