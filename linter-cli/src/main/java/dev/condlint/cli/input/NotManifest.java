package dev.condlint.cli.input;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Why a file a directory walk found is no Kubernetes manifest: a platform repository holds Helm chart
 * templates, {@code tsconfig.json} and other configuration beside its manifests, and a walk skips
 * those (counting them, see {@link SkippedFiles}) instead of failing on them. A file named on the
 * command line is never judged so: what the user names is read strictly.
 */
public enum NotManifest {
  HELM_TEMPLATE("Helm chart template", "Helm chart templates"),
  JSON_WITH_COMMENTS("JSON file with comments", "JSON files with comments"),
  NO_OBJECT("file with no Kubernetes object", "files with no Kubernetes object");

  /** A Go template action, as Helm writes them: {@code {{ .Values.x }}}, {@code {{- include "y" . }}}. */
  private static final Pattern TEMPLATE_ACTION = Pattern.compile("\\{\\{.*}}");

  /** JSON as editors and TypeScript read it (JSONC): comments and trailing commas allowed; built on first use. */
  private static final class Jsonc {
    static final JsonMapper MAPPER = JsonMapper.builder()
        .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA)
        .build();
  }

  private final String one;
  private final String many;

  NotManifest(String one, String many) {
    this.one = one;
    this.many = many;
  }

  /** {@code 1 Helm chart template}, {@code 2 Helm chart templates}. */
  String count(int n) {
    return n + " " + (n == 1 ? one : many);
  }

  /**
   * Why a text that failed to parse at {@code error} is no manifest, if it is none: a Go template
   * action on the line the parser stopped at or the line before (YAML parsers often stop at the token
   * after the action), or JSON that parses once comments and trailing commas are allowed and holds no
   * Kubernetes object. Any other parse error stays an error: a manifest whose description merely
   * mentions {@code {{ }}} and is broken elsewhere is still reported.
   */
  static Optional<NotManifest> ofUnparsable(String text, InputError error) {
    if (error.line().isPresent() && templateActionNear(text, error.line().getAsInt())) {
      return Optional.of(HELM_TEMPLATE);
    }
    if (isJsonWithComments(text)) {
      return Optional.of(JSON_WITH_COMMENTS);
    }
    return Optional.empty();
  }

  private static boolean templateActionNear(String text, int line) {
    String[] lines = text.split("\n", -1);
    for (int l = Math.max(1, line - 1); l <= Math.min(line, lines.length); l++) {
      if (TEMPLATE_ACTION.matcher(lines[l - 1]).find()) {
        return true;
      }
    }
    return false;
  }

  private static boolean isJsonWithComments(String text) {
    String trimmed = text.strip();
    if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
      return false;
    }
    try {
      JsonNode root = Jsonc.MAPPER.readTree(text);
      return root != null && !YamlDocuments.isObject(root);
    } catch (IOException e) {
      return false;
    }
  }
}
