package dev.condlint.rules.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.profile.Profile;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The context of a {@link CrdRule}: one entry of a CRD's {@code spec.versions}, with the pointer of
 * that entry so findings can name the version.
 */
public final class CrdCheck extends Check {
  private final JsonNode crd;
  private final JsonNode version;
  private final String versionPointer;
  private final Catalogue catalogue;

  public CrdCheck(
      JsonNode crd,
      JsonNode version,
      String versionPointer,
      ObjectRef ref,
      Profile profile,
      Object options,
      Optional<Instant> now,
      Catalogue catalogue,
      List<Report> reports) {
    super(ref, profile, options, now, reports);
    this.crd = crd;
    this.version = version;
    this.versionPointer = versionPointer;
    this.catalogue = catalogue;
  }

  /** The catalogue of the rules in use: the condition families a CRD's condition schema is compared with. */
  public Catalogue catalogue() {
    return catalogue;
  }

  /** The whole CustomResourceDefinition. */
  public JsonNode crd() {
    return crd;
  }

  /** The {@code spec.versions[i]} entry under check. */
  public JsonNode version() {
    return version;
  }

  /** {@code /spec/versions/i}. */
  public String versionPointer() {
    return versionPointer;
  }

  /** The version's name ({@code v1}), or {@code ""}. */
  public String versionName() {
    return version.path("name").asText("");
  }

  /** {@code spec.group}. */
  public String group() {
    return crd.path("spec").path("group").asText("");
  }

  /** {@code spec.names.kind}. */
  public String kind() {
    return crd.path("spec").path("names").path("kind").asText("");
  }
}
