package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file below a design folder (proposals/, keps/, design/, ... in any case), counted from where the
 * file was named or from the top of its git repository, describes an API as proposed: the checks
 * against the shipped CRD report at info there, saying why. Other folders, and design folders above
 * the repository's top, change nothing.
 */
class DesignDocumentsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A Widget CRD written for this test: its spec requires size and image. */
  private static final String CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: widgets.example.com}
      spec:
        group: example.com
        names: {kind: Widget, plural: widgets}
        scope: Namespaced
        versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  required: [size, image]
                  properties:
                    size: {type: integer}
                    image: {type: string}
      """;
  /** A Widget without the image its CRD requires. */
  private static final String WIDGET = """
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: w}
      spec:
        size: 3
      """;

  @TempDir Path dir;
  private CliRun cli;

  @BeforeEach
  void files() throws IOException {
    Files.writeString(dir.resolve("widget.crd.yaml"), CRD);
    for (String file : List.of("docs/proposals/widget.yaml", "docs/Design/widget.yaml", "docs/guide/widget.yaml",
        "docs/design-notes/widget.yaml", "repo/keps/0001/widget.yaml", "design/repo2/widget.yaml")) {
      Files.createDirectories(dir.resolve(file).getParent());
      Files.writeString(dir.resolve(file), WIDGET);
    }
    Files.createDirectories(dir.resolve("repo/.git"));
    Files.createDirectories(dir.resolve("design/repo2/.git"));
    cli = CliRun.withBuiltInRules(dir);
  }

  @Test
  void aFolderOfTheNamedPathMakesTheFileADesignDocument() throws IOException {
    assertEquals(List.of(
            "docs/Design/widget.yaml info sample-schema /spec/image 4:1 ('Design/')",
            "docs/design-notes/widget.yaml error sample-schema /spec/image 4:1",
            "docs/guide/widget.yaml error sample-schema /spec/image 4:1",
            "docs/proposals/widget.yaml info sample-schema /spec/image 4:1 ('proposals/')"),
        lint("docs").stream().sorted().toList());
  }

  @Test
  void aFolderBelowTheRepositoryTopCountsAndOneAboveItDoesNot() throws IOException {
    String inRepo = dir.resolve("repo/keps/0001/widget.yaml").toString();
    String aboveRepo = dir.resolve("design/repo2/widget.yaml").toString();

    assertEquals(List.of(
            aboveRepo + " error sample-schema /spec/image 4:1",
            inRepo + " info sample-schema /spec/image 4:1 ('keps/')"),
        lint(inRepo, aboveRepo).stream().sorted().toList());
  }

  @Test
  void theMessageSaysWhyAndALevelSetForTheRuleStillWins() throws IOException {
    JsonNode finding = findings("docs/proposals/widget.yaml").get(0);
    assertEquals("spec: required field 'image' is missing (CRD widgets.example.com, version example.com/v1); the"
        + " file is in a design folder ('proposals/'), which describes the API as proposed, and that may not be the"
        + " API that shipped", finding.path("message").asText());

    Files.writeString(dir.resolve(".condlint.yaml"), "rules:\n  sample-schema: error\n");
    assertEquals(List.of("docs/proposals/widget.yaml error sample-schema /spec/image 4:1 ('proposals/')"),
        lint("docs/proposals/widget.yaml"));
  }

  /** The sample-schema findings of lint: file, rule, severity, pointer, line:column, and the folder a message names. */
  private List<String> lint(String... paths) throws IOException {
    return findings(paths).stream().map(f -> f.path("file").asText() + " " + f.path("severity").asText() + " "
        + f.path("rule").asText() + " " + f.path("pointer").asText() + " " + f.path("line").asInt() + ":"
        + f.path("column").asInt() + folder(f.path("message").asText())).toList();
  }

  private static String folder(String message) {
    int at = message.indexOf("design folder (");
    return at < 0 ? "" : " " + message.substring(at + "design folder ".length(), message.indexOf(')', at) + 1);
  }

  private List<JsonNode> findings(String... paths) throws IOException {
    List<String> args = new ArrayList<>(List.of("lint", "--format", "json", "--crds", "widget.crd.yaml"));
    args.addAll(List.of(paths));
    CliRun.Result r = cli.run(args.toArray(String[]::new));
    List<JsonNode> out = new ArrayList<>();
    JSON.readTree(r.out()).path("findings").forEach(f -> {
      if (f.path("rule").asText().equals("sample-schema")) {
        out.add(f);
      }
    });
    return out;
  }
}
