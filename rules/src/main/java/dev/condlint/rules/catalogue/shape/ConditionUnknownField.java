package dev.condlint.rules.catalogue.shape;

import dev.condlint.model.Condition;
import dev.condlint.model.Severity;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.InferredSchemaUse;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.PreparedList;
import dev.condlint.rules.api.RuleInfo;
import dev.condlint.rules.api.Scope;
import dev.condlint.model.ContractBasis;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A condition field outside its condition type: judged by the schema the configuration, the kind's
 * CRD or the catalogue gives, or that strong evidence holds the list to; where none does, a field that no
 * condition type has but one has with other letter case ({@code lastHeartBeatTime}), and, by the evidence
 * ladder's bottom rung (families.json {@code unfamiliarFields}), any field that no condition type has.
 */
@InferredSchemaUse(values = "a field the inferred family lacks", claim = "closed", unfamiliar = "a field no condition type condlint knows has, where no other condition of the list carries it")
@RuleInfo(
    id = "condition-unknown-field",
    code = "A15",
    title = "The condition has only the fields of its condition type",
    severity = Severity.WARNING,
    scope = Scope.OBJECT,
    rationale =
        "Structural schemas silently prune fields they do not declare (KEP-2332), and"
            + " `kubectl --validate=strict` rejects them, so such a field is lost or breaks the write."
            + " KEP-1623 removed lastHeartbeatTime from metav1.Condition; kstatus Augment writes"
            + " lastUpdateTime, which is such a field.",
    source = "apimachinery types.go (Condition fields); KEP-2332 (pruning); KEP-1623",
    // Built-in kinds too: their contracts list NodeCondition.lastHeartbeatTime, PodCondition.lastProbeTime.
    builtinKinds = true)
public final class ConditionUnknownField implements ObjectRule {
  @Override
  public void check(ObjectCheck check) {
    for (PreparedList list : check.preparedLists()) {
      Optional<DeclaredSchema> declared = null;
      int knownBits = 0;
      for (int i = 0; i < list.size(); i++) {
        Condition c = list.condition(i);
        if (declared == null) {
          // The same for every condition of the list; an inferred schema judges the fields only where its rung
          // claims the type closed (families.json guesses' claims), else the list is judged as one without it.
          declared = DeclaredSchema.of(check, c).filter(d -> d.known().claims("closed"));
          knownBits = PreparedList.fieldBits(declared.isPresent()
              ? declared.get().schema().fieldNames() : check.contract().knownFieldNames());
        }
        // Only standard fields, each one its condition type has (or, without a schema, one known to some
        // condition type): nothing to report, as the walk over its fields would find.
        if (!list.hasOtherFields(i) && (list.presentFields(i) & ~knownBits) == 0) {
          continue;
        }
        judge(check, list, i, declared);
      }
    }
  }

  private static void judge(ObjectCheck check, PreparedList list, int i, Optional<DeclaredSchema> declared) {
    Condition c = list.condition(i);
    Iterator<String> names = c.node().fieldNames();
    while (names.hasNext()) {
      String field = names.next();
      if (declared.isPresent()) {
        judgeByDeclaredSchema(check, c, field, declared.get());
      } else {
        judgeSpelling(check, list, i, field);
      }
    }
  }

  /** Whether another condition of the list carries the field: then its controller writes it, as its type's. */
  private static boolean othersCarry(PreparedList list, int i, String field) {
    for (int j = 0; j < list.size(); j++) {
      if (j != i && list.condition(j).has(field)) {
        return true;
      }
    }
    return false;
  }

