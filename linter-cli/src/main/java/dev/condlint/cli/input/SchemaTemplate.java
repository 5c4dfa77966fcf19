package dev.condlint.cli.input;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A schema location's template, as kubeconform's {@code -schema-location} takes it: Go template
 * actions that name one variable ({@code {{.Group}}}, {@code {{ .ResourceKind }}}), each filled in for
 * an object's apiVersion and kind as kubeconform fills it in: {@code Group} and
 * {@code ResourceAPIVersion} are the parts of the apiVersion before and after its slash (the whole
 * apiVersion, twice, for the core group's {@code v1}), {@code ResourceKind} is the kind in lower case,
 * {@code KindSuffix} is {@code -GROUPSTART-VERSION}; {@code NormalizedKubernetesVersion} is
 * {@code master} and {@code StrictSuffix} empty, as condlint validates against no Kubernetes release.
 */
final class SchemaTemplate {
  static final List<String> VARIABLES = List.of(
      "Group", "ResourceKind", "ResourceAPIVersion", "KindSuffix", "NormalizedKubernetesVersion", "StrictSuffix");

  private static final Pattern ACTION = Pattern.compile("\\{\\{(.*?)}}");
  private static final Pattern VARIABLE = Pattern.compile("\\s*\\.([A-Za-z]+)\\s*");

  private final String text;

  private SchemaTemplate(String text) {
    this.text = text;
  }

  /** Whether the text holds a template action at all. */
  static boolean isTemplate(String text) {
    return text.contains("{{");
  }

  /** The template; an action that names no known variable, or an unclosed one, is an error naming it. */
  static SchemaTemplate parse(String text) {
    Matcher m = ACTION.matcher(text);
    int end = 0;
    while (m.find()) {
      Matcher variable = VARIABLE.matcher(m.group(1));
      if (!variable.matches() || !VARIABLES.contains(variable.group(1))) {
        throw new IllegalArgumentException("'{{" + m.group(1) + "}}' is no template variable condlint knows ("
            + String.join(", ", VARIABLES.stream().map(v -> "{{." + v + "}}").toList()) + ")");
      }
      end = m.end();
    }
    if (text.substring(end).contains("{{")) {
      throw new IllegalArgumentException("a template action '{{' is not closed");
    }
    return new SchemaTemplate(text);
  }

  /** The template filled in for an object of this apiVersion and kind. */
  String render(String apiVersion, String kind) {
    Map<String, String> values = values(apiVersion, kind);
    Matcher m = ACTION.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      Matcher variable = VARIABLE.matcher(m.group(1));
      variable.matches();
      m.appendReplacement(out, Matcher.quoteReplacement(values.get(variable.group(1))));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static Map<String, String> values(String apiVersion, String kind) {
    String[] parts = apiVersion.split("/", -1);
    String group = parts[0];
    String version = parts[parts.length - 1];
    String kindSuffix = "-" + group.split("\\.", -1)[0].toLowerCase(Locale.ROOT)
        + (parts.length > 1 ? "-" + version.toLowerCase(Locale.ROOT) : "");
    Map<String, String> values = new LinkedHashMap<>();
    values.put("Group", group);
    values.put("ResourceKind", kind.toLowerCase(Locale.ROOT));
    values.put("ResourceAPIVersion", version);
    values.put("KindSuffix", kindSuffix);
    values.put("NormalizedKubernetesVersion", "master");
    values.put("StrictSuffix", "");
    return values;
  }

  @Override
  public String toString() {
    return text;
  }
}
