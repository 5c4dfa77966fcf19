package dev.condlint.yaml;

import dev.condlint.model.Position;
import dev.condlint.model.SourceProblem;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads YAML, and JSON where kubectl would (a text whose first non-blank character is <code>{</code>,
 * read as strict JSON), into Jackson trees that remember where every node stood: plain scalars
 * resolved the YAML 1.1 way kubectl does, duplicate keys recorded instead of dropped, {@link
 * ReaderLimits} enforced, every problem at its line and column. Parser events are built
 * straight into the trees and light {@link SourceNode}s ({@link TreeComposer}), never into
 * snakeyaml-engine's nodes, which hold every mark with a window of the text each. Thread-safe:
 * each read builds its own state.
 */
public final class YamlReader {
  private static final Position START = new Position(1, 1);

  private final ReaderLimits limits;
  private final boolean collectComments;

  /**
   * A reader that collects comments or not: collecting them slows the scanner down, and a caller that
   * knows a text holds no comment it wants (a rendered manifest often has one on top) spares it.
   */
  public YamlReader(ReaderLimits limits, boolean collectComments) {
    this.limits = limits;
    this.collectComments = collectComments;
  }

  /** A reader that collects every comment. */
  public YamlReader(ReaderLimits limits) {
    this(limits, true);
  }

  public YamlReader() {
    this(ReaderLimits.DEFAULT);
  }

  /** Reads every document of a text whole; never throws for bad input, which becomes a {@link SourceProblem}. */
  public ParsedFile read(String name, String text) {
    List<ParsedDocument> documents = new ArrayList<>();
    Reading reading = open(name, text);
    try {
      for (ParsedDocument d = reading.next(); d != null; d = reading.next()) {
        documents.add(d);
      }
    } catch (ReadProblem e) {
      return new ParsedFile(documents, List.copyOf(reading.comments()), List.of(e.problem()));
    }
    return new ParsedFile(documents, List.copyOf(reading.comments()), List.of());
  }

  /** Starts reading a text document by document. */
  Reading open(String name, String text) {
    boolean json = JsonEvents.isJson(text);
    List<Comment> comments = collectComments && !json && text.indexOf('#') >= 0 ? new ArrayList<>() : null;
    TextLines lines = new TextLines(text);
    NodeEvents events = json
        ? new JsonEvents(text, limits.maxCodePoints())
        : new YamlEvents(name, text, lines, limits.maxCodePoints(), comments);
    return new Reading(text, lines, events, comments);
  }

  /** One text being read, a document at a time, and the comments read so far. */
  final class Reading {
    private final TextLines lines;
    private final List<Comment> comments;
    private final TreeComposer composer;
    private final boolean tooLarge;

    private Reading(String text, TextLines lines, NodeEvents events, List<Comment> comments) {
      this.lines = lines;
      this.tooLarge =
          text.length() > limits.maxCodePoints() && text.codePointCount(0, text.length()) > limits.maxCodePoints();
      this.comments = comments;
      this.composer = new TreeComposer(events, limits, comments);
    }

    /**
     * The next document, or null after the last.
     *
     * @throws ReadProblem where the text stops being readable
     */
    ParsedDocument next() {
      return next(null);
    }

    /**
     * The next document, or null after the last; the items of a top-level List go to {@code items} one
     * at a time as they are read (null to keep them in the document).
     *
     * @throws ReadProblem where the text stops being readable
     * @throws TreeComposer.NotAList when items went out from a document that is no List
     */
    ParsedDocument next(TreeComposer.ListItems items) {
      if (tooLarge) {
        throw new ReadProblem(START, "file is larger than " + limits.maxCodePoints() + " characters");
      }
      return composer.next(items);
    }

    /** The text's lines, indexed once, when first asked about. */
    TextLines lines() {
      return lines;
    }

    /** The comments read so far, in source order (none when comments are not collected). */
    List<Comment> comments() {
      return comments == null ? List.of() : comments;
    }
  }
}
