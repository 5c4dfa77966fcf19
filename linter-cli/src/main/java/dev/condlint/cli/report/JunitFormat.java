package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import java.io.IOException;
import java.io.Writer;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * JUnit XML as CI systems display it: one test suite, one test case per file, a failure per
 * finding and an error per read problem.
 */
public final class JunitFormat implements ReportFormat {

  @Override
  public void write(LintReport report, Writer out) throws IOException {
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeCharacters("\n");
      long failures = report.files().stream().mapToLong(f -> f.findings().size()).sum();
      xml.writeStartElement("testsuite");
      xml.writeAttribute("name", "condlint");
      xml.writeAttribute("tests", String.valueOf(report.files().size()));
      xml.writeAttribute("failures", String.valueOf(failures));
      xml.writeAttribute("errors", String.valueOf(report.inputErrors()));
      xml.writeAttribute("skipped", "0");
      for (FileReport file : report.files()) {
        writeCase(xml, file);
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

  private static void writeCase(XMLStreamWriter xml, FileReport file) throws XMLStreamException {
    xml.writeCharacters("\n  ");
    xml.writeStartElement("testcase");
    xml.writeAttribute("classname", "condlint");
    xml.writeAttribute("name", clean(file.file()));
    for (Finding f : file.findings()) {
      Position at = LintReport.position(f);
      String where = file.file() + ":" + at.line() + ":" + at.column();
      String body = where + ": " + f.severity().label() + " " + f.ruleId() + ": " + f.message()
          + (f.hint().isBlank() ? "" : "\nhint: " + f.hint());
      writeProblem(xml, "failure", f.ruleId() + " (" + f.severity().label() + ")", f.message(), body);
    }
    for (InputError e : file.errors()) {
      writeProblem(xml, "error", "input", e.message(), e.location() + ": " + e.message());
    }
    if (!file.findings().isEmpty() || !file.errors().isEmpty()) {
      xml.writeCharacters("\n  ");
    }
    xml.writeEndElement();
  }

  private static void writeProblem(XMLStreamWriter xml, String element, String type, String message, String body)
      throws XMLStreamException {
    xml.writeCharacters("\n    ");
    xml.writeStartElement(element);
    xml.writeAttribute("type", clean(type));
    xml.writeAttribute("message", clean(message));
    xml.writeCharacters(clean(body));
    xml.writeEndElement();
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
