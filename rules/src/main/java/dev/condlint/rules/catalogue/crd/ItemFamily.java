package dev.condlint.rules.catalogue.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.contract.ConditionFamily;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which condition struct of the catalogue a CRD's condition item schema was generated from, recognised
 * from the schema alone: its properties are fields of the struct and include every field the struct
 * always requires, its {@code required} list is exactly the struct's, and it carries at least one of
 * the struct's own markers (metav1.Condition's type pattern, Cluster API v1beta1's maxLength 256) with
 * the struct's value (a {@code format}, which follows from the Go field's type, is no evidence); where
 * the catalogue states the struct's signature (the markers controller-gen writes into every CRD
 * generated from it: all of metav1.Condition's), it carries every one of them, so that a type of the
 * project's own that copies metav1.Condition's fields and a marker or two (message maxLength 32768,
 * observedGeneration minimum 0, as Kepler's Condition does) is not taken for it. Only
 * then do the CRD rules hold the schema to the struct's other markers: a
 * condition type of the project's own (Config Connector's, with every field optional and no pattern)
 * is never told to carry metav1.Condition's. Where two structs fit equally well and disagree on a
 * marker, that marker is not demanded.
 */
final class ItemFamily {
  /** One marker: a schema keyword on a field, with the struct's value. */
  record Marker(String field, String keyword, JsonNode value) {}

  /**
   * What the items were recognised as: the struct, and the markers it declares on the item's fields
   * that the items lack or give another value (those that every equally good struct agrees on).
   */
  record Recognised(ConditionFamily family, List<Marker> missing) {
    /** The missing markers of one field, in the struct's order. */
    List<Marker> missingOn(String field) {
      return missing.stream().filter(m -> m.field().equals(field)).toList();
    }

    /** How messages name the struct: its family and Go type ({@code metav1 (k8s.io/...Condition)}). */
    String title() {
      return family.id() + " (" + goType() + ")";
    }

    /** The struct's Go type, without the catalogue's remarks on it. */
    String goType() {
      int remark = family.title().indexOf(" (");
      return remark < 0 ? family.title() : family.title().substring(0, remark);
    }
  }

  private record Candidate(ConditionFamily family, int matched, List<Marker> missing) {}

  private ItemFamily() {}

  /** The struct the item schema was generated from, when the schema says so. */
  static Optional<Recognised> of(CrdCheck check, SchemaNode items) {
    return of(items, check.catalogue().families().values());
  }

  static Optional<Recognised> of(SchemaNode items, Iterable<ConditionFamily> families) {
    return of(items, families, "");
  }

  /**
   * The struct the item schema was generated from, recognised without the signature's markers on one
   * field: a rule about that field's marker (E05 on the status enum) must not need the marker to know
   * the struct, or a CRD generated from metav1.Condition whose enum was lost would never be told so.
   */
  static Optional<Recognised> ofIgnoring(CrdCheck check, SchemaNode items, String field) {
    return of(items, check.catalogue().families().values(), field);
  }

  private static Optional<Recognised> of(SchemaNode items, Iterable<ConditionFamily> families, String ignored) {
    List<Candidate> candidates = new ArrayList<>();
    for (ConditionFamily family : families) {
      if (family.markers().isEmpty() || !fits(items, family) || !required(items).equals(family.alwaysRequired())
          || unsigned(items, family).stream().anyMatch(m -> !m.field().equals(ignored))) {
        continue;
      }
      Candidate c = compare(items, family);
      if (c.matched() > 0) {
        candidates.add(c);
      }
    }
    Optional<Candidate> exact = candidates.stream().filter(c -> c.missing().isEmpty()).findFirst();
    if (exact.isPresent()) {
      return Optional.of(new Recognised(exact.get().family(), List.of()));
    }
    int best = candidates.stream().mapToInt(Candidate::matched).max().orElse(0);
    List<Candidate> tied = candidates.stream().filter(c -> c.matched() == best).toList();
    if (tied.isEmpty()) {
      return Optional.empty();
    }
    List<Marker> agreed = new ArrayList<>(tied.get(0).missing());
    for (Candidate other : tied.subList(1, tied.size())) {
      agreed.retainAll(other.missing());
    }
    return Optional.of(new Recognised(tied.get(0).family(), agreed));
  }

  /**
   * A struct the items resemble without being recognised as it (see {@link #resemblance}); for an info.
   */
  static Optional<ConditionFamily> resembled(CrdCheck check, SchemaNode items) {
    return resemblance(check, items).map(Resemblance::family);
  }

  /**
   * What the items share with a struct they resemble: the struct, the markers it declares that they
   * lack, and those of its signature they lack (empty where only the required list differs).
   */
  record Resemblance(ConditionFamily family, List<Marker> missing, List<Marker> unsigned) {
    /** The missing markers of one field, in the struct's order (its signature's enum included). */
    List<Marker> missingOn(String field) {
      List<Marker> out = new ArrayList<>(missing.stream().filter(m -> m.field().equals(field)).toList());
      unsigned.stream().filter(m -> m.field().equals(field) && !out.contains(m)).forEach(out::add);
      return out;
    }
  }

