package dev.condlint.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.input.InputError;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code {"findings":[...],"errors":[...],"summary":{...}}}: the shape issue 2 fixes, for scripts.
 * An error without a position has {@code null} line and column. An audit's findings have no file,
 * line and column but the object's uid and resourceVersion and the field manager that wrote them
 * ({@code writer}); its errors name the resource; its summary counts resources and objects.
 */
public final class JsonFormat implements ReportFormat {

  @Override
  public void write(LintReport report, Writer out) throws IOException {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ArrayNode findings = root.putArray("findings");
    ArrayNode errors = root.putArray("errors");
    for (FileReport file : report.files()) {
      file.findings().forEach(f -> findings.add(file.live().map(o -> finding(o, f)).orElseGet(() -> finding(file.file(), f))));
      file.errors().forEach(e -> errors.add(report.cluster().isPresent() ? readError(e) : error(e)));
    }
    if (report.cluster().isPresent()) {
      ObjectNode summary = root.putObject("summary");
      summary.put("server", report.cluster().get().server());
      summary.put("resources", report.cluster().get().resources().size());
      summary.put("objects", report.cluster().get().objects());
      counts(report, summary);
      summary.put("readErrors", report.inputErrors());
      Json.write(root, out);
      return;
    }
    ObjectNode summary = root.putObject("summary");
    summary.put("files", report.inputFiles());
    summary.put("documents", report.documents());
    summary.put("skipped", report.skipped());
    counts(report, summary);
    summary.put("inputErrors", report.inputErrors());
    Json.write(root, out);
  }

  private static void counts(LintReport report, ObjectNode summary) {
    summary.put("errors", report.count(Severity.ERROR));
    summary.put("warnings", report.count(Severity.WARNING));
    summary.put("infos", report.count(Severity.INFO));
  }

  private static ObjectNode finding(String file, Finding f) {
    Position at = LintReport.position(f);
    ObjectNode node = rule(f);
    node.put("file", file);
    node.put("line", at.line());
    node.put("column", at.column());
    node.put("pointer", f.pointer());
    Json.putObject(node, "object", f.object());
    contract(node, f);
    return node;
  }

  private static ObjectNode finding(LiveObject live, Finding f) {
    ObjectNode node = rule(f);
    node.put("pointer", f.pointer());
    ObjectNode object = Json.putObject(node, "object", f.object());
    object.put("uid", live.uid());
    object.put("resourceVersion", live.resourceVersion());
    node.put("writer", live.writerOf(f));
    contract(node, f);
    return node;
  }

  private static ObjectNode rule(Finding f) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("rule", f.ruleId());
    node.put("severity", f.severity().label());
    node.put("message", f.message());
    node.put("hint", f.hint());
    return node;
  }

  private static void contract(ObjectNode finding, Finding f) {
    f.basis().ifPresent(b -> contract(finding.putObject("contract"), b));
  }

  private static ObjectNode readError(InputError e) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("resource", e.file());
    node.put("message", e.message());
    return node;
  }

  /**
   * What a finding or a part of a contract rests on: {@code {"source": "catalogue", "detail": "Flux",
   * "citation": "..."}}, without a citation where there is none; lint's and explain's JSON write it alike.
   */
  public static void contract(ObjectNode node, ContractBasis basis) {
    node.put("source", basis.source().label());
    node.put("detail", basis.detail());
    if (!basis.citation().isEmpty()) {
      node.put("citation", basis.citation());
    }
  }

  private static ObjectNode error(InputError e) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("file", e.file());
    if (e.line().isPresent()) {
      node.put("line", e.line().getAsInt());
      node.put("column", e.column().orElse(1));
    } else {
      node.putNull("line");
      node.putNull("column");
    }
    node.put("message", e.message());
    return node;
  }
}