  private static void judgeByDeclaredSchema(ObjectCheck check, Condition c, String field, DeclaredSchema declared) {
    Set<String> known = declared.schema().fieldNames();
    if (known.contains(field)) {
      return;
    }
    String fields = String.join(", ", new TreeSet<>(known));
    String message = declared.inferred()
        ? FieldValues.name(c) + " has field " + FieldValues.quote(field) + ", which " + declared.familyName() + " ("
            + fields + "), the condition type " + (declared.known().byGroup() ? "its group's other kinds use"
                : "its other fields suggest") + " (" + declared.basis().phrase()
            + "), does not have: if that is its type, its controller does not write it, and a CRD schema that"
            + " declares the condition type prunes it silently." + spelling(field, known)
        : FieldValues.name(c) + " has field " + FieldValues.quote(field) + ", which its condition type ("
            + fields + ", per " + declared.basis().phrase()
            + ") does not have: its controller does not write it, and a CRD schema that declares the"
            + " condition type prunes it silently." + spelling(field, known);
    check.report(
        declared.basis(),
        declared.cap(),
        c.pointer(field),
        message,
        "Remove the field, or move the information into reason or message.");
  }

  /**
   * Without a declared schema: a field every condition type misspells the same way; and, where the catalogue
   * has the evidence ladder's bottom rung (families.json {@code unfamiliarFields}), any field no condition type
   * has, which the kind's own schema lacks too for 98.9% of the indexed CRDs' condition lists (its measurement),
   * where no other condition of the list carries it: a field several conditions carry is one their controller
   * writes, the kind's own type's (Camel K's {@code firstTruthyTime}), not a slip.
   */
  private static void judgeSpelling(ObjectCheck check, PreparedList list, int i, String field) {
    Condition c = list.condition(i);
    Set<String> everyFamilysFields = check.contract().knownFieldNames();
    if (everyFamilysFields.contains(field)) {
      return;
    }
    Optional<String> meant = caseVariant(field, everyFamilysFields);
    if (meant.isPresent()) {
      check.report(
          new ContractBasis(ContractBasis.Source.INFERRED, "the condition fields of every known condition type"),
          Severity.WARNING,
          c.pointer(field),
          FieldValues.name(c) + " has field " + FieldValues.quote(field) + ", which no known condition type has;"
              + " they spell it " + FieldValues.quote(meant.get()) + ", so a schema that declares "
              + meant.get() + " drops this one.",
          "Rename the field to `" + meant.get() + "`.");
      return;
    }
    if (check.contract().unfamiliarFields().isEmpty() || othersCarry(list, i, field)) {
      return;
    }
    check.report(
        new ContractBasis(ContractBasis.Source.INFERRED, UNFAMILIAR_BASIS),
        Severity.WARNING,
        c.pointer(field),
        FieldValues.name(c) + " has field " + FieldValues.quote(field) + ", which no condition type condlint knows"
            + " has (" + String.join(", ", new TreeSet<>(everyFamilysFields)) + "); inferred: nothing declares this"
            + " kind's condition type, and nearly every CRD condition type lacks such a field (" + MEASURED_SHARE
            + " of those condlint indexes), so its schema likely prunes it silently.",
        "Remove the field, or move the information into reason or message; if the kind's condition type has it,"
            + " declare the kind (its CRD in --crds, or a contracts entry in .condlint.yaml).");
  }

  /**
   * The share of the bundled CRD index's condition lists that declare no field outside the known families', as
   * the rung's findings state it: rules' PartialConditionRungMeasurementTest measures it and fails when the index
   * no longer gives this figure (or families.json's {@code unfamiliarFields} source states another).
   */
  public static final String MEASURED_SHARE = "98.9%";

  /** The basis of a finding by the ladder's bottom rung. */
  static final String UNFAMILIAR_BASIS =
      "no condition type condlint knows has the field (families.json unfamiliarFields: the evidence ladder's bottom rung)";

  private static String spelling(String field, Set<String> known) {
    return caseVariant(field, known).map(m -> " Did you mean " + FieldValues.quote(m) + "?").orElse("");
  }

  private static Optional<String> caseVariant(String field, Set<String> names) {
    return names.stream().filter(n -> !n.equals(field) && n.equalsIgnoreCase(field)).findFirst();
  }
}
