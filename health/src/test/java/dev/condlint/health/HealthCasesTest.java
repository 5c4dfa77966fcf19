package dev.condlint.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The case-file reader: each document's one marker, its place, and the object as written. */
class HealthCasesTest {
  @Test
  void readsEachDocumentWithItsMarkerAndPlace() {
    List<HealthCases.Case> cases = HealthCases.parse("cases.yaml", """
        # About the file.
        ---
        # A comment on the case.
        # want: Healthy | Ready is True | summary | Current
        kind: A
        ---
        # want: Progressing | Waiting for Ready | summary | InProgress
        kind: B
        """);
    assertEquals(List.of(
        new HealthCases.Case("cases.yaml:4",
            "# A comment on the case.\n# want: Healthy | Ready is True | summary | Current\nkind: A\n",
            "Healthy", "Ready is True", "summary", "Current", ""),
        new HealthCases.Case("cases.yaml:7", "# want: Progressing | Waiting for Ready | summary | InProgress\nkind: B\n\n",
            "Progressing", "Waiting for Ready", "summary", "InProgress", "")), cases);
  }

  @Test
  void aBasisLineIsTheCasesBasis() {
    List<HealthCases.Case> cases = HealthCases.parse("cases.yaml", """
        ---
        # want: Healthy | Ready is True | summary | Current
        # basis: crd: summary from printer column Ready (CRD widgets.example.com)
        kind: A
        """);
    assertEquals("crd: summary from printer column Ready (CRD widgets.example.com)", cases.get(0).basis());
  }

  @Test
  void aCaseWithoutOneCompleteMarkerIsAnError() {
    AssertionError none = assertThrows(AssertionError.class, () -> HealthCases.parse("c.yaml", "---\nkind: A\n"));
    assertEquals("c.yaml:2: a case without a `# want:` marker", none.getMessage());
    AssertionError two = assertThrows(AssertionError.class, () -> HealthCases.parse("c.yaml",
        "---\n# want: Healthy | m | summary | Current\n# want: Healthy | m | summary | Current\nkind: A\n"));
    assertEquals("c.yaml:3: a second marker in one case", two.getMessage());
    AssertionError partial = assertThrows(AssertionError.class, () -> HealthCases.parse("c.yaml",
        "---\n# want: Healthy | m\nkind: A\n"));
    assertEquals("c.yaml:2: a marker is `# want: STATUS | MESSAGE | RULE | FLUX`", partial.getMessage());
    AssertionError empty = assertThrows(AssertionError.class, () -> HealthCases.parse("c.yaml", "# nothing\n"));
    assertEquals("c.yaml: no case", empty.getMessage());
  }
}