  /**
   * The first struct the items resemble without being recognised as it: their properties are its
   * fields and they carry some of its markers, but their {@code required} list is not the struct's
   * (Karpenter's NodeClaim relaxes metav1.Condition's on purpose), or they lack some of its signature
   * (a type of the project's own that copied a marker or two).
   */
  static Optional<Resemblance> resemblance(CrdCheck check, SchemaNode items) {
    for (ConditionFamily family : check.catalogue().families().values()) {
      if (family.markers().isEmpty() || !fits(items, family)) {
        continue;
      }
      Candidate c = compare(items, family);
      if (c.matched() > 0) {
        return Optional.of(new Resemblance(family, c.missing(), unsigned(items, family)));
      }
    }
    return Optional.empty();
  }

  /** The markers of the struct's signature that the items lack or give another value. */
  private static List<Marker> unsigned(SchemaNode items, ConditionFamily family) {
    List<Marker> out = new ArrayList<>();
    for (String field : family.signature().fields()) {
      JsonNode property = items.property(field).schema();
      family.signature().of(field).forEach((keyword, value) -> {
        if (!sameValue(property.path(keyword), value)) {
          out.add(new Marker(field, keyword, value));
        }
      });
    }
    return out;
  }

  /** The item's properties are the struct's fields, and include those it always requires. */
  private static boolean fits(SchemaNode items, ConditionFamily family) {
    Set<String> properties = properties(items);
    return family.schema().fieldNames().containsAll(properties) && properties.containsAll(family.alwaysRequired());
  }

  private static Candidate compare(SchemaNode items, ConditionFamily family) {
    int matched = 0;
    List<Marker> missing = new ArrayList<>();
    for (String field : family.markers().fields()) {
      SchemaNode property = items.property(field);
      if (!property.exists()) {
        continue;
      }
      for (Map.Entry<String, JsonNode> marker : family.markers().of(field).entrySet()) {
        if (sameValue(property.schema().path(marker.getKey()), marker.getValue())) {
          // A format follows from the Go type (every int64 is format int64): no evidence of the struct.
          matched += marker.getKey().equals("format") ? 0 : 1;
        } else {
          missing.add(new Marker(field, marker.getKey(), marker.getValue()));
        }
      }
    }
    return new Candidate(family, matched, missing);
  }

  private static boolean sameValue(JsonNode actual, JsonNode expected) {
    if (actual.isMissingNode()) {
      return false;
    }
    if (expected.isArray()) {
      // An enum: the same values in any order.
      return actual.isArray() && texts(actual).equals(texts(expected));
    }
    return expected.isNumber() ? actual.isNumber() && actual.asLong() == expected.asLong() : actual.equals(expected);
  }

  private static Set<String> texts(JsonNode array) {
    Set<String> out = new LinkedHashSet<>();
    array.forEach(v -> out.add(v.isTextual() ? v.asText() : v.toString()));
    return out;
  }

  static Set<String> properties(SchemaNode items) {
    Set<String> out = new LinkedHashSet<>();
    items.schema().path("properties").fieldNames().forEachRemaining(out::add);
    return out;
  }

  static Set<String> required(SchemaNode items) {
    Set<String> out = new LinkedHashSet<>();
    items.schema().path("required").forEach(r -> out.add(r.asText()));
    return out;
  }

  /** "no pattern", "maxLength 1024 instead of 316", for each missing marker. */
  static List<String> describe(List<Marker> missing, SchemaNode property) {
    List<String> out = new ArrayList<>();
    for (Marker m : missing) {
      JsonNode actual = property.schema().path(m.keyword());
      String expected = quoted(m.value());
      if (actual.isMissingNode()) {
        out.add("no " + m.keyword());
      } else {
        out.add(m.keyword() + " " + quoted(actual) + " instead of " + expected);
      }
    }
    return out;
  }

  /** {@code type pattern, status enum}: the markers by field and keyword, for a message. */
  static String names(List<Marker> markers) {
    return String.join(", ", markers.stream().map(m -> m.field() + " " + m.keyword()).toList());
  }

  /** The missing markers as a schema snippet for a hint: {@code maxLength: 316, pattern: ...}. */
  static String snippet(List<Marker> missing) {
    Map<String, String> parts = new LinkedHashMap<>();
    for (Marker m : missing) {
      parts.put(m.keyword(), quoted(m.value()));
    }
    List<String> out = new ArrayList<>();
    parts.forEach((k, v) -> out.add(k + ": " + v));
    return String.join(", ", out);
  }

  private static String quoted(JsonNode value) {
    return value.isTextual() ? "'" + value.asText() + "'" : value.toString();
  }
}
