package dev.condlint.rules.contract;

import static dev.condlint.rules.contract.ContractFixtures.fromCatalogue;
import static dev.condlint.rules.contract.ContractFixtures.fromCrd;
import static dev.condlint.rules.contract.ContractFixtures.listContract;
import static dev.condlint.rules.contract.ContractFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.testing.CaseFile;
import dev.condlint.rules.testing.ObjectFixtures;
import dev.condlint.rules.testing.RuleRun;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * condlint's bundled CRD catalogue as a contract source: a kind that neither the run's CRDs nor the
 * catalogue declares takes its condition type from its schema in the catalogue, with a basis that names
 * the schema, its source and commit; at the object's version, else the nearest one. Real objects of
 * kinds that were inferred before (crd-catalogue/ in SOURCES.md), broken one way each.
 */
class CrdCatalogueContractSourceTest {
  private static final RuleRun FIELD_RULES = RuleRun.of("condition-reason-required", "condition-message-present",
      "condition-last-transition-time-required", "condition-unknown-field");
  private static final ContractBasis KARMADA = new ContractBasis(ContractBasis.Source.CRD_CATALOGUE,
      "CRD schema of work.karmada.io/ResourceBinding v1alpha2, karmada-io/karmada@f8fdd02",
      "karmada-io/karmada charts/karmada/_crds/bases/work/work.karmada.io_resourcebindings.yaml@f8fdd02df376");

  private static CaseFile crdCatalogue(String name) {
    return CaseFile.read("cases/crd-catalogue/" + name + ".yaml");
  }

  @Test
  void aKindOnlyTheBundledCatalogueKnowsIsHeldToItsSchemasConditionType() {
    ListContract contract = listContract(text("crd-catalogue/karmada-resourcebinding.yaml"), "/status/conditions");

    ConditionSchema metav1 = Catalogue.builtIn().families().get("metav1").schema();
    assertEquals(Optional.of(KARMADA), contract.schema().map(Known::basis));
    assertEquals(metav1.family(), contract.schema().get().value().family(), "its item schema is metav1.Condition's");
    assertEquals(metav1.fields(), contract.schema().get().value().fields());
    assertEquals(Optional.of(new Known<>(GenerationTracking.CONDITION, KARMADA)), contract.generation());
  }

  @Test
  void aMissingReasonAndAFieldTheTypeLacksAreReportedOnTheCataloguesWord() {
    assertEquals(List.of(), FIELD_RULES.lines(text("crd-catalogue/karmada-resourcebinding.yaml")));

    List<Finding> findings = FIELD_RULES.findings(text("crd-catalogue/karmada-resourcebinding-broken.yaml"));
    assertEquals(List.of(
        "75:23 warning condition-unknown-field /status/conditions/0/lastUpdateTime",
        "80:7 error condition-reason-required /status/conditions/1/reason"), RuleRun.lines(findings));
    assertEquals(List.of(Optional.of(KARMADA), Optional.of(KARMADA)), findings.stream().map(Finding::basis).toList());
    assertEquals("Condition \"Scheduled\" has no reason; its condition type requires one (per the CRD schema of"
        + " work.karmada.io/ResourceBinding v1alpha2, karmada-io/karmada@f8fdd02), so that users and tools can tell"
        + " why the condition is as it is.", findings.get(1).message());
  }

  @Test
  void aNumaflowPipelineOwesItsConditionsMessageAndTransitionTime() {
    assertEquals(List.of(), FIELD_RULES.lines(text("crd-catalogue/numaflow-pipeline.yaml")));

    List<Finding> findings = FIELD_RULES.findings(text("crd-catalogue/numaflow-pipeline-broken.yaml"));
    assertEquals(List.of("65:5 error condition-last-transition-time-required /status/conditions/0/lastTransitionTime",
        "65:5 error condition-message-present /status/conditions/0/message"), RuleRun.lines(findings));
    assertEquals(new ContractBasis(ContractBasis.Source.CRD_CATALOGUE,
        "CRD schema of numaflow.numaproj.io/Pipeline v1alpha1, numaproj/numaflow@63ba4e8",
        "numaproj/numaflow config/base/crds/full/numaflow.numaproj.io_pipelines.yaml@63ba4e8c8692"),
        findings.get(1).basis().orElseThrow());
  }

  @Test
  void anObjectOfAVersionTheCatalogueLacksTakesTheNearestAndTheBasisSaysSo() {
    List<Finding> findings = crdCatalogue("resourcebinding-of-a-version-the-catalogue-lacks").check(FIELD_RULES);

    assertEquals("CRD schema of work.karmada.io/ResourceBinding v1alpha2 (the nearest version to v1beta1 it has),"
        + " karmada-io/karmada@f8fdd02", findings.get(0).basis().orElseThrow().detail());
  }

  @Test
  void theCatalogueOutranksItForTheConditionTypeAndTheKindsOwnCrdOutranksBoth() {
    // Knative asks a reason of a False condition, which no schema can say: the catalogue's entry stands.
    ListContract kserve = listContract(ObjectFixtures.withConditions("serving.kserve.io/v1beta1", "InferenceService",
        "m", "- {type: PredictorReady, status: \"False\"}\n"), "/status/conditions");
    assertEquals(ContractBasis.Source.CATALOGUE, kserve.schema().orElseThrow().source());
    assertEquals(Optional.of("knative"), kserve.schema().get().value().family());

    String crd = CaseFile.resource("cases/crds/karmada-resourcebinding-without-metav1s-fields.yaml") + "---\n";
    ListContract own = listContract(crd + text("crd-catalogue/karmada-resourcebinding.yaml"), "/status/conditions");
    assertEquals(Optional.of(fromCrd("CRD resourcebindings.work.karmada.io (work.karmada.io/v1alpha2)")),
        own.schema().map(Known::basis));
  }

