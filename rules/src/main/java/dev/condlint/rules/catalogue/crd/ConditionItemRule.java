package dev.condlint.rules.catalogue.crd;

import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;

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
}
