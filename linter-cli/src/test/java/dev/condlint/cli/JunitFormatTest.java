package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * JUnit XML as CI systems read it: one test case per file, which fails only for findings at or above
 * {@code --fail-on} (so the report agrees with the exit status), with at most one failure or error
 * element (Jenkins, GitLab and the GitHub reporters show only the first), and valid against the
 * Jenkins JUnit schema.
 */
class JunitFormatTest {
  private static final Path SCHEMA = Golden.RESOURCES.resolve("schemas/jenkins-junit.xsd");

  @TempDir Path dir;

  /** broken.yaml cannot be read to its end (an error, whatever fails); widgets.yaml has an error and an info finding. */
  @ParameterizedTest
  @CsvSource({"error, 1", "warning, 1", "info, 1", "never, 0"})
  void theReportIsValidAgainstTheJenkinsJunitSchemaAndItsCountsAreItsTestCases(String failOn, int failures)
      throws Exception {
    CliRun.Result r = CliRun.in(Golden.resource("fixtures/formats"))
        .run("lint", "--format", "junit", "--fail-on", failOn, ".");

    validate(r.out());
    Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new InputSource(new StringReader(r.out()))).getDocumentElement();
    assertEquals(List.of("2", String.valueOf(failures), "1"),
        List.of(suite.getAttribute("tests"), suite.getAttribute("failures"), suite.getAttribute("errors")));
    NodeList cases = suite.getElementsByTagName("testcase");
    assertEquals(2, cases.getLength());
    int failed = 0;
    int errored = 0;
    for (int i = 0; i < cases.getLength(); i++) {
      Element c = (Element) cases.item(i);
      int problems = c.getElementsByTagName("failure").getLength() + c.getElementsByTagName("error").getLength();
      assertTrue(problems <= 1, "a test case with " + problems + " failures and errors");
      failed += c.getElementsByTagName("failure").getLength();
      errored += c.getElementsByTagName("error").getLength();
    }
    assertEquals(List.of(failures, 1), List.of(failed, errored));
  }

  @Test
  void findingsBelowFailOnAreOutputNotFailures() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), "kind: Widget  # condlint:ignore duplicate-key\napiVersion: example.com/v1\n");

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "junit", "w.yaml");

    assertEquals(0, r.exit());
    assertEquals("""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuite name="condlint" tests="1" failures="0" errors="0" skipped="0" time="0">
          <testcase classname="condlint" name="w.yaml" time="0">
            <system-out>w.yaml:1:15: info suppression-unused: The condlint:ignore comment suppresses duplicate-key, but duplicate-key reports nothing here.
            hint: Remove duplicate-key from the comment, or move the comment to the line before the finding.</system-out>
          </testcase>
        </testsuite>
        """, r.out());
  }

  @Test
  void findingsAtFailOnAreOneFailurePerFile() throws IOException {
    Files.writeString(dir.resolve("w.yaml"), """
        kind: Widget  # condlint:ignore duplicate-key
        metadata:
          name: a
          name: b
        apiVersion: example.com/v1
        """);

    CliRun.Result r = CliRun.in(dir).run("lint", "--format", "junit", "--fail-on", "info", "w.yaml");

    assertEquals(1, r.exit());
    assertEquals("""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuite name="condlint" tests="1" failures="1" errors="0" skipped="0" time="0">
          <testcase classname="condlint" name="w.yaml" time="0">
            <failure type="error" message="2 findings at or above info: suppression-unused, duplicate-key">w.yaml:1:15: info suppression-unused: The condlint:ignore comment suppresses duplicate-key, but duplicate-key reports nothing here.
            hint: Remove duplicate-key from the comment, or move the comment to the line before the finding.
        w.yaml:4:9: error duplicate-key: Key 'name' is written twice in this mapping (first at line 3); only this later value is kept.
            hint: Remove one of the two 'name' entries.</failure>
          </testcase>
        </testsuite>
        """, r.out());
  }

  private static void validate(String xml) throws SAXException, IOException {
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    Validator validator = factory.newSchema(SCHEMA.toFile()).newValidator();
    validator.validate(new StreamSource(new StringReader(xml)));
  }
}
