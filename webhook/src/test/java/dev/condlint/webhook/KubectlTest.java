package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.admission.Reviews;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kubectl, a real Go TLS client (HTTP/2 via ALPN), posts a review the way the documentation shows. */
class KubectlTest {

  static boolean kubectlOnPath() {
    String path = System.getenv().getOrDefault("PATH", "");
    return java.util.Arrays.stream(path.split(File.pathSeparator))
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, "kubectl")));
  }

  @Test
  void kubectlCreateRawValidate(@TempDir Path dir) throws Exception {
    assumeTrue(kubectlOnPath(), "kubectl is not on PATH; skipping the kubectl client test");
    TestWebhooks.Running server = TestWebhooks.start(WebhookOptions.selfSigned(0));
    try {
      Path review = dir.resolve("review.json");
      Files.writeString(review, widgetReview("UPDATE", "status", widget("False", "synced", "2024-05-01T08:00:00Z"),
          widget("True", "synced", "2024-05-01T08:00:00Z")).toString());
      Process kubectl = new ProcessBuilder("kubectl", "create", "--raw", "/validate", "-f", review.toString(),
              "--server", "https://127.0.0.1:" + server.port(), "--insecure-skip-tls-verify", "--token=dummy")
          .redirectInput(new File("/dev/null"))
          .redirectErrorStream(false)
          .start();
      if (!kubectl.waitFor(60, TimeUnit.SECONDS)) {
        kubectl.destroyForcibly();
        throw new AssertionError("kubectl did not finish within 60 s");
      }
      String out = new String(kubectl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(kubectl.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, kubectl.exitValue(), err);
      JsonNode response = Reviews.json(out);
      assertEquals("705ab4f5-6393-11e8-b7cc-42010a800002", response.path("response").path("uid").asText());
      assertEquals(true, response.path("response").path("allowed").asBoolean());
      assertEquals(3, response.path("response").path("warnings").size());
    } finally {
      await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
