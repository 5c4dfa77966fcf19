package dev.condlint.cli.explain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.rules.schema.CrdIndex;
import dev.condlint.rules.text.Suggestions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The kinds {@code condlint explain} knows by every name kubectl takes for them: the kind
 * ({@code Deployment}), its plural ({@code deployments}), its singular ({@code deployment}) and its
 * short names ({@code deploy}), any case, alone or with the group ({@code deployments.apps}). The
 * built-in resources come from {@code kubernetes-resources.json} (cited there); the kinds of the
 * catalogue and the configuration are known by kind and by the plural kubectl would give them; the
 * kinds of the bundled CRD index ({@link CrdIndex}) by the names their CRDs give them (plural, singular,
 * short names: {@code cert}), or by kind alone where only a JSON Schema catalogue had the kind (and by
 * the plural kubectl would give it when the name has the group). A name several kinds answer to is
 * resolved as {@link #resolution} says.
 */
final class KindIndex {
  private static final String RESOURCES = "kubernetes-resources.json";

  /** One kind, by all its names in lower case. */
  record Known(String group, String kind, Set<String> names, boolean builtIn) {
    String display() {
      return new KindName(group, Optional.empty(), kind).display();
    }
  }

  private final List<Known> kinds;
  private final CrdIndex crdIndex;

  private KindIndex(List<Known> kinds, CrdIndex crdIndex) {
    this.kinds = List.copyOf(kinds);
    this.crdIndex = crdIndex;
  }

  /** The built-in resources, then these kinds by group ({@code ""} for the core group), then the bundled CRD index. */
  static KindIndex of(Map<String, List<String>> kindsByGroup) {
    return of(kindsByGroup, CrdIndex.builtIn());
  }

  /** The built-in resources, then these kinds by group, then the kinds of this CRD index. */
  static KindIndex of(Map<String, List<String>> kindsByGroup, CrdIndex crdIndex) {
    List<Known> kinds = new ArrayList<>(builtIn());
    kindsByGroup.forEach((group, names) -> names.forEach(kind -> {
      if (kinds.stream().noneMatch(k -> k.group().equals(group) && k.kind().equals(kind))) {
        String singular = kind.toLowerCase(Locale.ROOT);
        kinds.add(new Known(group, kind, Set.of(singular, plural(singular)), false));
      }
    }));
    return new KindIndex(kinds, crdIndex);
  }

  /**
   * What a name without a slash resolves to: one kind, several (the name is ambiguous), or none.
   *
   * @param candidates every kind the name matches, as {@code Kind.group}, when it matches more than one
   */
  record Resolution(Optional<KindName> kind, List<String> candidates) {
    static final Resolution NONE = new Resolution(Optional.empty(), List.of());

    boolean ambiguous() {
      return candidates.size() > 1;
    }
  }

  /**
   * The kind a name without a slash spells, as kubectl resolves a resource name: {@code name} or
   * {@code name.group}, the name any of the kind's names in any case. As kubectl prefers some groups to
   * others, the kinds are searched in tiers: the built-in resources, then the kinds the configuration
   * and the catalogue name, then the bundled CRD index (by the names each kind's CRD gives it); a name
   * that several kinds of the first tier it is found in answer to is ambiguous.
   */
  Resolution resolution(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    int dot = lower.indexOf('.');
    String name = dot < 0 ? lower : lower.substring(0, dot);
    Optional<String> group = dot < 0 ? Optional.empty() : Optional.of(lower.substring(dot + 1));
    List<Known> matching = kinds.stream()
        .filter(k -> group.map(g -> g.equals(k.group())).orElse(true) && k.names().contains(name))
        .toList();
    Optional<Known> builtIn = matching.stream().filter(k -> k.builtIn).findFirst();
    if (builtIn.isPresent()) {
      return one(builtIn.get().group(), builtIn.get().kind());
    }
    Map<String, KindName> found = new java.util.TreeMap<>();
    matching.forEach(k -> found.putIfAbsent(key(k.group(), k.kind()), new KindName(k.group(), Optional.empty(), k.kind())));
    if (found.isEmpty()) {
      for (CrdIndex.KindNames n : crdIndex.names()) {
        if (group.map(g -> g.equals(n.group())).orElse(true) && names(n).contains(name)) {
          found.putIfAbsent(key(n.group(), n.kind()), new KindName(n.group(), Optional.empty(), n.kind()));
        }
      }
    }
    if (found.isEmpty() && group.isPresent()) {
      return inCrdIndex(group.get(), name).map(k -> one(k.group(), k.kind())).orElse(Resolution.NONE);
    }
    if (found.size() == 1) {
      KindName k = found.values().iterator().next();
      return one(k.group(), k.kind());
    }
    return new Resolution(Optional.empty(), found.values().stream().map(KindName::display).sorted().toList());
  }

  private static Resolution one(String group, String kind) {
    return new Resolution(Optional.of(new KindName(group, Optional.empty(), kind)), List.of());
  }

  private static String key(String group, String kind) {
    return group + "/" + kind.toLowerCase(Locale.ROOT);
  }

  /**
   * The names kubectl takes for a kind of the CRD index, in lower case: its kind, plural, singular and
   * short names; its kind alone where no CRD gave its names (the singular a CRD defaults to).
   */
  private static Set<String> names(CrdIndex.KindNames n) {
    Set<String> out = new java.util.HashSet<>();
    out.add(n.kind().toLowerCase(Locale.ROOT));
    if (!n.plural().isEmpty()) {
      out.add(n.plural().toLowerCase(Locale.ROOT));
    }
    out.add(n.singular().toLowerCase(Locale.ROOT));
    n.shortNames().forEach(s -> out.add(s.toLowerCase(Locale.ROOT)));
    return out;
  }

  /** The kind of the CRD index's group whose kind (any case) or plural the name is. */
  private Optional<KindName> inCrdIndex(String group, String name) {
    if (!crdIndex.groups().contains(group)) {
      return Optional.empty();
    }
    return crdIndex.kindNames(group).stream()
        .filter(kind -> {
          String singular = kind.toLowerCase(Locale.ROOT);
          return singular.equals(name) || plural(singular).equals(name);
        })
        .findFirst()
        .map(kind -> new KindName(group, Optional.empty(), kind));
  }

  /** The known kind ({@code Kind.group}) whose kind or plural is nearest to a name that resolved to none. */
  Optional<String> nearest(String text) {
    int dot = text.indexOf('.');
    String name = dot < 0 ? text : text.substring(0, dot);
    Map<String, String> byName = new LinkedHashMap<>();
    for (Known k : kinds) {
      byName.putIfAbsent(k.kind(), k.display());
      k.names().forEach(n -> byName.putIfAbsent(n, k.display()));
    }
    return Suggestions.closest(name, byName.keySet()).map(byName::get);
  }

  private static List<Known> builtIn() {
    try (InputStream in = KindIndex.class.getResourceAsStream(RESOURCES)) {
      JsonNode root = new ObjectMapper().readTree(in);
      List<Known> out = new ArrayList<>();
      for (JsonNode r : root.path("resources")) {
        String kind = r.path("kind").asText();
        Set<String> names = new java.util.LinkedHashSet<>();
        names.add(kind.toLowerCase(Locale.ROOT));
        names.add(r.path("plural").asText());
        r.path("shortNames").forEach(n -> names.add(n.asText()));
        out.add(new Known(r.path("group").asText(), kind, Set.copyOf(names), true));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The plural kubectl gives a kind's resource when a CRD does not say (the English rules of
   * k8s.io/gengo's namer, which CRD generators follow): {@code policy} to {@code policies},
   * {@code ingress} to {@code ingresses}, else an {@code s}.
   */
  static String plural(String singular) {
    if (singular.endsWith("y") && singular.length() > 1 && "aeiou".indexOf(singular.charAt(singular.length() - 2)) < 0) {
      return singular.substring(0, singular.length() - 1) + "ies";
    }
    if (singular.endsWith("s") || singular.endsWith("x") || singular.endsWith("z") || singular.endsWith("ch")
        || singular.endsWith("sh")) {
      return singular + "es";
    }
    return singular + "s";
  }
}
