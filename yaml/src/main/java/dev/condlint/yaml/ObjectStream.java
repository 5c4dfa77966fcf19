package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Document;
import dev.condlint.model.LineSuppression;
import dev.condlint.model.SourceMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Hands a text's objects to a sink as they are read, each with the comment suppressions that fall
 * inside it. A suppression belongs to the last object that starts at or before the line it targets
 * (or to the first, for a line before every object, so that it is still reported unused): so an
 * object is handed on when the next one starts, or at the end, and at most two are held at once.
 * Comments are read as the text is; a directive's target line never lies before an earlier
 * directive's, so one pass over them in order assigns them all.
 */
final class ObjectStream {
  /** An object whose suppressions are not all known yet. */
  private record Pending(JsonNode object, SourceMap source, int startLine, String at) {}

  private final YamlDocuments.ObjectSink sink;
  private final List<Comment> comments;
  private final TextLines lines;
  private int commentsRead;
  /** A directive read but targeting a line after the pending object. */
  private LineSuppression waiting;
  private Pending pending;

  /**
   * @param comments the comments of the text, a list that grows as it is read
   * @param lines the text's lines, which tell the line a directive targets
   */
  ObjectStream(YamlDocuments.ObjectSink sink, List<Comment> comments, TextLines lines) {
    this.sink = sink;
    this.comments = comments;
    this.lines = lines;
  }

  void add(JsonNode object, SourceMap source, int startLine) {
    add(object, source, startLine, "");
  }

  /** An object nested at {@code at} in its document. */
  void add(JsonNode object, SourceMap source, int startLine, String at) {
    if (pending != null) {
      handOn(startLine);
    }
    pending = new Pending(object, source, startLine, at);
  }

  /** Hands on the last object: the text is read to its end. */
  void end() {
    if (pending != null) {
      handOn(Integer.MAX_VALUE);
      pending = null;
    }
  }

  /** Hands on the pending object with the suppressions that target a line before {@code nextStart}. */
  private void handOn(int nextStart) {
    List<LineSuppression> own = new ArrayList<>();
    for (Optional<LineSuppression> s = nextSuppression(); s.isPresent(); s = nextSuppression()) {
      if (s.get().targetLine() >= nextStart) {
        waiting = s.get();
        break;
      }
      own.add(s.get());
    }
    sink.accept(new Document(pending.object(), pending.source(), own, pending.at()));
  }

  private Optional<LineSuppression> nextSuppression() {
    if (waiting != null) {
      LineSuppression s = waiting;
      waiting = null;
      return Optional.of(s);
    }
    while (commentsRead < comments.size()) {
      Optional<LineSuppression> s = CommentSuppressions.of(comments.get(commentsRead++), lines);
      if (s.isPresent()) {
        return s;
      }
    }
    return Optional.empty();
  }
}
