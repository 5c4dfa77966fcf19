package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.schema.ConditionColumn;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where the resolver finds the printer columns of a kind's CRD that show one condition's status. */
class ConditionColumnsTest {
  @Test
  void theResolverReadsTheBundledIndexAtTheObjectsVersion() {
    ContractResolver resolver = ContractResolver.of(Catalogue.builtIn());
    assertEquals(Optional.of(new ShownConditions(
            List.of(new ConditionColumn("Ready", "Ready",
                "CustomResourceDefinition/catalog definitions/db.atlasgo.io/atlasschema.yaml@97e2911dafc4")),
            "CRD db.atlasgo.io/AtlasSchema v1alpha1",
            "CustomResourceDefinition/catalog definitions/db.atlasgo.io/atlasschema.yaml@97e2911dafc4",
            ContractBasis.Source.CRD_CATALOGUE)),
        resolver.conditionColumns(new ObjectRef("db.atlasgo.io/v1alpha1", "AtlasSchema", "", "")));
    assertEquals(Optional.empty(), resolver.conditionColumns(new ObjectRef("db.atlasgo.io/v9", "AtlasSchema", "", "")),
        "no CRD of the version: nothing");
  }
}
