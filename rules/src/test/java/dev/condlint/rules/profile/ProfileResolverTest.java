package dev.condlint.rules.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The profile of an object from its API group and version: the built-in mapping of §4, then what overrides it. */
class ProfileResolverTest {
  private static final java.util.List<dev.condlint.rules.contract.ProfileSpec> PROFILES =
      dev.condlint.rules.catalogue.Ruleset.builtIn().catalogue().profiles();


  @ParameterizedTest(name = "{0}/{1} -> {2}")
  @CsvSource({
    "kustomize.toolkit.fluxcd.io,     v1,       flux",
    "source.toolkit.fluxcd.io,        v1beta2,  flux",
    "toolkit.fluxcd.io,               v1,       k8s",
    "serving.knative.dev,             v1,       knative",
    "knative.dev,                     v1,       knative",
    "cluster.x-k8s.io,                v1beta1,  capi-v1beta1",
    "cluster.x-k8s.io,                v1beta2,  capi-v1beta2",
    "infrastructure.cluster.x-k8s.io, v1alpha4, capi-v1beta1",
    "bootstrap.cluster.x-k8s.io,      v1beta2,  capi-v1beta2",
    "gateway.networking.k8s.io,       v1,       gateway-api",
    "gateway.networking.x-k8s.io,     v1alpha1, gateway-api",
    "networking.k8s.io,               v1,       k8s",
    "cert-manager.io,                 v1,       cert-manager",
    "acme.cert-manager.io,            v1,       cert-manager",
    "apps,                            v1,       k8s",
    "example.com,                     v1,       k8s",
    "'',                              v1,       k8s",
  })
  void theBuiltInMappingFollowsTheApiGroup(String group, String version, String profile) {
    assertEquals(profile, ProfileResolver.builtIn(PROFILES).resolve(group, version));
  }

  @ParameterizedTest(name = "--profile ''{0}'', groups {1}, profile ''{2}'' -> {3}")
  @CsvSource({
    // forced (--profile) | configured groups        | configured default | expected for kustomize.toolkit.fluxcd.io
    "knative,  *.fluxcd.io=kstatus, k8s,     knative",
    "'',       *.fluxcd.io=kstatus, k8s,     kstatus",
    "'',       *.example.com=kstatus, k8s,   k8s",
    "'',       *.example.com=kstatus, '',    flux",
  })
  void theProfileFlagBeatsConfiguredGroupsWhichBeatTheConfiguredDefaultWhichReplacesTheMapping(
      String forced, String groups, String configuredDefault, String expected) {
    String[] entry = groups.split("=");
    ProfileResolver resolver = new ProfileResolver(
        forced.isEmpty() ? null : forced, Map.of(entry[0], entry[1]), configuredDefault.isEmpty() ? null : configuredDefault,
        PROFILES);

    assertEquals(expected, resolver.resolve("kustomize.toolkit.fluxcd.io", "v1"));
  }
}
