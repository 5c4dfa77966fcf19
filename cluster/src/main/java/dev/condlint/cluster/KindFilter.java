package dev.condlint.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which resources {@code --kinds} and {@code --exclude-kinds} let through. A pattern names a kind or a
 * resource, with or without its group, {@code *} matching any run of characters: {@code Deployment},
 * {@code deployments}, {@code apps/Deployment}, {@code deployments.apps}, {@code core/Pod} (the core
 * group is {@code core}), {@code *.fluxcd.io/*}, {@code cert-manager.io/*}. A name matches the kind,
 * the plural, the singular or a short name ({@code deploy}), without regard to case, as kubectl's
 * resource names do.
 */
public final class KindFilter {
  public static final KindFilter ALL = new KindFilter(List.of(), List.of());

  private final List<KindPattern> include;
  private final List<KindPattern> exclude;

  private KindFilter(List<KindPattern> include, List<KindPattern> exclude) {
    this.include = List.copyOf(include);
    this.exclude = List.copyOf(exclude);
  }

  /**
   * The filter of these patterns (each may hold several, comma-separated); an
   * {@link IllegalArgumentException} naming a pattern that is not one.
   */
  public static KindFilter of(List<String> kinds, List<String> excludeKinds) {
    return new KindFilter(parse(kinds), parse(excludeKinds));
  }

  /**
   * The {@code --kinds} patterns that match none of these resources: kubectl refuses a resource type
   * the server does not have, and so does an audit.
   */
  public List<String> unmatched(List<ApiResource> resources) {
    return include.stream().filter(p -> resources.stream().noneMatch(p::matches)).map(KindPattern::text).toList();
  }

  /** Whether the resource is audited: it matches an included pattern (or none is given) and no excluded one. */
  public boolean audits(ApiResource resource) {
    return (include.isEmpty() || include.stream().anyMatch(p -> p.matches(resource)))
        && exclude.stream().noneMatch(p -> p.matches(resource));
  }

  private static List<KindPattern> parse(List<String> texts) {
    List<KindPattern> out = new ArrayList<>();
    for (String text : texts) {
      for (String part : text.split(",")) {
        if (!part.isBlank()) {
          out.add(KindPattern.parse(part.trim()));
        }
      }
    }
    return out;
  }

  /** One pattern: a group (null: any) and a name that matches the kind or the plural. */
  private record KindPattern(String text, Pattern group, Pattern name) {
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9.*-]+(/[A-Za-z0-9*-]+)?");

    static KindPattern parse(String text) {
      if (!VALID.matcher(text).matches()) {
        throw new IllegalArgumentException("'" + text + "' is not a kind pattern such as Deployment, apps/Deployment,"
            + " deployments.apps or *.fluxcd.io/*");
      }
      int slash = text.indexOf('/');
      if (slash >= 0) {
        String group = text.substring(0, slash);
        return new KindPattern(text, glob(group.equals("core") ? "" : group), glob(text.substring(slash + 1)));
      }
      int dot = text.indexOf('.');
      if (dot >= 0) {
        return new KindPattern(text, glob(text.substring(dot + 1)), glob(text.substring(0, dot)));
      }
      return new KindPattern(text, null, glob(text));
    }

    boolean matches(ApiResource r) {
      return (group == null || group.matcher(r.group()).matches())
          && (name.matcher(r.kind()).matches() || name.matcher(r.plural()).matches()
              || !r.singular().isEmpty() && name.matcher(r.singular()).matches()
              || r.shortNames().stream().anyMatch(s -> name.matcher(s).matches()));
    }

    private static Pattern glob(String text) {
      String[] literals = text.split("\\*", -1);
      StringBuilder regex = new StringBuilder();
      for (int i = 0; i < literals.length; i++) {
        regex.append(i > 0 ? ".*" : "").append(Pattern.quote(literals[i]));
      }
      return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE);
    }
  }
}
