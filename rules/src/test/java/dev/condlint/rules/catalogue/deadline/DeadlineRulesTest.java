package dev.condlint.rules.catalogue.deadline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.condlint.model.Finding;
import dev.condlint.model.Severity;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.config.InvalidOptionException;
import dev.condlint.rules.config.RuleOptions;
import dev.condlint.rules.testing.Configs;
import dev.condlint.rules.testing.RuleExample;
import dev.condlint.rules.testing.RuleRun;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The deadline rules at their edges: just inside and outside, none, the annotation, bad durations. */
class DeadlineRulesTest {
  private static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private static List<Finding> run(String ruleId, Config config, String yaml) {
    return RuleRun.of(ruleId).config(config).now(NOW).findings(yaml);
  }

  private static List<String> messages(String ruleId, Config config, String yaml) {
    return run(ruleId, config, yaml).stream().map(Finding::message).toList();
  }

  private static Config deadline(String ruleId, JsonNode value) {
    return Configs.withRuleOptions(Config.DEFAULT, ruleId, F.objectNode().set(DeadlineRule.KEY, value));
  }

  private static String reconciling(String since, String annotations) {
    return """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
          generation: 3%s
        status:
          observedGeneration: 3
          conditions:
          - type: Reconciling
            status: "True"
            reason: Progressing
            message: "Rolling out"
            lastTransitionTime: "%s"
        """
        .formatted(annotations, since);
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:50:00Z, 0", "2024-05-31T23:49:59Z, 1"})
  void progressDeadlineIsTenMinutesByDefault(String since, int findings) {
    List<Finding> f = run(ProgressDeadlineExceeded.ID, Config.DEFAULT, reconciling(since, ""));
    assertEquals(findings, f.size());
    if (findings == 1) {
      assertEquals(Severity.WARNING, f.get(0).severity());
      assertEquals("/status/conditions/0/lastTransitionTime", f.get(0).pointer());
      assertEquals("13:25", f.get(0).position().orElseThrow().toString());
      assertEquals(
          "Reconciling has been \"True\" since 2024-05-31T23:49:59Z (10m ago), longer than the progress"
              + " deadline of 10m0s. kstatus computes InProgress: Rolling out.",
          f.get(0).message());
    }
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:30:00Z, 0", "2024-05-31T23:29:59Z, 1"})
  void annotationOverridesTheDeadline(String since, int findings) {
    String yaml = reconciling(since, "\n  annotations:\n    condlint.dev/progress-deadline: 30m");
    List<String> expected = findings == 0 ? List.of()
        : List.of("Reconciling has been \"True\" since 2024-05-31T23:29:59Z (30m ago), longer than the progress"
            + " deadline of 30m0s. kstatus computes InProgress: Rolling out.");
    assertEquals(expected, messages(ProgressDeadlineExceeded.ID, Config.DEFAULT, yaml));
  }

  @Test
  void badAnnotationIsReportedAndTheConfiguredDeadlineApplies() {
    String yaml = reconciling("2024-05-31T23:00:00Z", "\n  annotations:\n    condlint.dev/progress-deadline: soon");
    List<Finding> f = run(ProgressDeadlineExceeded.ID, Config.DEFAULT, yaml);
    assertEquals(
        List.of(
            "7:37 warning progress-deadline-exceeded /metadata/annotations/condlint.dev~1progress-deadline",
            "15:25 warning progress-deadline-exceeded /status/conditions/0/lastTransitionTime"),
        RuleRun.lines(f));
    assertEquals(
        List.of(
            "The annotation condlint.dev/progress-deadline is 'soon', which is not a Go duration, so the"
                + " configured progress deadline of 10m0s applies.",
            "Reconciling has been \"True\" since 2024-05-31T23:00:00Z (60m ago), longer than the progress"
                + " deadline of 10m0s. kstatus computes InProgress: Rolling out."),
        f.stream().map(Finding::message).toList());
  }

  @Test
  void configuredDeadlineNoneTurnsTheRuleOff() {
    Config config = deadline(ProgressDeadlineExceeded.ID, F.textNode("none"));
    assertEquals(List.of(), run(ProgressDeadlineExceeded.ID, config, reconciling("2024-01-01T00:00:00Z", "")));
    Config zero = deadline(ProgressDeadlineExceeded.ID, F.numberNode(0));
    assertEquals(List.of(), run(ProgressDeadlineExceeded.ID, zero, reconciling("2024-01-01T00:00:00Z", "")));
  }

  /** A Database without generation, with these conditions (flow mappings, one a line). */
  private static String databaseWith(String... conditions) {
    return "apiVersion: example.com/v1\nkind: Database\nmetadata: {name: orders}\nstatus:\n  conditions:\n"
        + Stream.of(conditions).map(c -> "  - " + c + "\n").collect(Collectors.joining());
  }

  @Test
  void summaryUnknownCountsAsInProgress() {
    String yaml =
        databaseWith(
            "{type: Ready, status: \"Unknown\", reason: Pending, message: \"Waiting\", lastTransitionTime: \"2024-05-31T23:00:00Z\"}");
    assertEquals(
        List.of("Ready has been \"Unknown\" since 2024-05-31T23:00:00Z (60m ago), longer than the progress deadline"
            + " of 10m0s. kstatus computes InProgress: Waiting."),
        messages(ProgressDeadlineExceeded.ID, Config.DEFAULT, yaml));
  }

  @ParameterizedTest
  @ValueSource(strings = {"soon", "-5m", "10", "5 m"})
  void badConfiguredDurationIsAClearError(String value) {
    Config config = deadline(ProgressDeadlineExceeded.ID, F.textNode(value));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> run(ProgressDeadlineExceeded.ID, config, reconciling("2024-05-31T23:00:00Z", "")));
    assertEquals(
        "rules.progress-deadline-exceeded.options.deadline: invalid duration '" + value
            + "': expected Go duration syntax such as 90s, 10m or 1h30m, or none",
        e.getMessage());
  }

  @Test
  void eachRuleReadsItsOwnDeadlineAndNamesTheKeyItRejects() {
    ProgressDeadlineExceeded rule = new ProgressDeadlineExceeded();
    assertEquals(Optional.of(Duration.ofMinutes(90)), deadline(rule, F.objectNode().put(DeadlineRule.KEY, "1h30m")));
    assertEquals(Optional.empty(), deadline(rule, F.objectNode().put(DeadlineRule.KEY, "none")));
    assertEquals(Optional.of(Duration.ofMinutes(10)), deadline(rule, MissingNode.getInstance()));
    assertEquals(Optional.empty(), deadline(new StalledWithoutRecovery(), MissingNode.getInstance()));
    InvalidOptionException e = assertThrows(InvalidOptionException.class,
        () -> deadline(rule, F.objectNode().put(DeadlineRule.KEY, true)));
    assertEquals(DeadlineRule.KEY, e.key());
    assertEquals("invalid duration true: expected Go duration syntax such as 90s, 10m or 1h30m, or none", e.getMessage());
  }

  /** The deadline a rule applies with these options. */
  private static <O extends Record & DeadlineRule.Deadline> Optional<Duration> deadline(
      DeadlineRule<O> rule, JsonNode options) {
    return rule.deadline(RuleOptions.read(rule, options));
  }

  private static String pickup(String lastChange, String status) {
    return """
        apiVersion: example.com/v1
        kind: Database
        metadata:
          name: orders
          generation: 4
          creationTimestamp: "2024-05-01T00:00:00Z"
          managedFields:
          - {manager: kubectl, operation: Update, time: "2024-05-02T00:00:00Z"}
          - {manager: helm, operation: Update, time: "%s"}
        %s
        """
        .formatted(lastChange, status);
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T23:55:00Z, 0", "2024-05-31T23:54:59Z, 1"})
  void pickupDeadlineCountsFromTheNewestManagedFieldsTime(String lastChange, int findings) {
    List<Finding> f =
        run(PickupDeadlineExceeded.ID, Config.DEFAULT, pickup(lastChange, "status: {observedGeneration: 3}"));
    List<String> expected = findings == 0 ? List.of()
        : List.of("10:30 warning pickup-deadline-exceeded /status/observedGeneration status.observedGeneration is 3"
            + " but metadata.generation is 4, and the last change to the object, at 2024-05-31T23:54:59Z (5m1s ago),"
            + " is older than the pickup deadline of 5m0s: no controller has picked up the change.");
    assertEquals(expected, f.stream().map(RuleExample::line).toList());
  }

  @Test
  void objectWithoutStatusIsReportedAtTheObjectWhereItsKindIsKnownToHaveOne() {
    String certificate = pickup("2024-05-31T23:00:00Z", "")
        .replace("apiVersion: example.com/v1\nkind: Database", "apiVersion: cert-manager.io/v1\nkind: Certificate");
    assertEquals(List.of("1:1 warning pickup-deadline-exceeded /status The object has no status, and the last change"
            + " to the object, at 2024-05-31T23:00:00Z (60m ago), is older than the pickup deadline of 5m0s: no"
            + " controller has picked it up."),
        run(PickupDeadlineExceeded.ID, Config.DEFAULT, certificate).stream().map(RuleExample::line).toList());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "status: {observedGeneration: 4}",
        "status: {observedGeneration: 5}",
        "status: {conditions: []}",
      })
  void observedOrUnknowableGenerationIsNotReported(String status) {
    assertEquals(List.of(), run(PickupDeadlineExceeded.ID, Config.DEFAULT, pickup("2024-05-31T23:00:00Z", status)));
  }

  @Test
  void withoutManagedFieldsOnlyAnUnchangedSpecCountsFromCreation() {
    String withoutManagedFields = pickup("2024-05-31T23:00:00Z", "status: {observedGeneration: 0}")
        .replaceAll("(?s)  managedFields:.*?helm.*?\\n", "");
    assertEquals(List.of(), run(PickupDeadlineExceeded.ID, Config.DEFAULT, withoutManagedFields),
        "generation 4 was written at a time nothing records");
    List<Finding> f = run(PickupDeadlineExceeded.ID, Config.DEFAULT,
        withoutManagedFields.replace("generation: 4", "generation: 1"));
    assertEquals(List.of("/status/observedGeneration"), f.stream().map(Finding::pointer).toList());
    assertEquals("status.observedGeneration is 0 but metadata.generation is 1, and the last change to the object,"
            + " at 2024-05-01T00:00:00Z (31d ago), is older than the pickup deadline of 5m0s: no controller has"
            + " picked up the change.",
        f.get(0).message());
  }

  @Test
  void objectsWithoutGenerationOrBeingDeletedAreSkipped() {
    String noGeneration = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, creationTimestamp: \"2024-01-01T00:00:00Z\"}\n";
    assertEquals(List.of(), run(PickupDeadlineExceeded.ID, Config.DEFAULT, noGeneration));
    String deleting =
        pickup("2024-05-31T23:00:00Z", "status: {observedGeneration: 3}")
            .replace("  generation: 4", "  generation: 4\n  deletionTimestamp: \"2024-05-31T23:00:00Z\"");
    assertEquals(List.of(), run(PickupDeadlineExceeded.ID, Config.DEFAULT, deleting));
  }

  private static String stalled(String since) {
    return databaseWith(
        "{type: Stalled, status: \"True\", reason: QuotaExceeded, message: \"Quota exhausted\", lastTransitionTime: \"%s\"}"
            .formatted(since));
  }

  @ParameterizedTest
  @CsvSource({"2024-05-31T22:30:00Z, 0", "2024-05-31T22:29:59Z, 1"})
  void stalledWithoutRecoveryAtItsDeadline(String since, int findings) {
    Config config = deadline(StalledWithoutRecovery.ID, F.textNode("1h30m"));
    List<Finding> f = run(StalledWithoutRecovery.ID, config, stalled(since));
    assertEquals(findings, f.size());
    if (findings == 1) {
      assertEquals(Severity.INFO, f.get(0).severity());
      assertEquals(
          "Stalled has been \"True\" since 2024-05-31T22:29:59Z (90m ago), longer than 1h30m0s, with"
              + " reason 'QuotaExceeded'. kstatus computes Failed: Quota exhausted.",
          f.get(0).message());
    }
  }

  @Test
  void stalledBehindAnEarlierReconcilingSaysWhatKstatusReallyComputes() {
    Config config = deadline(StalledWithoutRecovery.ID, F.textNode("1h"));
    String yaml =
        databaseWith(
            "{type: Reconciling, status: \"True\", reason: Retrying, message: \"Retrying\", lastTransitionTime: \"2024-05-31T23:59:00Z\"}",
            "{type: Stalled, status: \"True\", reason: QuotaExceeded, message: \"Quota exhausted\", lastTransitionTime: \"2024-05-31T20:00:00Z\"}");
    assertEquals(
        List.of(
            "Stalled has been \"True\" since 2024-05-31T20:00:00Z (4h ago), longer than 1h0m0s, with reason"
                + " 'QuotaExceeded'. kstatus computes InProgress: Retrying."),
        run(StalledWithoutRecovery.ID, config, yaml).stream().map(Finding::message).toList());
  }
}
