package dev.condlint.rules.contract;

import dev.condlint.rules.schema.ConditionItemSchema;
import dev.condlint.rules.schema.ConditionListSchema;
import dev.condlint.rules.schema.CrdIndex;
import dev.condlint.rules.schema.KindSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rule DomainRuleMeasurementTest measures (test code: the measurement said no, so no rung applies it).
 * What the other API groups under a group's DNS parent say of a kind of a group that the index does
 * not know at all: the condition family that every kind of every other group under that domain uses at a
 * list path. Projects and vendors name their groups under one domain ({@code *.cnrm.cloud.google.com},
 * {@code *.azure.com}) and often give them one condition type; where a domain is shared by unrelated
 * projects, their types differ and the rule declines. docs/contracts.md's evidence ladder gives the
 * measurement on the bundled CRD index that makes this evidence (DomainRuleMeasurementTest).
 *
 * <p>The rule ({@link #RULE}), fixed before it was measured: the domain of group {@code g} is {@code g}
 * without its first label, and must keep at least two labels ({@code io}, {@code com} are no one's
 * domain). The other groups under it are every group of the source other than {@code g} that is the
 * domain or ends in {@code .domain}. Every kind version of every such group that has a list at the path
 * must have an item schema recognised as one family, the same for all ({@link SiblingFamily#recognise},
 * as the sibling rung recognises it); one kind version recognised as no family or as another, and there
 * is no agreement. Kind versions without the list say nothing. The agreement needs at least
 * {@link Rule#groups} other groups with the list, whose schemas come from at least {@link Rule#sources}
 * distinct sources (repository and commit), so that one source's many groups do not vouch for a project
 * it does not hold.
 */
final class DomainFamily {

  /**
   * A form of the rule: the domain is the group without its first label ({@code registrable} false) or
   * its last two labels (true), of at least {@code domainLabels} labels; at least {@code groups} other
   * groups with the list, from at least {@code sources} sources. {@code sameSchema}: instead of one
   * recognised family, every such list has the one same distilled item schema (whatever its type), and
   * that schema is predicted.
   */
  record Rule(int groups, int sources, int domainLabels, boolean registrable, boolean sameSchema) {
    Rule(int groups, int sources, int domainLabels, boolean registrable) {
      this(groups, sources, domainLabels, registrable, false);
    }

    /** The group's domain under this rule, if it has one. */
    Optional<String> domain(String group) {
      String[] labels = group.split("\\.", -1);
      String domain = registrable
          ? (labels.length < 2 ? "" : labels[labels.length - 2] + "." + labels[labels.length - 1])
          : (group.indexOf('.') < 0 ? "" : group.substring(group.indexOf('.') + 1));
      if (domain.isEmpty() || domain.equals(group) || domain.split("\\.", -1).length < domainLabels) {
        return Optional.empty();
      }
      return Optional.of(domain);
    }

    @Override
    public String toString() {
      return (registrable ? "registrable domain" : "parent") + " of " + domainLabels + "+ labels, " + groups
          + "+ groups, " + sources + "+ sources" + (sameSchema ? ", one item schema" : "");
    }
  }

  /** The rule the rung applies: the parent domain of two or more labels, three groups, two sources. */
  static final Rule RULE = new Rule(3, 2, 2, false);

  /**
   * The family (or, for a same-schema rule, the item schema, the family empty unless recognised), the
   * domain, the other groups that agree on it and the sources of their schemas.
   */
  record Agreement(Optional<ConditionFamily> family, ConditionItemSchema items, String domain, List<String> groups,
      List<String> sources) {
    Agreement {
      groups = List.copyOf(groups);
      sources = List.copyOf(sources);
    }

    /**
     * The evidence in words, for a basis: {@code the 3 other API groups under example.io in the bundled CRD
     * index (a/b@1234567, c/d@89abcde) all use metav1.Condition at status.conditions}.
     */
    String evidence(String path) {
      String type = family.map(f -> f.id().equals("metav1") ? "metav1.Condition" : f.id()).orElse("one item schema");
      return "the " + groups.size() + " other API groups under " + domain + " in the bundled CRD index ("
          + String.join(", ", sources) + ") all use " + type + " at " + path;
    }
  }

  /** The rule's answer: an agreement, or why there is none (for the measurement's report). */
  record Judgement(Optional<Agreement> agreement, String declined) {}

  private DomainFamily() {}

  /** The family every other group under the group's domain uses at {@code path}, by the rule; empty where none. */
  static Optional<Agreement> of(Rule rule, CrdIndex source, Map<String, ConditionFamily> families,
      String group, String path) {
    return judge(rule, source, families, group, path).agreement();
  }

  static Judgement judge(Rule rule, CrdIndex source, Map<String, ConditionFamily> families, String group,
      String path) {
    Optional<String> domain = rule.domain(group);
    if (domain.isEmpty()) {
      return new Judgement(Optional.empty(), "no domain of " + rule.domainLabels() + "+ labels");
    }
    String suffix = "." + domain.get();
    List<String> under = source.groups().stream()
        .filter(g -> !g.equals(group) && (g.equals(domain.get()) || g.endsWith(suffix))).sorted().toList();
    ConditionFamily agreed = null;
    ConditionItemSchema agreedItems = null;
    List<String> withList = new ArrayList<>();
    Set<String> sources = new LinkedHashSet<>();
    for (String other : under) {
      boolean has = false;
      for (String kind : source.kindNames(other)) {
        for (KindSchema schema : source.versions(other, kind)) {
          ConditionListSchema list = schema.conditionLists().get(path);
          if (list == null) {
            continue;
          }
          Optional<ConditionFamily> family = SiblingFamily.recognise(list.items(), families);
          if (rule.sameSchema()) {
            if (agreedItems != null && !agreedItems.equals(list.items())) {
              return new Judgement(Optional.empty(), "mixed: " + other + "/" + kind + " " + schema.version()
                  + " has another item schema (" + schema.origin().name() + ")");
            }
            agreedItems = list.items();
            agreed = family.orElse(null);
            has = true;
            sources.add(schema.origin().name());
            continue;
          }
          if (family.isEmpty() || (agreed != null && !agreed.id().equals(family.get().id()))) {
            return new Judgement(Optional.empty(), "mixed: " + other + "/" + kind + " " + schema.version() + " "
                + family.map(ConditionFamily::id).orElse("unrecognised") + (agreed == null ? "" : " vs " + agreed.id())
                + " (" + schema.origin().name() + ")");
          }
          agreed = family.get();
          agreedItems = list.items();
          has = true;
          sources.add(schema.origin().name());
        }
      }
      if (has) {
        withList.add(other);
      }
    }
    if (withList.size() < rule.groups()) {
      return new Judgement(Optional.empty(), "too few groups: " + withList.size() + " of " + under.size()
          + " under " + domain.get() + " have the list");
    }
    if (sources.size() < rule.sources()) {
      return new Judgement(Optional.empty(), "too few sources: " + sources);
    }
    return new Judgement(Optional.of(new Agreement(Optional.ofNullable(agreed), agreedItems, domain.get(), withList, List.copyOf(sources))), "");
  }
}
