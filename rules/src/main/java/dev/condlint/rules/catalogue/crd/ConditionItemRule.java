package dev.condlint.rules.catalogue.crd;

import dev.condlint.model.Severity;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A rule about the item schema of each condition list (E04–E10, E17). Lists whose items declare no
 * properties are opaque and left to E15.
 */
abstract class ConditionItemRule implements CrdRule {

  @Override
  public final void check(CrdCheck check) {
    for (SchemaNode list : StatusSchema.conditionLists(check)) {
      SchemaNode items = list.items();
      if (items.schema().path("properties").isObject() && !items.schema().path("properties").isEmpty()) {
        checkItem(check, list, items);
      }
    }
  }

  abstract void checkItem(CrdCheck check, SchemaNode list, SchemaNode items);

  /** "In version v1, status.conditions[].status" for messages. */
  static String where(CrdCheck check, SchemaNode node) {
    return "In " + StatusSchema.version(check) + ", " + node.path();
  }

  /**
   * Reports the markers of one field that the condition struct the items were generated from declares
   * and the schema lacks ({@link ItemFamily}). Where the items are of no struct condlint recognises but
   * resemble one (its fields and some of its markers), the field's missing markers get an info that
   * names them as that struct's convention, since a condition type of the project's own owes nobody
   * metav1.Condition's markers; elsewhere nothing.
   */
  static void reportMissingMarkers(
      CrdCheck check, SchemaNode items, String field, Predicate<ItemFamily.Marker> which, String consequence) {
    SchemaNode property = items.property(field);
    if (!property.exists()) {
      return;
    }
    Optional<ItemFamily.Recognised> recognised = ItemFamily.of(check, items);
    if (recognised.isEmpty()) {
      reportConvention(check, items, property, field, which);
      return;
    }
    List<ItemFamily.Marker> missing = recognised.get().missingOn(field).stream().filter(which).toList();
    if (missing.isEmpty()) {
      return;
    }
    check.report(
        property.pointer(),
        where(check, property) + " has " + String.join(", ", ItemFamily.describe(missing, property)) + ", so "
            + consequence + "; the items are of the condition family " + recognised.get().title() + ", recognised by"
            + " their fields, required fields and markers, whose schema declares " + ItemFamily.snippet(missing) + ".",
        "Regenerate the CRD from " + recognised.get().goType() + ", or declare " + ItemFamily.snippet(missing)
            + " on " + field + ".");
  }

  private static void reportConvention(
      CrdCheck check, SchemaNode items, SchemaNode property, String field, Predicate<ItemFamily.Marker> which) {
    Optional<ItemFamily.Resemblance> resemblance = ItemFamily.resemblance(check, items);
    if (resemblance.isEmpty()) {
      return;
    }
    List<ItemFamily.Marker> missing = resemblance.get().missingOn(field).stream().filter(which).toList();
    if (missing.isEmpty()) {
      return;
    }
    ItemFamily.Recognised named = new ItemFamily.Recognised(resemblance.get().family(), missing);
    List<ItemFamily.Marker> unsigned = resemblance.get().unsigned();
    String why = unsigned.isEmpty()
        ? "they do not require what it requires"
        : "they lack markers that controller-gen writes into every CRD generated from it: "
            + ItemFamily.names(unsigned);
    check.report(
        Severity.INFO,
        property.pointer(),
        where(check, property) + " has " + String.join(", ", ItemFamily.describe(missing, property))
            + "; the items look like " + named.title() + " but are a condition type of the project's own ("
            + why + "), which need not follow its markers; by " + named.family().id() + "'s convention, "
            + ItemFamily.snippet(missing) + ".",
        "If the Go type is " + named.goType() + ", regenerate the CRD; if it is your own, consider declaring "
            + ItemFamily.snippet(missing) + " on " + field + ".");
  }
}
