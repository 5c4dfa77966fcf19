package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** Compares a string property's schema with the keywords it should carry; lists what differs. */
final class StringConstraints {
  private final List<String> problems = new ArrayList<>();
  private final SchemaNode property;

  StringConstraints(SchemaNode property) {
    this.property = property;
  }

  StringConstraints pattern(String expected) {
    JsonNode actual = property.schema().path("pattern");
    if (!actual.isTextual()) {
      problems.add("no pattern");
    } else if (!actual.asText().equals(expected)) {
      problems.add("pattern '" + actual.asText() + "' instead of '" + expected + "'");
    }
    return this;
  }

  StringConstraints maxLength(int expected) {
    return length("maxLength", expected);
  }

  StringConstraints minLength(int expected) {
    return length("minLength", expected);
  }

  /** A maxLength of any value. */
  StringConstraints anyMaxLength() {
    if (!property.schema().path("maxLength").canConvertToInt()) {
      problems.add("no maxLength");
    }
    return this;
  }

  private StringConstraints length(String keyword, int expected) {
    JsonNode actual = property.schema().path(keyword);
    if (!actual.canConvertToInt()) {
      problems.add("no " + keyword);
    } else if (actual.asInt() != expected) {
      problems.add(keyword + " " + actual.asInt() + " instead of " + expected);
    }
    return this;
  }

  List<String> problems() {
    return problems;
  }
}
