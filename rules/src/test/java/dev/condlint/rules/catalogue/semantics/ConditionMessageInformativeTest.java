package dev.condlint.rules.catalogue.semantics;

import static dev.condlint.rules.testing.ObjectFixtures.database;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionMessageInformativeTest {
  private final RuleRun run = RuleRun.of("condition-message-informative");

  @Test
  void aMessageThatSpellsOutTheReasonOnlyRepeatsIt() {
    String yaml = database("""
        - type: Ready
          status: "False"
          reason: ImagePullFailed
          message: Image pull  failed
        """);
    assertEquals(
        List.of("9:14 info condition-message-informative /status/conditions/0/message Message 'Image pull  failed' of"
            + " condition 'Ready' only repeats its reason; the message should give the details of this occurrence."),
        run.linesWithMessages(yaml));
  }
}