  @Test
  void aProjectsOwnCrdDeclaresEachOfItsKindsListsNestedOnesToo() {
    ContractResolver resolver = ContractResolver.of(Catalogue.builtIn());
    ObjectRef run = new ObjectRef("placement.kubernetes-fleet.io/v1beta1", "ClusterStagedUpdateRun", "", "");

    assertEquals(List.of("status.conditions", "status.deletionStageStatus.afterStageTaskStatus[].conditions",
        "status.deletionStageStatus.beforeStageTaskStatus[].conditions", "status.deletionStageStatus.clusters[].conditions",
        "status.deletionStageStatus.conditions", "status.stagesStatus[].afterStageTaskStatus[].conditions",
        "status.stagesStatus[].beforeStageTaskStatus[].conditions", "status.stagesStatus[].clusters[].conditions",
        "status.stagesStatus[].conditions"), resolver.declaredListPaths(run));
    assertEquals(Optional.of(new ContractBasis(ContractBasis.Source.CRD_CATALOGUE,
            "CRD schema of placement.kubernetes-fleet.io/ClusterStagedUpdateRun v1beta1, kubefleet-dev/kubefleet@e160c1c",
            "kubefleet-dev/kubefleet config/crd/bases/placement.kubernetes-fleet.io_clusterstagedupdateruns.yaml"
                + "@e160c1cdfdd9")),
        resolver.declared(run, "status.stagesStatus[].clusters[].conditions", ProfileKnowledge.NONE).schema()
            .map(Known::basis));
  }

  @Test
  void anOperatorPolicyWithoutALastTransitionTimeIsToldSoOnItsOwnCrdsWord() {
    List<Finding> findings = crdCatalogue("operatorpolicy-without-last-transition-time").check(FIELD_RULES);

    assertEquals("CRD schema of policy.open-cluster-management.io/OperatorPolicy v1beta1,"
        + " open-cluster-management-io/config-policy-controller@ecf24b4", findings.get(0).basis().orElseThrow().detail());
  }

  @Test
  void aKindOnlyTheSecondCatalogueHasTakesItsSchemaAndItsCrdsSpellingOfTheKind() {
    ContractResolver resolver = ContractResolver.of(Catalogue.builtIn());
    ObjectRef argocd = new ObjectRef("argoproj.io/v1beta1", "ArgoCD", "", "");

    assertEquals(List.of("v1beta1", "v1alpha1"), resolver.knownVersions("argoproj.io", "argocd"));
    assertEquals(Optional.of(new ContractBasis(ContractBasis.Source.CRD_CATALOGUE,
            "CRD schema of argoproj.io/ArgoCD v1beta1, CustomResourceDefinition/catalog@97e2911",
            "CustomResourceDefinition/catalog definitions/argoproj.io/argocd.yaml@97e2911dafc4")),
        resolver.declared(argocd, "status.conditions", ProfileKnowledge.NONE).schema().map(Known::basis));
  }

  @Test
  void aKindOnlyAnOperatorBundleCatalogueHasIsHeldToItsNewestBundlesCrd() {
    List<Finding> findings = crdCatalogue("kinds-only-an-operator-bundle-catalogue-has").check(FIELD_RULES);

    ContractBasis falcon = new ContractBasis(ContractBasis.Source.CRD_CATALOGUE,
        "CRD schema of falcon.crowdstrike.com/FalconNodeSensor v1alpha1,"
            + " redhat-openshift-ecosystem/certified-operators@3b7b563",
        "redhat-openshift-ecosystem/certified-operators"
            + " operators/falcon-operator/1.14.0/manifests/falcon.crowdstrike.com_falconnodesensors.yaml@3b7b563a8acb");
    ContractBasis eamli = new ContractBasis(ContractBasis.Source.CRD_CATALOGUE,
        "CRD schema of eamli.com/Eamli v1alpha1, redhat-openshift-ecosystem/redhat-marketplace-operators@b48b948",
        "redhat-openshift-ecosystem/redhat-marketplace-operators"
            + " operators/eamli-operator-rhmp/3.3.0/manifests/eamli.com_eamlis.yaml@b48b948b28f4");
    assertEquals(List.of(Optional.of(falcon), Optional.of(falcon), Optional.of(eamli), Optional.of(eamli)),
        findings.stream().map(Finding::basis).toList());
  }

  @Test
  void explainKnowsTheKindsVersionsAndListsFromTheCatalogue() {
    ContractResolver resolver = ContractResolver.of(Catalogue.builtIn());

    assertEquals(List.of("v1alpha2", "v1alpha1"), resolver.knownVersions("work.karmada.io", "ResourceBinding"));
    ObjectRef binding = new ObjectRef("work.karmada.io/v1alpha2", "ResourceBinding", "", "");
    assertEquals(List.of("status.conditions"), resolver.declaredListPaths(binding));
    assertEquals(Optional.of(KARMADA),
        resolver.declared(binding, "status.conditions", ProfileKnowledge.NONE).schema().map(Known::basis));
    assertEquals(Optional.of(fromCatalogue("Flux", "fluxcd/kustomize-controller api/v1/kustomization_types.go@186fb3b29138")),
        resolver.declared(new ObjectRef("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "", ""), "status.conditions",
            ProfileKnowledge.NONE).schema().map(Known::basis),
        "a kind the catalogue describes keeps its entry");
  }
}
