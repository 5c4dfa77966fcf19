package dev.condlint.cli.input;

import dev.condlint.model.Document;
import dev.condlint.yaml.YamlDocuments;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads inputs into engine documents, turning every way it can fail into an {@link InputError}: a
 * file that cannot be read or parsed, and one that needs more memory than the JVM has, which is
 * reported like any other unreadable file instead of ending the run.
 */
public final class InputReader {
  static final String OUT_OF_MEMORY = "out of memory: this file needs a larger JVM heap than this one;"
      + " give it one with CONDLINT_JAVA_OPTS=-Xmx2g (or more)";

  private final InputStream stdin;
  private final Optional<SkippedFiles> skipping;
  private final boolean nested;

  /** One input's text, or the errors that kept it from being read ({@code text} null). */
  public record Text(String name, String text, List<InputError> errors) {}

  /**
   * What reading an input object by object gave besides its objects; {@code notManifest} when a file a
   * walk found turned out to be no Kubernetes manifest (then it gave no objects and no errors).
   */
  public record Streamed(String name, int skipped, List<InputError> errors, Optional<NotManifest> notManifest) {
    Streamed(String name, int skipped, List<InputError> errors) {
      this(name, skipped, errors, Optional.empty());
    }
  }

  /** One input read whole: its objects, how many documents were no object, and what could not be read. */
  public record Read(String name, List<Document> documents, int skipped, List<InputError> errors) {}

  /** A reader that reads every input strictly. */
  public InputReader(InputStream stdin) {
    this(stdin, Optional.empty());
  }

  /**
   * @param skipping where files a directory walk found that are no Kubernetes manifest are counted
   *     instead of read strictly; empty to read them strictly too
   */
  public InputReader(InputStream stdin, Optional<SkippedFiles> skipping) {
    this(stdin, skipping, false);
  }

  private InputReader(InputStream stdin, Optional<SkippedFiles> skipping, boolean nested) {
    this.stdin = stdin;
    this.skipping = skipping;
    this.nested = nested;
  }

  /**
   * The same reader that also hands on the objects nested in each document (test tables, wrappers:
   * {@code --nested}), with their pointers in the document as {@link Document#at()}.
   */
  public InputReader nested(boolean nested) {
    return new InputReader(stdin, skipping, nested);
  }

  /** The text of an input: a stream (standard input, a FIFO) can be read only once, so it is kept. */
  public Text text(Input input) {
    if (input.failure().isPresent()) {
      return new Text(input.name(), null, List.of(input.failure().get()));
    }
    if (input.rendered().isPresent()) {
      return new Text(input.name(), input.rendered().get(), List.of());
    }
    try {
      String text = input.path().isPresent()
          ? SourceText.read(input.path().get(), input.name())
          : SourceText.read(stdin, input.name());
      return new Text(input.name(), text, List.of());
    } catch (InputException e) {
      return new Text(input.name(), null, List.of(e.error()));
    } catch (OutOfMemoryError e) {
      return new Text(input.name(), null, List.of(InputError.of(input.name(), OUT_OF_MEMORY)));
    }
  }

  /**
   * Hands an input's objects to {@code sink} as they are read (a List's items one at a time), so that
   * no file is held whole. When the JVM runs out of memory on it, the sink forgets what it had and
   * the file gets an error. A file a walk found that is no Kubernetes manifest ({@link NotManifest})
   * gives neither objects nor errors, only why.
   */
  public Streamed objects(Input input, YamlDocuments.ObjectSink given) {
    YamlDocuments.ObjectSink sink =
        DesignFolders.of(input).map(folder -> DesignFolders.marking(given, folder)).orElse(given);
    Text text = text(input);
    if (!input.found() || text.text() == null || skipping.isEmpty()) {
      return objects(text, sink);
    }
    int[] objects = {0};
    Streamed read = objects(text, new YamlDocuments.ObjectSink() {
      @Override
      public void accept(Document object) {
        objects[0]++;
        sink.accept(object);
      }

      @Override
      public void restart() {
        objects[0] = 0;
        sink.restart();
      }
    });
    Optional<NotManifest> why = read.errors().isEmpty()
        ? Optional.of(NotManifest.NO_OBJECT).filter(no -> objects[0] == 0)
        : NotManifest.ofUnparsable(text.text(), read.errors().get(0));
    if (why.isEmpty()) {
      return read;
    }
    sink.restart();
    skipping.get().add(why.get());
    return new Streamed(read.name(), 0, List.of(), why);
  }

  /** {@link #objects(Input, YamlDocuments.ObjectSink)} of a text already read. */
  public Streamed objects(Text text, YamlDocuments.ObjectSink sink) {
    if (text.text() == null) {
      return new Streamed(text.name(), 0, text.errors());
    }
    try {
      YamlDocuments.Read read = YamlDocuments.objects(text.name(), text.text(), sink, nested);
      return new Streamed(text.name(), read.skipped(),
          read.problems().stream().map(p -> InputError.of(text.name(), p)).toList());
    } catch (OutOfMemoryError e) {
      sink.restart();
      return new Streamed(text.name(), 0, List.of(InputError.of(text.name(), OUT_OF_MEMORY)));
    }
  }

  /** An input's objects, held together: for commands that show each object, not for large runs. */
  public Read read(Input input) {
    List<Document> documents = new ArrayList<>();
    Streamed streamed = objects(input, YamlDocuments.ObjectSink.into(documents));
    return new Read(streamed.name(), documents, streamed.skipped(), streamed.errors());
  }

  /**
   * Hands on an input's objects, but decodes and parses it only when its bytes may hold
   * {@code asciiWord}: a cheap look ({@link SourceText#mayHold}) that spares a first pass the files
   * that cannot hold what it wants. Those, files that cannot be read and streams (which can be read
   * only once) give nothing here, not even their errors: the pass that lints every input reads them
   * and reports their errors.
   */
  public void objectsIfMentioned(Input input, String asciiWord, YamlDocuments.ObjectSink sink) {
    if (input.rendered().isPresent()) {
      if (input.rendered().get().contains(asciiWord)) {
        objects(input, sink);
      }
      return;
    }
    if (input.failure().isPresent() || input.stream() || input.path().isEmpty()) {
      return;
    }
    String text;
    try {
      text = textIfMentioned(input.path().get(), input.name(), asciiWord);
    } catch (InputException | OutOfMemoryError e) {
      return;
    }
    if (text != null) {
      objects(new Text(input.name(), text, List.of()), sink);
    }
  }

  /** A file's text if its bytes may hold the word, else null; its bytes are let go before it is parsed. */
  private static String textIfMentioned(Path path, String name, String asciiWord) throws InputException {
    byte[] bytes = SourceText.bytes(path, name);
    return SourceText.mayHold(bytes, asciiWord) ? SourceText.decode(name, bytes) : null;
  }
}
