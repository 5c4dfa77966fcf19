package dev.condlint.cli.explain;

import dev.condlint.model.ContractBasis;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.FieldRule;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.contract.Timing;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What {@code condlint explain} prints, the same for its text and JSON forms. */
public final class Explained {
  private Explained() {}

  /**
   * A condition type: its family (with the family's title) when one is known, its fields, the fields
   * in which it departs from its family, and where it comes from.
   *
   * @param inferredRules for a type inferred from an object, each rule that demands or forbids fields by
   *     an inferred type, and whether this one turns it on (empty for a declared type: it turns them all on)
   */
  public record ConditionType(
      Optional<String> family,
      Optional<String> title,
      Map<String, FieldRule> fields,
      List<String> changedFromFamily,
      ContractBasis basis,
      List<RuleUse> inferredRules) {}

  /**
   * Whether an inferred condition type turns a rule on for the object, and what it then reports (at
   * warning), or why it stays off.
   */
  public record RuleUse(String rule, boolean on, String what) {}

  /**
   * A condition type name (or name ending) and its polarity, or no polarity where nothing says.
   *
   * @param mayStandBesideSummary a True of it reports work under way, not a problem
   */
  public record Type(String name, Optional<Polarity> polarity, Optional<ContractBasis> basis, boolean mayStandBesideSummary) {}

  /**
   * The contract of one condition list.
   *
   * @param pointer and {@code line}: where the list is, for a list of an object
   * @param endings the polarities declared by name ending (a kind's contract only)
   * @param untyped for a list of an object none of whose conditions has a type, and that nothing declares:
   *     whether the rules judge it as typed conditions, and why (lint's {@code condition-type-required})
   * @param inferredRules for a list of an object without a condition type (nothing declares one, its fields
   *     suggest none): each rule that demands or forbids fields by an inferred type, and whether the evidence
   *     ladder's bottom rung turns it on (a field no condition type has)
   */
  public record ConditionList(
      String path,
      Optional<String> pointer,
      Optional<Integer> line,
      Optional<ConditionType> conditionType,
      List<Type> types,
      List<Type> endings,
      Optional<Known<Summary>> summary,
      Optional<Known<GenerationTracking>> generation,
      Optional<String> recognisedAs,
      Optional<String> untyped,
      List<RuleUse> inferredRules) {

    /** Whether any part says something. */
    public boolean isEmpty() {
      return conditionType.isEmpty() && types.isEmpty() && endings.isEmpty() && summary.isEmpty() && generation.isEmpty();
    }
  }

  /**
   * The contract condlint applies to one object, and the {@code .condlint.yaml} entry that would
   * declare what it inferred.
   *
   * @param defines for a CRD, the kind it defines
   * @param timing the deadlines or backoff of the kind's own system, where the catalogue knows them
   */
  public record ObjectContract(
      String file,
      int line,
      ObjectRef ref,
      List<ConditionList> lists,
      Optional<String> snippet,
      Optional<KindName> defines,
      Optional<Known<Timing>> timing) {}

  /**
   * The declared contract of a kind in some versions (all of them alike).
   *
   * @param versions empty when no version is known: the contract of every version
   * @param suggestion a known kind the name may be a typo of, when nothing is known of it
   * @param timing the deadlines or backoff of the kind's own system, where the catalogue knows them
   */
  public record KindContract(
      KindName name,
      List<String> versions,
      List<ConditionList> lists,
      Optional<String> suggestion,
      Optional<Known<Timing>> timing) {

    /** Whether nothing declares anything of the kind's conditions: every object's contract is inferred. */
    public boolean conditionsUnknown() {
      return lists.size() == 1 && lists.get(0).isEmpty();
    }

    /** Whether nothing declares anything of the kind at all. */
    public boolean isUnknown() {
      return conditionsUnknown() && timing.isEmpty();
    }
  }
}
