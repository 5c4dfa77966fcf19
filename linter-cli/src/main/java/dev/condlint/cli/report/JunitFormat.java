package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * JUnit XML as CI systems read it (Jenkins, GitLab, Azure Pipelines, the GitHub test-report
 * actions): one test suite, one test case per file. A test case fails when the file has findings at
 * or above {@code --fail-on}, so the report agrees with the exit status; it is an error when the
 * file could not be read (to its end). Those readers show only a test case's first failure or
 * error, so there is at most one, which lists every finding that fails; findings below the
 * threshold are the test case's output. Valid against the Jenkins JUnit schema. An audit's report
 * has a test case per kind audited (clean kinds pass) and one per resource that could not be read.
 */
public final class JunitFormat implements ReportFormat {
  private final ReportSettings settings;

  public JunitFormat(ReportSettings settings) {
    this.settings = settings;
  }

  /** A finding and the report of the file or object it is in. */
  private record Located(FileReport file, Finding finding) {}

  /** One file (or kind) as a test case: its findings that fail the run, those that do not, and its read errors. */
  private record TestCase(String name, List<Located> failing, List<Located> passing, List<InputError> errors) {
    boolean isError() {
      return !errors.isEmpty();
    }

    boolean isFailure() {
      return errors.isEmpty() && !failing.isEmpty();
    }
  }

  @Override
  public void write(LintReport report, Writer out) throws IOException {
    List<TestCase> cases = report.cluster().map(c -> kindCases(report, c))
        .orElseGet(() -> report.files().stream().map(this::testCase).toList());
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeCharacters("\n");
      xml.writeStartElement("testsuite");
      xml.writeAttribute("name", "condlint");
      xml.writeAttribute("tests", String.valueOf(cases.size()));
      xml.writeAttribute("failures", String.valueOf(cases.stream().filter(TestCase::isFailure).count()));
      xml.writeAttribute("errors", String.valueOf(cases.stream().filter(TestCase::isError).count()));
      xml.writeAttribute("skipped", "0");
      // Not measured; some readers (dorny/test-reporter) misread a missing time.
      xml.writeAttribute("time", "0");
      for (TestCase c : cases) {
        writeCase(xml, c);
      }
      xml.writeCharacters("\n");
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.flush();
      out.write("\n");
    } catch (XMLStreamException e) {
      throw new IOException("cannot write JUnit XML: " + e.getMessage(), e);
    }
  }

  private TestCase testCase(FileReport file) {
    // Source order, as the text format lists them.
    List<Located> findings = file.findings().stream()
        .sorted(Comparator.comparingInt(f -> LintReport.position(f).line()))
        .map(f -> new Located(file, f))
        .toList();
    return testCase(file.file(), findings, file.errors());
  }

  private TestCase testCase(String name, List<Located> findings, List<InputError> errors) {
    return new TestCase(name,
        findings.stream().filter(l -> settings.fails(l.finding())).toList(),
        findings.stream().filter(l -> !settings.fails(l.finding())).toList(),
        errors);
  }

  /** An audit: a test case per kind, in the order listed, with the findings of its objects; one per read error. */
  private List<TestCase> kindCases(LintReport report, ClusterSummary cluster) {
    Map<String, List<Located>> byKind = new LinkedHashMap<>();
    cluster.resources().forEach(r -> byKind.putIfAbsent(r.groupKind(), new ArrayList<>()));
    List<TestCase> cases = new ArrayList<>();
    for (FileReport file : report.files()) {
      file.live().ifPresent(o -> file.findings().forEach(f ->
          byKind.computeIfAbsent(o.groupKind(), k -> new ArrayList<>()).add(new Located(file, f))));
      if (file.live().isEmpty()) {
        cases.add(testCase(file.file(), List.of(), file.errors()));
      }
    }
    List<TestCase> kinds = new ArrayList<>();
    byKind.forEach((kind, findings) -> kinds.add(testCase(kind, findings, List.of())));
    kinds.addAll(cases);
    return kinds;
  }

  private void writeCase(XMLStreamWriter xml, TestCase c) throws XMLStreamException {
    xml.writeCharacters("\n  ");
    xml.writeStartElement("testcase");
    xml.writeAttribute("classname", "condlint");
    xml.writeAttribute("name", clean(c.name()));
    xml.writeAttribute("time", "0");
    if (c.isError()) {
      // What could be read is linted: the findings that fail are part of the error's text.
      String message = c.errors().size() == 1
          ? c.errors().get(0).message()
          : LintReport.plural(c.errors().size(), "input error");
      writeProblem(xml, "error", "input", message, errorsText(c.errors()) + findingsText(c.failing()));
    } else if (c.isFailure()) {
      writeProblem(xml, "failure", worst(c.failing()).label(), failureMessage(c.failing()),
          findingsText(c.failing()));
    }
    if (!c.passing().isEmpty()) {
      xml.writeCharacters("\n    ");
      xml.writeStartElement("system-out");
      xml.writeCharacters(clean(strip(findingsText(c.passing()))));
      xml.writeEndElement();
    }
    if (c.isError() || c.isFailure() || !c.passing().isEmpty()) {
      xml.writeCharacters("\n  ");
    }
    xml.writeEndElement();
  }

  /** {@code 2 findings at or above error: rule-a, rule-b}. */
  private String failureMessage(List<Located> failing) {
    String threshold = settings.failOn().map(Severity::label).orElseThrow();
    String rules = String.join(", ", failing.stream().map(l -> l.finding().ruleId()).distinct().toList());
    return LintReport.plural(failing.size(), "finding") + " at or above " + threshold + ": " + rules;
  }

  private static Severity worst(List<Located> findings) {
    return findings.stream().map(l -> l.finding().severity()).reduce(Severity.INFO, Severity::max);
  }

  private static String findingsText(List<Located> findings) {
    StringBuilder b = new StringBuilder();
    findings.forEach(l -> b.append(TextFormat.finding(l.file(), l.finding())));
    return b.toString();
  }

  private static String errorsText(List<InputError> errors) {
    StringBuilder b = new StringBuilder();
    errors.forEach(e -> b.append(TextFormat.error(e)));
    return b.toString();
  }

  private static void writeProblem(XMLStreamWriter xml, String element, String type, String message, String body)
      throws XMLStreamException {
    xml.writeCharacters("\n    ");
    xml.writeStartElement(element);
    xml.writeAttribute("type", clean(type));
    xml.writeAttribute("message", clean(message));
    xml.writeCharacters(clean(strip(body)));
    xml.writeEndElement();
  }

  private static String strip(String text) {
    return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
  }

  /** Replaces characters XML 1.0 cannot hold (control characters quoted from a bad value). */
  static String clean(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(c -> {
      boolean allowed = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF)
          || (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000;
      b.appendCodePoint(allowed ? c : 0xFFFD);
    });
    return b.toString();
  }
}
