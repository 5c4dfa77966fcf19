package dev.condlint.rules.profile;

import dev.condlint.rules.contract.ProfileSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses an object's profile from its API group: a forced profile ({@code --profile}) first, then
 * the configuration's group mapping, then the configuration's default profile, then the built-in
 * mapping of §4, else {@code k8s}. Group patterns are exact ({@code cert-manager.io}) or a
 * {@code *.} suffix pattern ({@code *.toolkit.fluxcd.io}).
 */
public final class ProfileResolver {
  private final String forced;
  private final Map<String, String> configuredGroups;
  private final String configuredDefault;
  private final List<ProfileSpec> profiles;

  /** {@code profiles}: the catalogue's, whose {@code groups} and {@code versions} are the built-in mapping. */
  public ProfileResolver(String forced, Map<String, String> configuredGroups, String configuredDefault,
      List<ProfileSpec> profiles) {
    this.forced = forced;
    this.configuredGroups = new LinkedHashMap<>(configuredGroups);
    this.configuredDefault = configuredDefault;
    this.profiles = List.copyOf(profiles);
  }

  /** The built-in mapping of these profiles alone, with nothing configured. */
  public static ProfileResolver builtIn(List<ProfileSpec> profiles) {
    return new ProfileResolver(null, Map.of(), null, profiles);
  }

  /** How a profile was chosen for an object: what the choice says about the object's kind. */
  public enum Reason {
    /** {@code --profile}: for every object. */
    FORCED,
    /** The configuration's {@code groups}: the user named the object's group. */
    GROUP,
    /** The configuration's {@code profile}: for every group not named. */
    DEFAULT,
    /** The built-in mapping from API group to ecosystem. */
    BUILT_IN,
    /**
     * The condition family that condlint's catalogue gives the kind's own conditions, where the group
     * maps to no ecosystem: KServe's InferenceService uses Knative's condition type, so Knative's profile.
     */
    FAMILY
  }

  /** A profile name and why it was chosen. */
  public record Choice(String name, Reason reason) {}

  /** The profile name for an object of this API group and version. */
  public String resolve(String group, String version) {
    return choose(group, version).name();
  }

  /** The profile for an object of this API group and version, and why. */
  public Choice choose(String group, String version) {
    if (forced != null) {
      return new Choice(forced, Reason.FORCED);
    }
    for (Map.Entry<String, String> e : configuredGroups.entrySet()) {
      if (matches(e.getKey(), group)) {
        return new Choice(e.getValue(), Reason.GROUP);
      }
    }
    if (configuredDefault != null) {
      return new Choice(configuredDefault, Reason.DEFAULT);
    }
    return new Choice(builtInMapping(group, version), Reason.BUILT_IN);
  }

  /**
   * The §4 mapping, as the catalogue's profiles.json gives each profile its API groups: a profile
   * that names versions of its groups (Cluster API v1beta1 for {@code v1beta1} and {@code v1alpha*})
   * before one that takes every version of them; else k8s.
   */
  public String builtInMapping(String group, String version) {
    for (boolean byVersion : new boolean[] {true, false}) {
      for (ProfileSpec p : profiles) {
        if (p.versions().isEmpty() != byVersion && p.takesVersion(version)
            && p.groups().stream().anyMatch(g -> matches(g, group))) {
          return p.name();
        }
      }
    }
    return ProfileNames.K8S;
  }

  static boolean matches(String pattern, String group) {
    if (pattern.startsWith("*.")) {
      return group.endsWith(pattern.substring(1));
    }
    return pattern.equals(group);
  }
}
