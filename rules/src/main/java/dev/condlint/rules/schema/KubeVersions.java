package dev.condlint.rules.schema;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kubernetes API versions in the order Kubernetes gives them priority (GA, then beta, then alpha, each
 * higher numbers first, then versions of no such form alphabetically), and the version of a kind nearest
 * to one that is missing.
 */
public final class KubeVersions {
  private static final Pattern FORM = Pattern.compile("v([1-9]\\d{0,8})(?:(alpha|beta)([1-9]\\d{0,8}))?");

  /** vMAJOR, vMAJORbetaMINOR, vMAJORalphaMINOR; stage 2 for GA, 1 for beta, 0 for alpha. */
  private record Version(int major, int stage, int minor) {}

  /** Highest priority first. */
  public static final Comparator<String> PRIORITY = Comparator
      .comparing((String v) -> parse(v).isEmpty())
      .thenComparing(v -> -parse(v).map(Version::stage).orElse(0))
      .thenComparing(v -> -parse(v).map(Version::major).orElse(0))
      .thenComparing(v -> -parse(v).map(Version::minor).orElse(0))
      .thenComparing(Comparator.naturalOrder());

  private KubeVersions() {}

  /**
   * The version among {@code available} nearest to {@code wanted}. Where both are of Kubernetes' form:
   * the same major version first, then the nearest stage (v1beta1 for v1 before v1alpha1), then, in the
   * same stage, the nearest number; a tie goes to the one of higher priority (v1alpha2 for v1beta1, not
   * v1alpha1). Otherwise the one of highest priority.
   */
  public static Optional<String> nearest(String wanted, List<String> available) {
    Optional<Version> target = parse(wanted);
    Comparator<String> byDistance = Comparator
        .comparing((String v) -> distance(target, v, Version::major))
        .thenComparing(v -> distance(target, v, Version::stage))
        .thenComparing(v -> distance(target, v, Version::stage) == 0 ? distance(target, v, Version::minor) : 0);
    return available.stream().min(byDistance.thenComparing(PRIORITY));
  }

  private static int distance(Optional<Version> target, String version, java.util.function.ToIntFunction<Version> part) {
    Optional<Version> v = parse(version);
    if (target.isEmpty() || v.isEmpty()) {
      return Integer.MAX_VALUE;
    }
    return Math.abs(part.applyAsInt(v.get()) - part.applyAsInt(target.get()));
  }

  private static Optional<Version> parse(String version) {
    Matcher m = FORM.matcher(version);
    if (!m.matches()) {
      return Optional.empty();
    }
    int major = Integer.parseInt(m.group(1));
    if (m.group(2) == null) {
      return Optional.of(new Version(major, 2, 0));
    }
    return Optional.of(new Version(major, m.group(2).equals("beta") ? 1 : 0, Integer.parseInt(m.group(3))));
  }
}
