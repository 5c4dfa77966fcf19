package dev.condlint.model;

import java.util.Locale;

/**
 * What a finding rests on when it depends on what condlint knows of the object's condition type: the
 * source of that knowledge, the entry within it in words a user can follow ({@code CRD
 * widgets.example.com, version example.com/v1}, {@code Flux}), and for a catalogue entry the upstream
 * file it was taken from ({@code citation}, else empty).
 */
public record ContractBasis(Source source, String detail, String citation) {

  public ContractBasis(Source source, String detail) {
    this(source, detail, "");
  }

  /** How a message names it: {@code the CRD ...}, {@code condlint's catalogue (Flux)}, {@code .condlint.yaml ...}. */
  public String phrase() {
    return switch (source) {
      case CONFIG -> detail;
      case CRD, SCHEMA_LOCATION, CRD_CATALOGUE -> "the " + detail;
      case CATALOGUE -> "condlint's catalogue (" + detail + ")";
      case INFERRED -> "inferred from " + detail;
    };
  }

  /**
   * Where a part of a condition contract comes from, strongest first, as the rules' Precedence ranks the
   * sources (its profile gives {@code config} or {@code catalogue}, its shapes and inference {@code inferred}).
   */
  public enum Source {
    /** The user's {@code .condlint.yaml}. */
    CONFIG,
    /** The kind's CustomResourceDefinition (among the inputs, in {@code --crds}, or in the cluster). */
    CRD,
    /** The kind's schema at a schema location the run was given ({@code --schema-location}, {@code schemaLocations}). */
    SCHEMA_LOCATION,
    /** condlint's built-in catalogue of condition families and API groups. */
    CATALOGUE,
    /**
     * The kind's schema in condlint's bundled catalogue of CRD schemas (distilled from public catalogues
     * such as datreeio/CRDs-catalog, each pinned to a commit).
     */
    CRD_CATALOGUE,
    /** What the object itself shows: the fields its conditions carry, the names of their types, its shape. */
    INFERRED;

    /** {@code config}, {@code crd}, {@code schema-location}, {@code catalogue}, {@code crd-catalogue}, {@code inferred}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether something stronger than the object's own look stands behind this part. */
    public boolean isDeclared() {
      return this != INFERRED;
    }
  }

  @Override
  public String toString() {
    return source.label() + ": " + detail + (citation.isEmpty() ? "" : " (" + citation + ")");
  }
}
