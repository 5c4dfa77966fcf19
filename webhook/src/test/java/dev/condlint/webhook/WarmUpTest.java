package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.admission.Admission;
import dev.condlint.admission.AdmissionMode;
import dev.condlint.admission.Decision;
import dev.condlint.admission.ReviewDecoder;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmUpTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** 8 s: long enough that the first probe, just after the server listens, falls in it on a loaded machine. */
  @Test
  void aWebhookWarmingUpServesButIsNotReadyUntilItHasDecidedItsSamples() throws Exception {
    TestWebhooks.Running server = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0).withWarmUp(Duration.ofSeconds(8)));
    try {
      HttpResponse<String> readyz = server.probe("/readyz");
      assertEquals(503, readyz.statusCode());
      assertEquals("not ready: warming up (deciding sample reviews for 8s)", readyz.body());
      // It answers meanwhile (the API server sends nothing until it is ready, a direct client may).
      HttpClient client = HttpClient.newBuilder().sslContext(TestWebhooks.trustingAnyServer()).build();
      HttpResponse<String> answer = client.send(HttpRequest.newBuilder(
              URI.create("https://127.0.0.1:" + server.webhook().port() + "/validate"))
          .header("content-type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofByteArray(WarmUp.samples().get(0))).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, answer.statusCode());
      assertEquals("{\"uid\":\"warm-up-1\",\"allowed\":true}", JSON.readTree(answer.body()).path("response").toString());
      Polling.eventually(Duration.ofSeconds(30), () -> server.probe("/readyz").statusCode(), code -> code == 200);
      assertEquals("ok", server.probe("/readyz").body());
      List<JsonNode> warmed = new ArrayList<>();
      for (String line : server.logLines()) {
        JsonNode json = JSON.readTree(line);
        if (json.path("msg").asText().equals("warmed up")) {
          warmed.add(json);
        }
      }
      assertEquals(1, warmed.size(), String.join("\n", server.logLines()));
      assertTrue(warmed.get(0).path("reviews").asInt() >= 4, warmed.get(0).toString());
      assertTrue(warmed.get(0).path("durationMs").asLong() >= 8000, warmed.get(0).toString());
    } finally {
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  @Test
  void withoutAWarmUpTheWebhookIsReadyAtOnceAndDecidesNoSample() throws Exception {
    TestWebhooks.Running server = TestWebhooks.startBuiltIn(WebhookOptions.selfSigned(0));
    try {
      assertEquals(200, server.probe("/readyz").statusCode());
      assertTrue(server.logLines().stream().noneMatch(l -> l.contains("warmed up")), String.join("\n", server.logLines()));
    } finally {
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /** The samples are reviews as the API server sends them, and the last one takes the finding paths too. */
  @Test
  void theSamplesAreStatusUpdatesThatTheRulesDecide() throws Exception {
    Admission admission = new Admission(new Engine(Ruleset.builtIn(), Config.DEFAULT), AdmissionMode.WARN,
        Clock.fixed(Instant.parse("2026-11-29T00:00:00Z"), ZoneOffset.UTC));
    List<String> decided = new ArrayList<>();
    for (byte[] review : WarmUp.samples()) {
      Decision d = admission.decide(admission.decoder().decode(ReviewDecoder.Source.of(review)).request());
      decided.add(d.request().uid() + " " + d.outcome().label() + " " + d.evaluation().label() + " "
          + d.findingCount() + " " + d.ruleIds());
    }
    assertEquals(List.of(
        "warm-up-1 allow status 0 []",
        "warm-up-2 allow status 0 []",
        "warm-up-3 allow status 0 []",
        "warm-up-4 warn status 4 [transition-time-bumped-on-status-change, condition-status-value,"
            + " condition-last-transition-time-format, condition-reason-format]"),
        decided);
  }
}
