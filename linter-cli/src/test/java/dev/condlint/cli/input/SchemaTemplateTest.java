package dev.condlint.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** kubeconform's template variables, filled in as kubeconform fills them (its pkg/registry/registry.go). */
class SchemaTemplateTest {

  @Test
  void fillsInTheGroupTheLowerCaseKindAndTheVersion() {
    SchemaTemplate datree = SchemaTemplate.parse(
        "https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json");
    assertEquals("https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/work.karmada.io/resourcebinding_v1alpha2.json",
        datree.render("work.karmada.io/v1alpha2", "ResourceBinding"));
  }

  @Test
  void fillsInKubeconformsOtherVariablesAndTakesSpacesInAnAction() {
    SchemaTemplate yannh = SchemaTemplate.parse(
        "schemas/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json");
    assertEquals("schemas/master-standalone/deployment-apps-v1.json", yannh.render("apps/v1", "Deployment"));
    assertEquals("schemas/master-standalone/pod-v1.json", yannh.render("v1", "Pod"), "the core group: no version suffix");
    assertEquals("v1/pod_v1.json", SchemaTemplate.parse("{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json")
        .render("v1", "Pod"), "kubeconform's Group of a core kind is its apiVersion");
  }

  @Test
  void refusesAnActionThatNamesNoVariableItKnowsAndAnUnclosedOne() {
    assertEquals("'{{.Kind}}' is no template variable condlint knows ({{.Group}}, {{.ResourceKind}},"
        + " {{.ResourceAPIVersion}}, {{.KindSuffix}}, {{.NormalizedKubernetesVersion}}, {{.StrictSuffix}})",
        assertThrows(IllegalArgumentException.class, () -> SchemaTemplate.parse("x/{{.Kind}}.json")).getMessage());
    assertEquals("'{{ lower .Group }}' is no template variable condlint knows ({{.Group}}, {{.ResourceKind}},"
        + " {{.ResourceAPIVersion}}, {{.KindSuffix}}, {{.NormalizedKubernetesVersion}}, {{.StrictSuffix}})",
        assertThrows(IllegalArgumentException.class, () -> SchemaTemplate.parse("x/{{ lower .Group }}.json")).getMessage());
    assertEquals("a template action '{{' is not closed",
        assertThrows(IllegalArgumentException.class, () -> SchemaTemplate.parse("x/{{.Group}}/{{.ResourceKind.json"))
            .getMessage());
  }
}
