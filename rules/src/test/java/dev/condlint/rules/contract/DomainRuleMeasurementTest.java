package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.schema.ConditionListSchema;
import dev.condlint.rules.schema.CrdIndex;
import dev.condlint.rules.schema.KindSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The measurement behind the evidence ladder's domain rung, on the bundled CRD index itself, made before
 * the rung: each group of the index is left out in turn, and the {@code status.conditions} family of each
 * of its kind versions is predicted from the other groups under its DNS parent by {@link DomainFamily}'s
 * rule, fixed before this was first run and stated there: the parent of group g is g without its first
 * label, of at least two labels; at least 3 other groups under it have a list at status.conditions, from
 * at least 2 distinct sources (repository and commit); every kind version of every other group under it
 * with that list is recognised (as the sibling rung recognises it) as one family; then that family is
 * predicted for every kind of g. The prediction is compared with the family the kind's own schema is
 * recognised as (an own schema recognised as no family counts as wrong).
 *
 * <p>The report (target/domain-rule.txt) gives the figures of the stated rule, every wrong prediction
 * with its domain, the predictions per domain, what the rule says of a new group under domains that
 * unrelated projects share, and the figures of variants of the rule (reported, not chosen);
 * docs/contracts.md (the evidence ladder) and benchmarks/heldout/README.md give them. Measured on main
 * f7316bdb's index (2,220 groups): 146 of the 150 predictions right (97.3%) for 151 kinds of 21 groups,
 * under the 98% the rung needed, so there is no such rung; the test keeps the measurement running on
 * whatever index is bundled and holds what the rule was shaped for: it declines under shared domains.
 */
class DomainRuleMeasurementTest {
  private static final String PATH = "status.conditions";

  /** Domains unrelated projects share: what the rule says of a new group under each. */
  private static final List<String> SHARED = List.of("k8s.io", "x-k8s.io", "openshift.io", "example.com",
      "redhat.com", "github.io", "io", "com");

  record Outcome(int groups, int predictedGroups, int predictedKinds, int predicted, int right, int absent,
      List<String> wrong) {
    int present() {
      return predicted - absent;
    }

    String line() {
      return "groups predicted " + predictedGroups + " of " + groups + ", kinds " + predictedKinds
          + ", kind versions " + predicted + " (list absent in " + absent + "), right " + right + " of " + present()
          + String.format(Locale.ROOT, " (%.1f%%)", present() == 0 ? 0.0 : 100.0 * right / present());
    }
  }

  static Outcome measure(DomainFamily.Rule rule, CrdIndex index, Map<String, ConditionFamily> families,
      StringBuilder report) {
    int predicted = 0;
    int right = 0;
    int absent = 0;
    int predictedGroups = 0;
    int predictedKinds = 0;
    List<String> wrong = new ArrayList<>();
    Map<String, int[]> byDomain = new TreeMap<>();
    List<String> groups = index.groups().stream().sorted().toList();
    for (String group : groups) {
      Optional<DomainFamily.Agreement> agreement = DomainFamily.of(rule, index, families, group, PATH);
      if (agreement.isEmpty()) {
        continue;
      }
      DomainFamily.Agreement agreed = agreement.get();
      predictedGroups++;
      int[] d = byDomain.computeIfAbsent(agreed.domain(), k -> new int[4]);
      d[0]++;
      for (String kind : index.kindNames(group)) {
        predictedKinds++;
        for (KindSchema own : index.versions(group, kind)) {
          predicted++;
          ConditionListSchema list = own.conditionLists().get(PATH);
          if (list == null) {
            absent++;
            d[3]++;
            continue;
          }
          d[1]++;
          Optional<ConditionFamily> family = SiblingFamily.recognise(list.items(), families);
          boolean same = rule.sameSchema() ? list.items().equals(agreed.items())
              : family.isPresent() && family.get().id().equals(agreed.family().orElseThrow().id());
          if (same) {
            right++;
            d[2]++;
          } else {
            wrong.add(group + "/" + kind + " " + own.version() + ": predicted " + agreed.family().map(ConditionFamily::id).orElse("an item schema") + " from "
                + agreed.groups().size() + " groups under " + agreed.domain() + " (" + String.join(", ", agreed.sources())
                + "), own " + family.map(ConditionFamily::id).orElse("unrecognised") + " fields "
                + list.items().properties().keySet() + " required " + list.items().required() + " ("
                + own.origin().name() + ")");
          }
        }
      }
    }
    Outcome outcome = new Outcome(groups.size(), predictedGroups, predictedKinds, predicted, right, absent, wrong);
    if (report != null) {
      report.append("rule: ").append(rule).append('\n').append(outcome.line()).append('\n');
      wrong.forEach(w -> report.append("WRONG ").append(w).append('\n'));
      byDomain.forEach((k, v) -> report.append("domain ").append(k).append(": groups ").append(v[0])
          .append(", present ").append(v[1]).append(", right ").append(v[2]).append(", absent ").append(v[3])
          .append('\n'));
    }
    return outcome;
  }

