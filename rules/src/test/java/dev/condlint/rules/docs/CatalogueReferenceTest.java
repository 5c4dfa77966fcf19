package dev.condlint.rules.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.Catalogue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code docs/catalogue.md} equal to what the built-in catalogue generates
 * ({@code -Dcondlint.updateDocs=true} rewrites it), and holds every part of the catalogue to citing
 * the upstream source it was read from.
 */
class CatalogueReferenceTest {
  private static final boolean UPDATE = Boolean.getBoolean("condlint.updateDocs");
  private static final Path CATALOGUE_MD = Path.of("../docs/catalogue.md");
  private static final String ROOT = "/dev/condlint/rules/contract/catalogue/";

  @Test
  void theCatalogueReferenceIsUpToDate() throws IOException {
    String generated = new CatalogueReference(Ruleset.builtIn().catalogue()).markdown();
    if (UPDATE) {
      Files.writeString(CATALOGUE_MD, generated, StandardCharsets.UTF_8);
    }
    String published = Files.exists(CATALOGUE_MD) ? Files.readString(CATALOGUE_MD, StandardCharsets.UTF_8) : "";
    assertEquals(generated, published, CATALOGUE_MD + " is out of date; run " + CatalogueReference.REGENERATE);
  }

  @Test
  void everyEntryOfEveryFileTheIndexListsCitesItsSource() throws IOException {
    List<String> uncited = new ArrayList<>();
    int entries = 0;
    for (JsonNode name : read("index.json").path("entries")) {
      JsonNode file = read(name.asText());
      assertFalse(file.path("name").asText().isBlank(), name + " has no name (findings and explain call its entries by it)");
      JsonNode list = file.path("entries");
      for (int i = 0; i < list.size(); i++) {
        entries++;
        if (list.get(i).path("source").asText().isBlank()) {
          uncited.add(name.asText() + " entries[" + i + "] (" + list.get(i).path("group").asText() + ")");
        }
      }
    }
    assertEquals(List.of(), uncited, "every entry names the upstream file it was read from in `source`");
    assertEquals(Ruleset.builtIn().catalogue().entries().size(), entries, "the catalogue loads every entry the files hold");
  }

  @Test
  void everyFamilyTypeNameAndShapeCitesItsSource() throws IOException {
    List<String> uncited = new ArrayList<>();
    read("families.json").path("families").forEach(f -> {
      if (f.path("source").asText().isBlank()) {
        uncited.add("families.json " + f.path("id").asText());
      }
    });
    JsonNode types = read("types.json");
    for (String part : List.of("names", "endings")) {
      types.path(part).properties().forEach(e -> {
        if (e.getValue().path("source").asText().isBlank()) {
          uncited.add("types.json " + part + "." + e.getKey());
        }
      });
    }
    read("shapes.json").path("shapes").forEach(s -> {
      if (s.path("source").asText().isBlank()) {
        uncited.add("shapes.json " + s.path("name").asText());
      }
    });
    assertEquals(List.of(), uncited);
  }

  @Test
  void theReferenceShowsAnEntryWithItsListsAndCitation() {
    String md = new CatalogueReference(Ruleset.builtIn().catalogue()).markdown();

    assertTrue(md.contains("\n| `apps` | Deployment | status.conditions | family `deployment`; summary Available;"
        + " normal-true: Available, Progressing; abnormal-true: ReplicaFailure; observedGeneration status"
        + " | kubernetes/api apps/v1/types.go@v0.36.3 |\n"), md);
    assertTrue(md.contains("\n| `metav1` | k8s.io/apimachinery/pkg/apis/meta/v1.Condition | type (required), status"
        + " (required), observedGeneration (optional), lastTransitionTime (required), reason (required, non-empty),"
        + " message (required) | kubernetes/apimachinery pkg/apis/meta/v1/types.go@v0.36.3 |\n"), md);
  }

  @Test
  void everyTimingCitesItsSourceAndEachFieldItsGoFieldAndDoc() {
    List<String> timed = new ArrayList<>();
    for (var entry : Ruleset.builtIn().catalogue().entries()) {
      entry.timing().ifPresent(t -> {
        timed.add(String.join(",", entry.kinds()) + " " + t.model().label());
        assertFalse(t.source().isBlank(), entry.kinds() + " timing has no source");
        assertFalse(t.fields().isEmpty(), entry.kinds() + " timing cites no field");
        t.fields().forEach(f -> assertFalse(f.go().isBlank() || f.doc().isBlank(), f.path() + " lacks its Go field or doc"));
      });
    }
    assertEquals(List.of("DeployItem landscaper-deploy-item", "EphemeralRunner arc-ephemeral-runner"), timed);
    String md = new CatalogueReference(Ruleset.builtIn().catalogue()).markdown();
    assertTrue(md.contains("\nModel `arc-ephemeral-runner`: backoff after failure 0 to 5: 0s, 5s, 10s, 20s, 40s, 1m20s;"
        + " at most 5 failures. Source: actions/actions-runner-controller"), md);
    assertTrue(md.contains("\n| status.jobIDGenerationTime | DeployItemStatus.JobIDGenerationTime *metav1.Time"
        + " 'json:\"jobIDGenerationTime,omitempty\"' | JobIDGenerationTime is the timestamp when the JobID was set. |\n"), md);
  }

  @Test
  void headingsAreLinkedAsGithubAnchorsThem() {
    assertEquals("gateway-api-and-cert-manager", CatalogueReference.anchor("Gateway API and cert-manager"));
    assertEquals("knative-tekton-and-kserve", CatalogueReference.anchor("Knative, Tekton and KServe"));
  }

  private static JsonNode read(String name) throws IOException {
    try (InputStream in = Catalogue.class.getResourceAsStream(ROOT + name)) {
      assertTrue(in != null, "missing " + ROOT + name);
      return new ObjectMapper().readTree(in);
    }
  }
}
