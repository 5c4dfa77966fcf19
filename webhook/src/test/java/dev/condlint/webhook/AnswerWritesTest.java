package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link AnswerWrites} without a server: answers handed over as promises, the connection a proxy that
 * records what is done to it. The integration cases (a client of window 0, the bound over all
 * connections) are {@link Http2AbuseTest}'s.
 */
class AnswerWritesTest {
  private final Vertx vertx = Vertx.vertx();
  private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
  private final JsonLog log = new JsonLog(new PrintStream(logged, true, StandardCharsets.UTF_8), Clock.systemUTC());
  private final List<String> calls = new CopyOnWriteArrayList<>();
  private final List<ConnectionGuard> guards = new ArrayList<>();

  @AfterEach
  void stop() {
    guards.forEach(ConnectionGuard::stop);
    TestWebhooks.await(vertx.close());
  }

  /** An HTTP/2 connection that records the calls made to it (goAway, close). */
  private HttpConnection connection() {
    return (HttpConnection) Proxy.newProxyInstance(HttpConnection.class.getClassLoader(), new Class<?>[] {HttpConnection.class},
        (proxy, method, args) -> {
          calls.add(method.getName() + (args == null ? "" : List.of(args)));
          return method.getReturnType().isInstance(proxy) ? proxy : null;
        });
  }

  /** A guard that never fires on its own (an hour), with a request in progress so it arms no idle timer. */
  private ConnectionGuard guard(HttpConnection http) {
    ConnectionGuard guard = new ConnectionGuard(vertx, http, Duration.ofHours(1), Duration.ofHours(1), reason -> {});
    guard.requestStarted();
    guards.add(guard);
    return guard;
  }

  /** Vert.x's timer ids count up by one per timer set: the next id, from a timer set and cancelled. */
  private long nextTimerId() {
    long id = vertx.setTimer(3_600_000, x -> {});
    vertx.cancelTimer(id);
    return id + 1;
  }

  /**
   * 1,000 answers waiting at once on one connection, then 1,000 written a moment after they were handed
   * over: Vert.x set one timer for all of them (the connection's sweep). Before, one timer per answer was set
   * (and cancelled once it was written): 2,000.
   */
  @Test
  void theTimersDoNotGrowWithTheAnswers() {
    AnswerWrites writes = new AnswerWrites(vertx, Duration.ofHours(1), Long.MAX_VALUE, new WebhookMetrics(Clock.systemUTC()), log);
    HttpConnection http = connection();
    AnswerWrites.Connection answers = writes.connection(http, guard(http));
    long before = nextTimerId();
    List<Promise<Void>> held = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      Promise<Void> written = Promise.promise();
      answers.answered(100, written.future());
      held.add(written);
    }
    assertEquals(1000 * 100, writes.unwritten());
    held.forEach(Promise::complete);
    for (int i = 0; i < 1000; i++) {
      Promise<Void> written = Promise.promise();
      answers.answered(100, written.future());
      written.complete();
    }
    assertEquals(1, nextTimerId() - 1 - before);
    assertEquals(1, writes.timersSet());
    assertEquals(0, writes.unwritten());
    // An answer written before it was reported counts for nothing and sets no timer.
    answers.answered(100, io.vertx.core.Future.succeededFuture());
    assertEquals(1, writes.timersSet());
    assertEquals(List.of(), calls);
  }

  /**
   * The sweep closes the connection for its oldest answer still unwritten: the first answer was written, the
   * second (200 bytes) not; the connection is closed with GOAWAY ENHANCE_YOUR_CALM once it has waited the
   * timeout (the sweep, armed for the first, is armed again for the second), and the line names it.
   */
  @Test
  void theSweepClosesForTheOldestAnswerStillUnwritten() throws Exception {
    AnswerWrites writes = new AnswerWrites(vertx, Duration.ofMillis(300), Long.MAX_VALUE, new WebhookMetrics(Clock.systemUTC()), log);
    HttpConnection http = connection();
    AnswerWrites.Connection answers = writes.connection(http, guard(http));
    Promise<Void> first = Promise.promise();
    answers.answered(100, first.future());
    Thread.sleep(100);
    answers.answered(200, Promise.<Void>promise().future());
    first.complete();
    Polling.waitUntil(Duration.ofSeconds(10), () -> calls.size() == 2);
    assertEquals(List.of("goAway[11]", "close"), calls);
    log.flush();
    String line = logged.toString(StandardCharsets.UTF_8).strip();
    assertTrue(line.endsWith("\"level\":\"warn\",\"msg\":\"connection closed\",\"reason\":\"unread-answers\",\"unreadBytes\":200,"
        + "\"error\":\"the client let no room for an answer (200 bytes) within 300 ms (HTTP/2 flow control)\"}"), line);
  }

  /** Answers all written: the sweep fires once, finds none waiting, and is not armed again; nothing is closed. */
  @Test
  void aSweepThatFindsNothingWaitingStops() throws Exception {
    AnswerWrites writes = new AnswerWrites(vertx, Duration.ofMillis(50), Long.MAX_VALUE, new WebhookMetrics(Clock.systemUTC()), log);
    HttpConnection http = connection();
    AnswerWrites.Connection answers = writes.connection(http, guard(http));
    Promise<Void> written = Promise.promise();
    answers.answered(100, written.future());
    written.complete();
    Thread.sleep(500);
    assertEquals(1, writes.timersSet());
    assertEquals(List.of(), calls);
    // The next answer not written at once arms it again.
    answers.answered(100, Promise.<Void>promise().future());
    assertEquals(2, writes.timersSet());
    writes.closed(answers);
  }
}
