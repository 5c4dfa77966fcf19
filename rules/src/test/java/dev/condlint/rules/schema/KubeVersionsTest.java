package dev.condlint.rules.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KubeVersionsTest {

  @Test
  void ordersVersionsAsKubernetesGivesThemPriority() {
    // The example of the Kubernetes documentation, "Version priority" (CustomResourceDefinition versioning).
    List<String> versions = new ArrayList<>(List.of(
        "v3beta1", "foo10", "v11alpha2", "v1", "v12alpha1", "v10beta3", "foo1", "v2", "v11beta2", "v10"));
    versions.sort(KubeVersions.PRIORITY);
    assertEquals(List.of(
        "v10", "v2", "v1", "v11beta2", "v10beta3", "v3beta1", "v12alpha1", "v11alpha2", "foo1", "foo10"), versions);
  }

  @Test
  void theNearestVersionIsTheClosestInPriorityAndOnATieTheNewer() {
    assertEquals(Optional.of("v1beta1"), KubeVersions.nearest("v1", List.of("v1alpha1", "v1beta1", "v2alpha1")));
    assertEquals(Optional.of("v1beta2"), KubeVersions.nearest("v1beta1", List.of("v1alpha1", "v1beta2")));
    assertEquals(Optional.of("v1alpha1"), KubeVersions.nearest("v1alpha2", List.of("v1alpha1", "v1beta1")));
    assertEquals(Optional.of("v1beta3"), KubeVersions.nearest("v1beta2", List.of("v1beta1", "v1beta3")));
    assertEquals(Optional.of("v2"), KubeVersions.nearest("v3", List.of("v1", "v2", "v2beta1")));
    assertEquals(Optional.of("v1alpha2"), KubeVersions.nearest("v1beta1", List.of("v1alpha1", "v1alpha2")),
        "numbers of another stage say nothing of nearness");
  }

  @Test
  void versionsOfAnotherFormTakeTheOneOfHighestPriority() {
    assertEquals(Optional.of("v1"), KubeVersions.nearest("v1api20230101", List.of("v1api20220701", "v1", "v1beta1")));
    assertEquals(Optional.of("v1api20220701"), KubeVersions.nearest("v1", List.of("v1api20240301", "v1api20220701")));
    assertEquals(Optional.empty(), KubeVersions.nearest("v1", List.of()));
  }
}
