package dev.condlint.cli.explain;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A kind as {@code condlint explain} takes it: {@code Kind.group} as kubectl spells it
 * ({@code Rollout.argoproj.io}; {@code Pod} for the core group), {@code group/Kind}, or
 * {@code group/version/Kind} ({@code v1/Pod} for the core group's version).
 *
 * @param version empty when the argument names none: every version the kind is known in
 */
public record KindName(String group, Optional<String> version, String kind) {
  private static final Pattern KIND = Pattern.compile("[A-Z][A-Za-z0-9]*");
  private static final Pattern GROUP = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern VERSION = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  /** A core-group version ({@code v1}, {@code v1beta1}) in {@code version/Kind}. */
  private static final Pattern CORE_VERSION = Pattern.compile("v[0-9]+((alpha|beta)[0-9]+)?");

  /** The kind an argument spells, or empty when it spells none. */
  public static Optional<KindName> parse(String text) {
    String[] parts = text.split("/", -1);
    return switch (parts.length) {
      case 1 -> dotted(text);
      case 2 -> CORE_VERSION.matcher(parts[0]).matches()
          ? of("", Optional.of(parts[0]), parts[1])
          : of(parts[0], Optional.empty(), parts[1]);
      case 3 -> VERSION.matcher(parts[1]).matches() ? of(parts[0], Optional.of(parts[1]), parts[2]) : Optional.empty();
      default -> Optional.empty();
    };
  }

  /** Whether an argument names a YAML or JSON file by its extension, rather than a kind. */
  public static boolean isFileName(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    return lower.endsWith(".yaml") || lower.endsWith(".yml") || lower.endsWith(".json");
  }

  private static Optional<KindName> dotted(String text) {
    int dot = text.indexOf('.');
    return dot < 0
        ? of("", Optional.empty(), text)
        : of(text.substring(dot + 1), Optional.empty(), text.substring(0, dot));
  }

  private static Optional<KindName> of(String group, Optional<String> version, String kind) {
    boolean valid = KIND.matcher(kind).matches() && (group.isEmpty() || GROUP.matcher(group).matches());
    return valid ? Optional.of(new KindName(group, version, kind)) : Optional.empty();
  }

  /** {@code Kind.group} as kubectl spells it, or the kind alone for the core group. */
  public String display() {
    return group.isEmpty() ? kind : kind + "." + group;
  }

  /** The apiVersion of objects of this kind in a version ({@code ""}: none in particular). */
  public String apiVersion(String version) {
    return group.isEmpty() ? version : group + "/" + version;
  }
}
