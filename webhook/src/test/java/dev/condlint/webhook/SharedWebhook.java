package dev.condlint.webhook;

import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One webhook with the test rules for all the tests of a class: started before the first, shut down
 * after the last. A class registers it as a static field with {@code @RegisterExtension}.
 */
final class SharedWebhook implements BeforeAllCallback, AfterAllCallback {
  private final WebhookOptions options;
  private TestWebhooks.Running running;

  SharedWebhook(WebhookOptions options) {
    this.options = options;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    running = TestWebhooks.start(options);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    // A start that failed has nothing to shut down; its own error is the one to report.
    if (running != null) {
      TestWebhooks.await(running.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  int port() {
    return running.port();
  }

  /** GET {@code path} on the plain-HTTP probe port. */
  HttpResponse<String> probe(String path) {
    return running.probe(path);
  }
}
