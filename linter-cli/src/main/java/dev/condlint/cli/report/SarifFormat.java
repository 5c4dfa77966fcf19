package dev.condlint.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.model.ObjectRef;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SARIF 2.1.0, as GitHub code scanning and other viewers read it: one run, a rule entry per rule
 * (title, rationale as help, its section of the rule reference as help page), results with regions
 * and the index of their rule, and read errors as tool execution notifications. Files are named
 * relative to {@value #SRCROOT}, the root directory, which {@code originalUriBaseIds} gives. An
 * audit's results have no file: a logical location names the object and pointer as a {@code k8s://}
 * URI, and their properties carry the object's uid and resourceVersion and the field manager that
 * wrote the field ({@code writer}).
 */
public final class SarifFormat implements ReportFormat {
  static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  static final String SRCROOT = "%SRCROOT%";
  /** The key of condlint's fingerprint in {@code partialFingerprints}; a new hash gets a new version. */
  static final String FINGERPRINT = "condlintFindingHash/v1";

  private final ReportSettings settings;

  public SarifFormat(ReportSettings settings) {
    this.settings = settings;
  }

  @Override
  public void write(LintReport report, Writer out) throws IOException {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "condlint");
    driver.put("version", settings.version());
    driver.put("informationUri", settings.homepage());
    ArrayNode rules = driver.putArray("rules");
    Map<String, Integer> index = new HashMap<>();
    List<Rule> all = settings.registry().rules();
    for (int i = 0; i < all.size(); i++) {
      index.put(all.get(i).id(), i);
      rules.add(rule(all.get(i).info()));
    }
    boolean audit = report.cluster().isPresent();
    if (!audit) {
      run.putObject("originalUriBaseIds").putObject(SRCROOT).put("uri", directoryUri(settings.paths().root()));
      // snakeyaml-engine counts columns in code points, not UTF-16 units (SARIF's default).
      run.put("columnKind", "unicodeCodePoints");
    }
    settings.versionControl().filter(v -> !audit).ifPresent(v -> {
      ObjectNode provenance = run.putArray("versionControlProvenance").addObject();
      provenance.put("repositoryUri", v.repositoryUri());
      provenance.put("revisionId", v.revisionId());
      v.branch().ifPresent(b -> provenance.put("branch", b));
      provenance.putObject("mappedTo").put("uriBaseId", SRCROOT);
    });
    ArrayNode results = run.putArray("results");
    Map<String, Integer> occurrences = new HashMap<>();
    ObjectNode invocation = run.putArray("invocations").addObject();
    ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
    for (FileReport file : report.files()) {
      for (Finding f : file.findings()) {
        results.add(result(file, f, index.get(f.ruleId()), occurrences));
      }
      file.errors().forEach(e -> notifications.add(notification(e, audit)));
    }
    invocation.put("executionSuccessful", report.inputErrors() == 0);
    Json.write(root, out);
  }

  private ObjectNode rule(RuleInfo info) {
    ObjectNode rule = Json.MAPPER.createObjectNode();
    rule.put("id", info.id());
    rule.put("name", name(info.id()));
    rule.putObject("shortDescription").put("text", info.title());
    rule.putObject("fullDescription").put("text", info.rationale());
    rule.put("helpUri", settings.helpUri(info.id()));
    rule.putObject("help").put("text", info.rationale() + "\n\nSource: " + info.source());
    ObjectNode configuration = rule.putObject("defaultConfiguration");
    configuration.put("enabled", info.onByDefault());
    configuration.put("level", level(info.severity()));
    ObjectNode properties = rule.putObject("properties");
    properties.put("code", info.code());
    properties.put("scope", info.scope().label());
    return rule;
  }

  /**
   * A rule's {@code name}, as SARIF wants it: a readable identifier in PascalCase
   * ({@code condition-status-value}: {@code ConditionStatusValue}).
   */
  static String name(String ruleId) {
    StringBuilder b = new StringBuilder();
    for (String word : ruleId.split("-")) {
      if (!word.isEmpty()) {
        b.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
      }
    }
    return b.toString();
  }

  /**
   * A fingerprint that stays when lines move (SARIF {@code partialFingerprints}): a hash of the rule,
   * the file (two overlays' alike objects are two results), the object's identity (group, kind,
   * namespace, name; not the version, which an upgrade changes) and the pointer, with the number of
   * the occurrence when one run has the same key more than once, as GitHub's own
   * {@code primaryLocationLineHash} does.
   */
  private String fingerprint(FileReport file, Finding f, Map<String, Integer> occurrences) {
    ObjectRef o = f.object();
    String where = file.live().isPresent() ? "" : settings.paths().relative(file.file()).orElse(file.file());
    String key = String.join("\0", f.ruleId(), where, o.group(), o.kind(), o.namespace() == null ? "" : o.namespace(),
        o.name() == null ? "" : o.name(), f.pointer());
    int occurrence = occurrences.merge(key, 1, Integer::sum);
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 16) + ":" + occurrence;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private ObjectNode result(FileReport file, Finding f, Integer ruleIndex, Map<String, Integer> occurrences) {
    ObjectNode result = Json.MAPPER.createObjectNode();
    result.put("ruleId", f.ruleId());
    if (ruleIndex != null) {
      result.put("ruleIndex", ruleIndex);
    }
    result.put("level", level(f.severity()));
    result.putObject("message").put("text", LintReport.messageWithHint(f));
    Position at = LintReport.position(f);
    ObjectNode location = file.live().map(o -> logical(o.uri(f), f.object().name(), "object"))
        .orElseGet(() -> location(file.file(), at.line(), at.column()));
    result.putArray("locations").add(location);
    result.putObject("partialFingerprints").put(FINGERPRINT, fingerprint(file, f, occurrences));
    ObjectNode properties = result.putObject("properties");
    properties.put("pointer", f.pointer());
    properties.put("object", f.object().display());
    file.live().ifPresent(o -> {
      properties.put("uid", o.uid());
      properties.put("resourceVersion", o.resourceVersion());
      properties.put("writer", o.writerOf(f));
    });
    f.basis().ifPresent(b -> JsonFormat.contract(properties.putObject("contract"), b));
    return result;
  }

  private ObjectNode notification(InputError e, boolean audit) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("level", "error");
    n.putObject("message").put("text", e.message());
    n.putArray("locations").add(audit ? logical(e.file(), e.file(), "resource")
        : location(e.file(), e.line().orElse(1), e.column().orElse(1)));
    return n;
  }

  /** A location in the cluster: no file, a logical location (SARIF 3.33) with a {@code k8s://} name. */
  private static ObjectNode logical(String fullyQualifiedName, String name, String kind) {
    ObjectNode location = Json.MAPPER.createObjectNode();
    location.putArray("logicalLocations").addObject()
        .put("name", name)
        .put("fullyQualifiedName", fullyQualifiedName)
        .put("kind", kind);
    return location;
  }

  private ObjectNode location(String file, int line, int column) {
    ObjectNode location = Json.MAPPER.createObjectNode();
    ObjectNode physical = location.putObject("physicalLocation");
    ObjectNode artifact = physical.putObject("artifactLocation");
    Optional<String> relative = settings.paths().relative(file);
    if (relative.isPresent()) {
      artifact.put("uri", uri(relative.get()));
      artifact.put("uriBaseId", SRCROOT);
    } else {
      // Outside the root: an absolute file URI; standard input: its name, as a relative reference.
      artifact.put("uri", settings.paths().absolute(file).map(p -> p.toUri().toString()).orElseGet(() -> uri(file)));
    }
    ObjectNode region = physical.putObject("region");
    region.put("startLine", line);
    region.put("startColumn", column);
    return location;
  }

  /** A directory's file URI, ending in {@code /} as a base URI must. */
  private static String directoryUri(Path dir) {
    String uri = dir.toUri().toString();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  /** A relative URI reference for a file name as the user gave it (spaces and such escaped). */
  static String uri(String file) {
    try {
      return new URI(null, null, file.replace('\\', '/'), null).toASCIIString();
    } catch (URISyntaxException e) {
      return file;
    }
  }

  private static String level(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
  }
}
