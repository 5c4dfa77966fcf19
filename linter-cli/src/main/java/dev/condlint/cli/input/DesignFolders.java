package dev.condlint.cli.input;

import dev.condlint.model.Document;
import dev.condlint.yaml.YamlDocuments;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Design documents: a file below a folder named {@code proposals}, {@code proposal}, {@code enhancements},
 * {@code designs}, {@code design}, {@code keps}, {@code rfcs} or {@code adr} (any case), counted from where
 * the file was named (its path as shown, when relative) or from the top of its git repository, shows an
 * API as proposed, which may not be the API that shipped. Its objects are marked
 * ({@link Document#proposedIn}) so that the checks against a CRD say less there. Folders above the
 * repository top, or above a relative name's start, do not count: a checkout under {@code ~/design/}
 * holds no design documents for that.
 */
public final class DesignFolders {
  /** The folder names, in lower case; documented in docs/cli.md. */
  public static final List<String> NAMES =
      List.of("proposals", "proposal", "enhancements", "designs", "design", "keps", "rfcs", "adr");

  private DesignFolders() {}

  /** The design folder an input's file stands in, as written; empty for any other input. */
  static Optional<String> of(Input input) {
    if (input.path().isEmpty()) {
      return Optional.empty();
    }
    Path shown = Path.of(input.name());
    if (!shown.isAbsolute()) {
      Optional<String> named = below(shown.normalize().getParent(), null);
      if (named.isPresent()) {
        return named;
      }
    }
    Path file = input.path().get().toAbsolutePath().normalize();
    // Most files have no such folder anywhere: only those look for their repository's top.
    if (below(file.getParent(), null).isEmpty()) {
      return Optional.empty();
    }
    return GitWorkTree.top(file.getParent()).flatMap(top -> below(file.getParent(), top));
  }

  /** The first design folder among the folders of {@code dir} below {@code top} (all, when null). */
  private static Optional<String> below(Path dir, Path top) {
    if (dir == null) {
      return Optional.empty();
    }
    Path relative = top == null ? dir : top.relativize(dir);
    for (Path segment : relative) {
      String name = segment.toString();
      if (NAMES.contains(name.toLowerCase(Locale.ROOT))) {
        return Optional.of(name);
      }
    }
    return Optional.empty();
  }

  /** A sink that marks every object it hands on as coming from the design folder {@code folder}. */
  static YamlDocuments.ObjectSink marking(YamlDocuments.ObjectSink sink, String folder) {
    return new YamlDocuments.ObjectSink() {
      @Override
      public void accept(Document object) {
        sink.accept(object.proposedIn(folder));
      }

      @Override
      public void restart() {
        sink.restart();
      }
    };
  }
}
