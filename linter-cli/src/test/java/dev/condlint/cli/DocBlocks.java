package dev.condlint.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The fenced code blocks of a Markdown document, in document order, for the tests that check docs' examples. */
final class DocBlocks {
  private DocBlocks() {}

  /**
   * A fenced block: the 1-based line of its opening fence, its info string ({@code yaml}, {@code console}),
   * and its lines.
   */
  record Block(int line, String info, List<String> lines) {
    String text() {
      return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }

    /** {@code NAME} when the block's first line is the comment {@code # NAME}: the file the example is. */
    Optional<String> fileName() {
      if (lines.isEmpty() || !lines.get(0).startsWith("# ")) {
        return Optional.empty();
      }
      String name = lines.get(0).substring(2).trim();
      return name.isEmpty() || name.contains(" ") ? Optional.empty() : Optional.of(name);
    }
  }

  static List<Block> of(Path doc) {
    try {
      return of(Files.readAllLines(doc, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Block> of(List<String> lines) {
    List<Block> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith("```")) {
        continue;
      }
      int open = i;
      List<String> body = new ArrayList<>();
      for (i++; i < lines.size() && !lines.get(i).equals("```"); i++) {
        body.add(lines.get(i));
      }
      blocks.add(new Block(open + 1, lines.get(open).substring(3).trim(), body));
    }
    return blocks;
  }
}
