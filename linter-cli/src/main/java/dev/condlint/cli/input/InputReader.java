package dev.condlint.cli.input;

import dev.condlint.rules.Document;
import java.io.InputStream;
import java.util.List;
import java.util.function.Predicate;

/** Reads one input into engine documents, turning every way it can fail into an {@link InputError}. */
public final class InputReader {
  private final InputStream stdin;

  /** One input after reading: its objects, and what could not be read. */
  public record Read(String name, List<Document> documents, List<InputError> errors) {}

  public InputReader(InputStream stdin) {
    this.stdin = stdin;
  }

  public Read read(Input input) {
    return read(input, text -> true);
  }

  /**
   * Reads an input, but parses it only when its text passes {@code worthParsing}, a cheap look that
   * spares the parse of files that cannot hold what the caller wants; otherwise it has no documents.
   */
  public Read read(Input input, Predicate<String> worthParsing) {
    if (input.failure().isPresent()) {
      return new Read(input.name(), List.of(), List.of(input.failure().get()));
    }
    try {
      String text = input.path().isPresent()
          ? SourceText.read(input.path().get(), input.name())
          : SourceText.read(stdin, input.name());
      if (!worthParsing.test(text)) {
        return new Read(input.name(), List.of(), List.of());
      }
      YamlDocuments.Loaded loaded = YamlDocuments.load(input.name(), text);
      return new Read(input.name(), loaded.documents(), loaded.errors());
    } catch (InputException e) {
      return new Read(input.name(), List.of(), List.of(e.error()));
    }
  }
}