  @Test
  void theOtherGroupsUnderAGroupsDomainPredictItsConditionFamilyOnTheBundledIndex() throws IOException {
    CrdIndex index = CrdIndex.builtIn();
    Map<String, ConditionFamily> families = Catalogue.builtIn().families();
    StringBuilder report = new StringBuilder();
    Outcome outcome = measure(DomainFamily.RULE, index, families, report);
    for (String shared : SHARED) {
      DomainFamily.Judgement j = DomainFamily.judge(DomainFamily.RULE, index, families, "new-group." + shared, PATH);
      report.append("shared ").append(shared).append(": ")
          .append(j.agreement().map(a -> "PREDICTS " + a.family().map(ConditionFamily::id).orElse("?") + " from " + a.groups().size() + " groups")
              .orElse("declines, " + j.declined()))
          .append('\n');
    }
    List<DomainFamily.Rule> variants = List.of(new DomainFamily.Rule(1, 1, 2, false),
        new DomainFamily.Rule(3, 1, 2, false), new DomainFamily.Rule(5, 2, 2, false),
        new DomainFamily.Rule(3, 2, 3, false), new DomainFamily.Rule(3, 2, 2, true),
        new DomainFamily.Rule(3, 2, 2, false, true), new DomainFamily.Rule(1, 1, 2, false, true));
    for (DomainFamily.Rule variant : variants) {
      Outcome v = measure(variant, index, families, null);
      report.append("variant ").append(variant).append(": ").append(v.line()).append(", wrong in ")
          .append(new TreeSet<>(v.wrong().stream().map(w -> w.substring(0, w.indexOf('/'))).toList())).append('\n');
    }
    Path out = Path.of("target", "domain-rule.txt");
    Files.createDirectories(out.getParent());
    Files.writeString(out, report);
    // What the rule was shaped for: no prediction for a new group under a domain unrelated projects share.
    for (String shared : SHARED) {
      assertTrue(DomainFamily.of(DomainFamily.RULE, index, families, "new-group." + shared, PATH).isEmpty(),
          shared + "\n" + report);
    }
    // Every prediction is metav1 (the one family with a signature), and each is counted once.
    assertTrue(outcome.predicted() >= outcome.predictedKinds() && outcome.predictedKinds() >= outcome.predictedGroups());
    assertEquals(outcome.present(), outcome.right() + outcome.wrong().size());
  }

  private static final CrdIndex FIXTURE =
      CrdIndex.fromClasspath(DomainRuleMeasurementTest.class.getClassLoader(), "contract/domain-index");

  @Test
  void theRulePredictsWhereThreeGroupsFromTwoSourcesAgreeAndNamesThem() {
    DomainFamily.Agreement agreed = DomainFamily.of(DomainFamily.RULE, FIXTURE, Catalogue.builtIn().families(),
        "new.vendor.io", PATH).orElseThrow();

    assertEquals("the 3 other API groups under vendor.io in the bundled CRD index (example/one@1111111,"
        + " example/two@2222222) all use metav1.Condition at status.conditions", agreed.evidence(PATH));
    // Leaving a group out: its own group is not among the others, so two are left, too few.
    assertEquals("too few groups: 2 of 2 under vendor.io have the list", DomainFamily.judge(DomainFamily.RULE,
        FIXTURE, Catalogue.builtIn().families(), "a.vendor.io", PATH).declined());
  }

  @Test
  void theRuleDeclinesForOneSourceAMixedDomainTooFewGroupsAndATopLevelDomain() {
    Map<String, ConditionFamily> families = Catalogue.builtIn().families();
    assertEquals("too few sources: [example/one@1111111]",
        DomainFamily.judge(DomainFamily.RULE, FIXTURE, families, "new.single.io", PATH).declined());
    assertEquals("mixed: c.mixed.io/Widget v1 unrecognised vs metav1 (example/two@2222222)",
        DomainFamily.judge(DomainFamily.RULE, FIXTURE, families, "new.mixed.io", PATH).declined());
    assertEquals("too few groups: 2 of 2 under pair.io have the list",
        DomainFamily.judge(DomainFamily.RULE, FIXTURE, families, "new.pair.io", PATH).declined());
    assertEquals("no domain of 2+ labels",
        DomainFamily.judge(DomainFamily.RULE, FIXTURE, families, "vendor.io", PATH).declined());
    assertEquals(Optional.of("b.vendor.io"), DomainFamily.RULE.domain("a.b.vendor.io"));
    assertEquals(Optional.of("vendor.io"), new DomainFamily.Rule(3, 2, 2, true).domain("a.b.vendor.io"));
  }
}
