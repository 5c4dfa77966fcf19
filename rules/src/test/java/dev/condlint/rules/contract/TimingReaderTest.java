package dev.condlint.rules.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.catalogue.Ruleset;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A catalogue entry's timing: read with its defaults and citations, or each mistake at its pointer. */
class TimingReaderTest {
  private static ContractSpecReader.Result read(String json) throws Exception {
    JsonNode entries = new ObjectMapper().readTree(json);
    return ContractSpecReader.forCatalogue(Ruleset.builtIn().catalogue().families())
        .read(entries, "", i -> new ContractBasis(ContractBasis.Source.CATALOGUE, "test"));
  }

  @Test
  void aLandscaperTimingHasADefaultForEachOfItsTimeouts() throws Exception {
    ContractSpecReader.Result r = read("""
        [{"group": "example.com", "kinds": ["Item"], "timing": {"model": "landscaper-deploy-item",
          "deadlines": {"pickup": "30s", "progressingDefault": "none", "abort": "1h"},
          "fields": [{"path": "status.jobID", "go": "JobID string", "doc": "The job."}], "source": "x.go@1"}}]
        """);
    assertEquals(List.of(), r.problems());
    Timing t = r.specs().get(0).timing().orElseThrow();
    assertEquals(Optional.of(Duration.ofSeconds(30)), t.deadline("pickup", Map.of()));
    assertEquals(Optional.empty(), t.deadline("progressingDefault", Map.of()));
    assertEquals(Optional.of(Duration.ofMinutes(5)), t.deadline("pickup", Map.of("pickup", Optional.of(Duration.ofMinutes(5)))));
    assertEquals(List.of(new Timing.FieldCitation("status.jobID", "JobID string", "The job.")), t.fields());
  }

  @Test
  void eachMistakeInATimingIsAProblemAtItsPointer() throws Exception {
    assertEquals(
        List.of(
            "/0/timing/model 'cron' is not a timing model (landscaper-deploy-item, arc-ephemeral-runner)",
            "/1/timing/deadlines/abort expected a Go duration or none, found ",
            "/1/timing/fields every field names its path, its Go field (go) and its doc comment",
            "/1/timing/source a timing names the upstream files it was read from",
            "/2/timing/backoff/1 invalid duration 'soon': expected Go duration syntax such as 90s, 10m or 1h30m, or none",
            "/2/timing/backoff a backoff needs one step per failure count from 0 to maxFailures (maxFailures 5, 2 steps)"),
        read("""
            [{"group": "a.example.com", "timing": {"model": "cron"}},
             {"group": "b.example.com", "timing": {"model": "landscaper-deploy-item",
               "deadlines": {"pickup": "5m", "progressingDefault": "10m"}, "fields": [{"path": "status.jobID"}]}},
             {"group": "c.example.com", "timing": {"model": "arc-ephemeral-runner", "backoff": ["0s", "soon"],
               "maxFailures": 5, "fields": [], "source": "y.go@2"}}]
            """).problems().stream().map(p -> p.pointer() + " " + p.message()).toList());
  }
}
