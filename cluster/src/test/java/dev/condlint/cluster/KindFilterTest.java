package dev.condlint.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KindFilterTest {
  private static final List<ApiResource> RESOURCES = List.of(
      resource("", "pods", "Pod"),
      resource("", "events", "Event"),
      resource("apps", "deployments", "Deployment"),
      resource("source.toolkit.fluxcd.io", "gitrepositories", "GitRepository"),
      resource("kustomize.toolkit.fluxcd.io", "kustomizations", "Kustomization"),
      resource("cert-manager.io", "certificates", "Certificate"));

  private static ApiResource resource(String group, String plural, String kind) {
    return new ApiResource(group, "v1", plural, kind, true, Set.of("list"), true);
  }

  private static String audited(KindFilter filter) {
    return String.join(" ", RESOURCES.stream().filter(filter::audits).map(ApiResource::kind).toList());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Deployment|Deployment",
      "deployment|Deployment",
      "deployments|Deployment",
      "apps/Deployment|Deployment",
      "deployments.apps|Deployment",
      "core/Pod|Pod",
      "core/*|Pod Event",
      "pods.apps|''",
      "*.toolkit.fluxcd.io/*|GitRepository Kustomization",
      "cert-manager.io/*|Certificate",
      "'Pod, apps/*'|Pod Deployment",
      "Git*|GitRepository",
      "*/Certificate|Certificate"})
  void kindsSelect(String pattern, String expected) {
    assertEquals(expected, audited(KindFilter.of(List.of(pattern), List.of())));
  }

  @Test
  void excludedKindsAreLeftOutOfTheIncludedOnes() {
    assertEquals("Pod Deployment GitRepository Kustomization Certificate",
        audited(KindFilter.of(List.of(), List.of("core/Event"))));
    assertEquals("GitRepository", audited(KindFilter.of(List.of("*.fluxcd.io/*"), List.of("Kustomization"))));
  }

  @Test
  void aPatternThatIsNoneIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> KindFilter.of(List.of("apps/v1/Deployment"), List.of()));
    assertEquals("'apps/v1/Deployment' is not a kind pattern such as Deployment, apps/Deployment, deployments.apps"
        + " or *.fluxcd.io/*", e.getMessage());
  }
}
