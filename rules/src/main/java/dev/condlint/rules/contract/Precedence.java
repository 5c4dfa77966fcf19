package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;
import java.util.List;

/**
 * The sources of a condition contract, strongest first: the one ordered list that decides which source
 * gives each part of a list's contract ({@link ContractResolver} folds them in this order), and from which
 * the precedence table of docs/contracts.md is generated.
 */
public enum Precedence {
  CONFIG("Your configuration", List.of(ContractBasis.Source.CONFIG), "#in-your-condlintyaml",
      "You know your kinds best: what you state overrides everything condlint knows or reads."),
  CRD("The kind's CRD", List.of(ContractBasis.Source.CRD), "#the-kinds-crd",
      "The kind's own API, as the run has it: it cannot be out of date for the objects beside it."),
  SCHEMA_LOCATION("Schema locations", List.of(ContractBasis.Source.SCHEMA_LOCATION), "#schema-locations---schema-location",
      "The kind's own API, which you pointed condlint at; it stands in for a CRD the run lacks."),
  CATALOGUE("condlint's catalogue", List.of(ContractBasis.Source.CATALOGUE), "catalogue.md",
      "Read from the kind's upstream source, it says what no schema can: polarities, summaries, timing, "
          + "Knative's reason required only when False."),
  CRD_CATALOGUE("condlint's bundled CRD catalogue", List.of(ContractBasis.Source.CRD_CATALOGUE),
      "catalogue.md#the-bundled-crd-catalogue",
      "The kind's published schema, possibly of another version; where the catalogue also describes the "
          + "kind it says more."),
  PROFILE("The object's profile", List.of(ContractBasis.Source.CONFIG, ContractBasis.Source.CATALOGUE),
      "#the-objects-profile",
      "A convention many kinds follow, not the kind's own API: it fills in what the kind's sources leave out."),
  SHAPE("Shapes", List.of(ContractBasis.Source.INFERRED), "catalogue.md#shapes",
      "Recognising a well-known status (an embedded PodStatus) by its fields is inference, if strong."),
  SIBLINGS("The group's other kinds", List.of(ContractBasis.Source.INFERRED), "#the-evidence-ladder",
      "What every other kind of the object's API group uses at the path, in the bundled CRD index: evidence "
          + "about the kind's own API, so it outranks the object's look, but no declaration of it."),
  INFERENCE("Inference", List.of(ContractBasis.Source.INFERRED), "#the-evidence-ladder",
      "The object's own fields and type names: evidence, not a declaration; held only as far as it goes.");

  private final String title;
  private final List<ContractBasis.Source> bases;
  private final String details;
  private final String why;

  Precedence(String title, List<ContractBasis.Source> bases, String details, String why) {
    this.title = title;
    this.bases = bases;
    this.details = details;
    this.why = why;
  }

  /** Fails unless these are every source, strongest first. */
  static void checkOrder(List<Precedence> sources) {
    if (!sources.equals(List.of(values()))) {
      throw new IllegalStateException("contract sources " + sources + " are not in the order of Precedence");
    }
  }

  /** The source in words, as the docs head it. */
  public String title() {
    return title;
  }

  /** The basis a part it gives rests on: the profile's is {@code config} when you chose it, else {@code catalogue}. */
  public List<ContractBasis.Source> bases() {
    return bases;
  }

  /** Where docs/contracts.md describes it: an anchor of that page, or another page of docs/. */
  public String details() {
    return details;
  }

  /** Why it ranks where it does. */
  public String why() {
    return why;
  }
}
