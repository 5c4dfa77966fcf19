package dev.condlint.rules.profile;

import java.util.LinkedHashMap;
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

  public ProfileResolver(String forced, Map<String, String> configuredGroups, String configuredDefault) {
    this.forced = forced;
    this.configuredGroups = new LinkedHashMap<>(configuredGroups);
    this.configuredDefault = configuredDefault;
  }

  public static ProfileResolver builtIn() {
    return new ProfileResolver(null, Map.of(), null);
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

  /** The §4 mapping: Flux, Knative, Cluster API (by version), Gateway API, cert-manager, else k8s. */
  public static String builtInMapping(String group, String version) {
    if (group.endsWith(".toolkit.fluxcd.io")) {
      return ProfileNames.FLUX;
    }
    if (group.equals("knative.dev") || group.endsWith(".knative.dev")) {
      return ProfileNames.KNATIVE;
    }
    if (group.equals("cluster.x-k8s.io") || group.endsWith(".cluster.x-k8s.io")) {
      return version.equals("v1beta1") || version.startsWith("v1alpha")
          ? ProfileNames.CAPI_V1BETA1
          : ProfileNames.CAPI_V1BETA2;
    }
    if (group.equals("gateway.networking.k8s.io") || group.equals("gateway.networking.x-k8s.io")) {
      return ProfileNames.GATEWAY_API;
    }
    if (group.equals("cert-manager.io") || group.endsWith(".cert-manager.io")) {
      return ProfileNames.CERT_MANAGER;
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
