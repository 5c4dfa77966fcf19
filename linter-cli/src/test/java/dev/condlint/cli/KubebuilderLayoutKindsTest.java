package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kinds only the kubebuilder-layout population of the bundled CRD index has (long-tail projects of the kubebuilder
 * layout, build-tools/crd-index/populations/kubebuilder-layout.tsv): explain names the source's repository and commit,
 * and the condition type its CRD declares, metav1.Condition (inference-gateway/operator's Agent) or the kind's own
 * (GreptimeTeam/greptimedb-operator's GreptimeDBCluster, whose reason, message and lastTransitionTime are optional);
 * Arubacloud/arubacloud-resource-operator's CloudServer, a source of the population's second reading (know19b);
 * cloudoperators/greenhouse's Plugin, of the third reading (know20), whose conditions sit below status.statusConditions,
 * and konflux-ci/application-api's Component, the upstream a personal copy's outcome named, read by the third reading;
 * GoogleContainerTools/kpt-resource-group's ResourceGroup, of the fourth reading (know20b), whose own condition type
 * (reason, message and lastTransitionTime optional) is declared for three lists, two of them in the items of other lists.
 */
class KubebuilderLayoutKindsTest {
  @TempDir Path dir;

  @Test
  void anInferenceGatewayAgentIsExplainedWithItsCrdAndCommitAsMetav1() {
    CliRun.Result r = CliRun.in(dir).run(List.of("explain"), "core.inference-gateway.com/Agent");

    String basis = "the CRD schema of core.inference-gateway.com/Agent v1alpha1, inference-gateway/operator@fae5b92;"
        + " source: inference-gateway/operator config/crd/bases/core.inference-gateway.com_agents.yaml@fae5b925fd1d";
    assertEquals(new CliRun.Result(0, "Agent.core.inference-gateway.com, version v1alpha1\n"
        + "  status.conditions\n"
        + "    condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)\n"
        + "      fields: lastTransitionTime (required), message (required), observedGeneration (optional),"
        + " reason (required, non-empty), status (required), type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: condition (each condition's observedGeneration)\n"
        + "      basis: " + basis + "\n", ""), r);
  }

  @Test
  void aGreptimeDbClusterIsExplainedWithItsCrdAndCommitAsItsOwnConditionType() {
    CliRun.Result r = CliRun.in(dir).run(List.of("explain"), "greptime.io/GreptimeDBCluster");

    assertEquals(new CliRun.Result(0, "GreptimeDBCluster.greptime.io, version v1alpha1\n"
        + "  status.conditions\n"
        + "    condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares"
        + " for the kind)\n"
        + "      fields: lastTransitionTime (optional), lastUpdateTime (optional), message (optional), reason"
        + " (optional), status (required), type (required)\n"
        + "      basis: the CRD schema of greptime.io/GreptimeDBCluster v1alpha1,"
        + " GreptimeTeam/greptimedb-operator@3880f41; source: GreptimeTeam/greptimedb-operator"
        + " config/crd/resources/greptime.io_greptimedbclusters.yaml@3880f41f92cb\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: not declared: per condition where each object's conditions carry it\n", ""), r);
  }

  @Test
  void anArubaCloudServerOfTheSecondReadingIsExplainedWithItsCrdAndCommitAsMetav1() {
    CliRun.Result r = CliRun.in(dir).run(List.of("explain"), "arubacloud.com/CloudServer");

    String basis = "the CRD schema of arubacloud.com/CloudServer v1alpha1,"
        + " Arubacloud/arubacloud-resource-operator@6c570d7; source: Arubacloud/arubacloud-resource-operator"
        + " config/crd/bases/arubacloud.com_cloudservers.yaml@6c570d712574";
    assertEquals(new CliRun.Result(0, "CloudServer.arubacloud.com, version v1alpha1\n"
        + "  status.conditions\n"
        + "    condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)\n"
        + "      fields: lastTransitionTime (required), message (required), observedGeneration (optional),"
        + " reason (required, non-empty), status (required), type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: condition (each condition's observedGeneration)\n"
        + "      basis: " + basis + "\n", ""), r);
  }

  @Test
  void aGreenhousePluginOfTheThirdReadingIsExplainedWithItsNestedListAndCommit() {
    CliRun.Result r = CliRun.in(dir).run(List.of("explain"), "greenhouse.sap/Plugin");

    String basis = "the CRD schema of greenhouse.sap/Plugin v1alpha1, cloudoperators/greenhouse@7e13274; source:"
        + " cloudoperators/greenhouse charts/manager/crds/greenhouse.sap_plugins.yaml@7e13274cac13";
    assertEquals(new CliRun.Result(0, "Plugin.greenhouse.sap, version v1alpha1\n"
        + "  status.conditions\n"
        + "    condition type: not declared: inferred from each object's conditions\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: not declared: per condition where each object's conditions carry it\n"
        + "  status.statusConditions.conditions\n"
        + "    condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares"
        + " for the kind)\n"
        + "      fields: lastTransitionTime (required), message (optional), reason (optional), status (required),"
        + " type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: not declared: per condition where each object's conditions carry it\n", ""), r);
  }

  @Test
  void aKonfluxComponentOfTheNamedUpstreamIsExplainedWithItsCrdAndCommit() {
    CliRun.Result r = CliRun.in(dir).run(List.of("explain"), "appstudio.redhat.com/Component");

    String basis = "the CRD schema of appstudio.redhat.com/Component v1alpha1, konflux-ci/application-api@dd8c9b1;"
        + " source: konflux-ci/application-api config/crd/bases/appstudio.redhat.com_components.yaml@dd8c9b1a64c2";
    assertEquals(new CliRun.Result(0, "Component.appstudio.redhat.com, version v1alpha1\n"
        + "  status.conditions\n"
        + "    condition type: metav1 (k8s.io/apimachinery/pkg/apis/meta/v1.Condition)\n"
        + "      fields: lastTransitionTime (required), message (required), observedGeneration (optional),"
        + " reason (required, non-empty), status (required), type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: condition (each condition's observedGeneration)\n"
        + "      basis: " + basis + "\n", ""), r);
  }

  @Test
  void aKptResourceGroupOfTheFourthReadingIsExplainedWithItsThreeListsOfItsOwnConditionType() {
    CliRun.Result r = CliRun.in(dir).run(List.of("explain"), "kpt.dev/ResourceGroup");

    String basis = "the CRD schema of kpt.dev/ResourceGroup v1alpha1, GoogleContainerTools/kpt-resource-group@4efcaec;"
        + " source: GoogleContainerTools/kpt-resource-group config/crd/bases/kpt.dev_resourcegroups.yaml@4efcaecfc7df";
    assertEquals(new CliRun.Result(0, "ResourceGroup.kpt.dev, version v1alpha1\n"
        + "  status.conditions\n"
        + "    condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares"
        + " for the kind)\n"
        + "      fields: lastTransitionTime (optional), message (optional), reason (optional), status (required),"
        + " type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: not declared: per condition where each object's conditions carry it\n"
        + "  status.resourceStatuses[].conditions\n"
        + "    condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares"
        + " for the kind)\n"
        + "      fields: lastTransitionTime (optional), message (optional), reason (optional), status (required),"
        + " type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: not declared: per condition where each object's conditions carry it\n"
        + "  status.subgroupStatuses[].conditions\n"
        + "    condition type: the kind's own (neither metav1.Condition nor a condition type the catalogue declares"
        + " for the kind)\n"
        + "      fields: lastTransitionTime (optional), message (optional), reason (optional), status (required),"
        + " type (required)\n"
        + "      basis: " + basis + "\n"
        + "    types: none declared\n"
        + "    other types: as their name says where condlint's vocabulary knows it (docs/catalogue.md), else unknown\n"
        + "    summary: not declared: a Ready or Succeeded condition of each object\n"
        + "    observedGeneration: not declared: per condition where each object's conditions carry it\n", ""), r);
  }
}
