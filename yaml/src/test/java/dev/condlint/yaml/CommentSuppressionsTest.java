package dev.condlint.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.LineSuppression;
import dev.condlint.model.Position;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Parsing {@code # condlint:ignore} comments and finding the line each one targets. */
class CommentSuppressionsTest {

  private static List<LineSuppression> suppressions(String yaml) {
    return CommentSuppressions.from(new YamlReader().read("t.yaml", yaml).comments(), yaml);
  }

  @Test
  void ownLineCommentTargetsTheNextCodeLineAndKeepsItsReason() {
    List<LineSuppression> s = suppressions("""
        kind: Widget
        # condlint:ignore rule-a, rule-b -- generated -- do not edit
        # unrelated

        status: {}
        """);

    assertEquals(List.of(new LineSuppression(5, Set.of("rule-a", "rule-b"), "generated -- do not edit",
        new Position(2, 1))), s);
  }

  @Test
  void trailingCommentTargetsItsOwnLine() {
    List<LineSuppression> s = suppressions("kind: Widget\nstatus: {}  #condlint:ignore rule-a\n");

    assertEquals(List.of(new LineSuppression(2, Set.of("rule-a"), "", new Position(2, 13))), s);
  }

  @Test
  void otherCommentsAndEmptyDirectivesAreNotSuppressions() {
    assertEquals(List.of(), suppressions("""
        # condlint:ignore
        # condlint:ignored rule-a
        # see condlint:ignore rule-a
        kind: Widget
        """));
  }
}
