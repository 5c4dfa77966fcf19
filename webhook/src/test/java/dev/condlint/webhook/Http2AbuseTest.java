package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.admission.AdmissionMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HTTP/2 abuse on the admission port, frame by frame over TLS with ALPN h2 ({@link Http2Frames}): rapid
 * reset (CVE-2023-44487), streams beyond SETTINGS_MAX_CONCURRENT_STREAMS, a CONTINUATION flood
 * (CVE-2024-27316-style), a header list over the limit, an HPACK bomb, and a client that lets no answer
 * through (a window of 0, then WINDOW_UPDATEs of one byte). Each is ended or bounded, by Vert.x's and
 * Netty's guards or by the webhook's own, and another client is served afterwards; no line at level error
 * is logged, and none carries what the client sent.
 */
class Http2AbuseTest {
  private static final int NO_ERROR = 0x0;
  private static final int PROTOCOL_ERROR = 0x1;
  private static final int REFUSED_STREAM = 0x7;
  private static final int CANCEL = 0x8;
  private static final int ENHANCE_YOUR_CALM = 0xb;
  private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
  private static final byte[] REVIEW = HostileClientsTest.REVIEW.getBytes(StandardCharsets.UTF_8);
  private static final String SECRET = "hunter2";
  private static TestWebhooks.Running server;
  // --read-timeout 1 s (an answer must be let through by then), --idle-timeout 2 s.
  private static TestWebhooks.Running quick;
  // --max-inflight-bytes 3 MiB: answers may wait unread for 192 KiB on all connections together.
  private static TestWebhooks.Running bounded;
  // --body-stall-timeout 300 ms: a stream whose body does not come is answered 408 and reset soon.
  private static TestWebhooks.Running stalling;

  @BeforeAll
  static void start() {
    server = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE));
    quick = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withConnectionTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(2)));
    bounded = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE).withMaxInflightBytes(3 * 1024 * 1024));
    stalling = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE)
        .withBodyStallTimeout(Duration.ofMillis(300)));
  }

  @AfterAll
  static void stop() {
    try {
      for (TestWebhooks.Running running : List.of(server, quick, bounded, stalling)) {
        for (String line : running.logLines()) {
          assertFalse(line.contains(SECRET), line);
          assertFalse(line.contains("\"level\":\"error\""), line);
        }
      }
    } finally {
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
      TestWebhooks.await(quick.webhook().shutdown(Duration.ofSeconds(5)));
      TestWebhooks.await(bounded.webhook().shutdown(Duration.ofSeconds(5)));
      TestWebhooks.await(stalling.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /** Requests the admission port has routed so far. */
  static long served(TestWebhooks.Running server) {
    return server.probe("/metrics").body().lines().filter(l -> l.startsWith("condlint_admission_eventloop_requests_total"))
        .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
  }

  /** Reads the server's first SETTINGS and acknowledges it (and its second). */
  static void ackSettings(Http2Frames h2) throws IOException {
    int acked = 0;
    while (acked < 2) {
      Http2Frames.Frame f = h2.read();
      if (f.type() == Http2Frames.SETTINGS && (f.flags() & Http2Frames.ACK) == 0) {
        h2.write(Http2Frames.SETTINGS, Http2Frames.ACK, 0, new byte[0]);
        acked++;
      }
    }
  }

  /** Frames until a GOAWAY, the end of the connection, or {@code wait} without a frame. */
  static List<Http2Frames.Frame> readAll(Http2Frames h2, Duration wait) throws IOException {
    List<Http2Frames.Frame> frames = new ArrayList<>();
    h2.socket().setSoTimeout((int) wait.toMillis());
    try {
      while (true) {
        Http2Frames.Frame f = h2.read();
        frames.add(f);
        if (f.type() == Http2Frames.GOAWAY) {
          return frames;
        }
      }
    } catch (SocketTimeoutException e) {
      frames.add(null);
      return frames;
    } catch (IOException closed) {
      return frames;
    }
  }

  static String summary(List<Http2Frames.Frame> frames) {
    java.util.Map<String, Integer> counts = new java.util.TreeMap<>();
    String goaway = "none";
    for (Http2Frames.Frame f : frames) {
      if (f == null) {
        counts.merge("TIMEOUT", 1, Integer::sum);
        continue;
      }
      String key = f.type() + (f.type() == Http2Frames.RST_STREAM ? "/" + f.errorCode() : "")
          + (f.type() == Http2Frames.HEADERS ? "/" + f.status() : "");
      counts.merge(key, 1, Integer::sum);
      if (f.type() == Http2Frames.GOAWAY) {
        goaway = "last " + f.lastStreamId() + " code " + f.errorCode() + " "
            + new String(f.payload(), 8, f.payload().length - 8, StandardCharsets.UTF_8);
      }
    }
    return counts + " goaway " + goaway;
  }

  /** Another client, over HTTP/1.1 on a connection of its own, gets the review's denial (not a 503). */
  static void anotherClientIsServed(TestWebhooks.Running server) throws Exception {
    try (HostileClientsTest.RawConnection c = new HostileClientsTest.RawConnection(server.port())) {
      assertEquals(new HostileClientsTest.Answer(200, HostileClientsTest.DENIED), c.send(("POST /validate HTTP/1.1\r\nHost: w\r\n"
          + "Content-Type: application/json\r\nContent-Length: " + REVIEW.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1))
          .send(REVIEW).read());
    }
  }

  /** The GOAWAY among {@code frames}; fails when there is none. */
  static Http2Frames.Frame goAway(List<Http2Frames.Frame> frames) {
    Http2Frames.Frame last = frames.isEmpty() ? null : frames.get(frames.size() - 1);
    assertNotNull(last, "no frame at all");
    assertEquals(Http2Frames.GOAWAY, last.type(), summary(frames));
    return last;
  }

  static String debugData(Http2Frames.Frame goAway) {
    return new String(goAway.payload(), 8, goAway.payload().length - 8, StandardCharsets.UTF_8);
  }

  /** The RST_STREAMs among {@code frames}: how many of each error code. */
  static Map<Integer, Integer> resets(List<Http2Frames.Frame> frames) {
    Map<Integer, Integer> codes = new TreeMap<>();
    frames.stream().filter(f -> f != null && f.type() == Http2Frames.RST_STREAM).forEach(f -> codes.merge(f.errorCode(), 1, Integer::sum));
    return codes;
  }

  /** The streams answered, by status. */
  static Map<String, Integer> statuses(List<Http2Frames.Frame> frames) {
    Map<String, Integer> statuses = new TreeMap<>();
    frames.stream().filter(f -> f != null && f.type() == Http2Frames.HEADERS).forEach(f -> statuses.merge(f.status(), 1, Integer::sum));
    return statuses;
  }

  /**
   * Rapid reset: 1,000 streams opened and reset at once (HEADERS of a POST, RST_STREAM CANCEL). Netty's
   * guard, which Vert.x sets (200 resets received in 30 s), ends the connection after the 200th: the server
   * routed at most 201 of the requests.
   */
  @Test
  void aRapidResetEndsTheConnection() throws Exception {
    long before = served(server);
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      ackSettings(h2);
      h2.hold();
      for (int i = 0; i < 1000; i++) {
        int stream = 1 + 2 * i;
        h2.write(Http2Frames.HEADERS, Http2Frames.END_HEADERS, stream, Http2Frames.postBlock("/validate", 1000, "x-user", SECRET));
        h2.write(Http2Frames.RST_STREAM, 0, stream, Http2Frames.errorCode(CANCEL));
      }
      h2.flush();
      Http2Frames.Frame goAway = goAway(readAll(h2, Duration.ofSeconds(10)));
      assertEquals(ENHANCE_YOUR_CALM, goAway.errorCode());
      assertEquals("Maximum number of RST frames reached", debugData(goAway));
    }
    long routed = served(server) - before;
    assertTrue(routed <= 201, routed + " requests routed");
    anotherClientIsServed(server);
  }

  /**
   * 300 streams opened at once after the client acknowledged the limit of 100: the 200 past it are
   * refused (RST_STREAM REFUSED_STREAM) and never routed, the connection stays up, and the 100 get 408
   * when their bodies do not come.
   */
  @Test
  void streamsPastTheLimitAreRefused() throws Exception {
    long before = served(quick);
    try (Http2Frames h2 = new Http2Frames(quick.port())) {
      ackSettings(h2);
      h2.hold();
      for (int i = 0; i < 300; i++) {
        h2.write(Http2Frames.HEADERS, Http2Frames.END_HEADERS, 1 + 2 * i, Http2Frames.postBlock("/validate", 1000));
      }
      h2.flush();
      List<Http2Frames.Frame> frames = readUntil(h2, Duration.ofSeconds(10), f -> resets(f).getOrDefault(CANCEL, 0) == 100);
      assertEquals(Map.of(REFUSED_STREAM, 200, CANCEL, 100), resets(frames));
      assertEquals(Map.of("408", 100), statuses(frames));
      assertEquals(100, served(quick) - before);
      h2.write(Http2Frames.PING, 0, 0, "abcdefgh".getBytes(StandardCharsets.US_ASCII));
      List<Http2Frames.Frame> after = readUntil(h2, Duration.ofSeconds(10), f -> f.stream().anyMatch(x -> x != null
          && x.type() == Http2Frames.PING));
      assertTrue(after.stream().noneMatch(f -> f != null && f.type() == Http2Frames.GOAWAY), summary(after));
    }
    anotherClientIsServed(quick);
  }

  /**
   * A client that never acknowledges the server's SETTINGS (so Netty holds it to no stream limit) and sends
   * a review every 100 ms: the connection is closed with GOAWAY SETTINGS_TIMEOUT once --read-timeout (1 s
   * here) has passed without the acknowledgement. Before, it was served for as long as it sent.
   */
  @Test
  void aClientThatNeverAcknowledgesTheSettingsIsClosed() throws Exception {
    int from = quick.logLines().size();
    List<Http2Frames.Frame> frames = new ArrayList<>();
    try (Http2Frames h2 = new Http2Frames(quick.port())) {
      for (int i = 0; i < 30 && frames.stream().noneMatch(f -> f != null && f.type() == Http2Frames.GOAWAY); i++) {
        try {
          h2.post(1 + 2 * i, "/validate", REVIEW);
        } catch (IOException closed) {
          break;
        }
        frames.addAll(readAll(h2, Duration.ofMillis(100)));
        frames.removeIf(f -> f == null);
      }
      frames.addAll(readAll(h2, Duration.ofSeconds(5)));
    }
    assertEquals(0x4, goAway(frames).errorCode(), summary(frames));
    assertTrue(quick.logLines().subList(from, quick.logLines().size()).stream().anyMatch(l -> l.endsWith("\"level\":\"warn\","
        + "\"msg\":\"connection closed\",\"reason\":\"settings-timeout\",\"error\":\"the client did not acknowledge the server's"
        + " SETTINGS within 1000 ms\"}")), quick.logLines().toString());
    anotherClientIsServed(quick);
  }

  /**
   * A CONTINUATION flood: a HEADERS frame without END_HEADERS, then 100,000 empty CONTINUATION frames.
   * Vert.x's guard (HttpServerOptions.http2MaxSmallContinuationFrames, 16) ends the connection at the
   * 17th; before that Netty buffered nothing.
   */
  @Test
  void aFloodOfEmptyContinuationsEndsTheConnection() throws Exception {
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      ackSettings(h2);
      h2.hold();
      h2.write(Http2Frames.HEADERS, 0, 1, Arrays.copyOf(Http2Frames.postBlock("/validate", 1000), 10));
      for (int i = 0; i < 100_000; i++) {
        h2.write(Http2Frames.CONTINUATION, 0, 1, new byte[0]);
      }
      flushUnlessClosed(h2);
      Http2Frames.Frame goAway = goAway(readAll(h2, Duration.ofSeconds(10)));
      assertEquals(ENHANCE_YOUR_CALM, goAway.errorCode());
      assertEquals("Number of small consecutive continuations frames 16 exceeds maximum: 16", debugData(goAway));
    }
    anotherClientIsServed(server);
  }

  /**
   * CONTINUATION frames of 16 KiB each, 16 MiB in all: Netty stops buffering the header block at 10,240
   * bytes (SETTINGS_MAX_HEADER_LIST_SIZE, 8,192, and a quarter more) and ends the connection.
   */
  @Test
  void aFloodOfLargeContinuationsEndsTheConnection() throws Exception {
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      ackSettings(h2);
      h2.write(Http2Frames.HEADERS, 0, 1, Http2Frames.postBlock("/validate", 1000));
      byte[] fragment = new byte[16_384];
      Arrays.fill(fragment, (byte) 0x40);
      try {
        for (int i = 0; i < 1000; i++) {
          h2.write(Http2Frames.CONTINUATION, 0, 1, fragment);
        }
      } catch (IOException closed) {
        // the server closed the connection under the flood
      }
      Http2Frames.Frame goAway = goAway(readAll(h2, Duration.ofSeconds(10)));
      assertEquals(PROTOCOL_ERROR, goAway.errorCode());
      assertEquals("Header size exceeded max allowed size (10240)", debugData(goAway));
    }
    anotherClientIsServed(server);
  }

  /** A header block of {@code size} bytes of one header's value, in HEADERS and CONTINUATION frames of 16 KiB. */
  private static void hugeHeaders(Http2Frames h2, int stream, int size) throws IOException {
    byte[] block = Http2Frames.postBlock("/validate", 2, "x-big", SECRET + "a".repeat(size));
    int at = 0;
    while (at < block.length) {
      int n = Math.min(16_384, block.length - at);
      h2.write(at == 0 ? Http2Frames.HEADERS : Http2Frames.CONTINUATION, at + n == block.length ? Http2Frames.END_HEADERS : 0,
          stream, Arrays.copyOfRange(block, at, at + n));
      at += n;
    }
  }

  /**
   * A header list over SETTINGS_MAX_HEADER_LIST_SIZE (8,192) but under Netty's limit for the connection:
   * that stream is answered 431 and reset, and the connection serves the next; over 10,240 bytes the
   * connection is ended.
   */
  @Test
  void aHeaderListOverTheLimitIsRefused() throws Exception {
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      ackSettings(h2);
      h2.hold();
      hugeHeaders(h2, 1, 9_000);
      h2.post(3, "/validate", REVIEW);
      h2.flush();
      List<Http2Frames.Frame> frames = readUntil(h2, Duration.ofSeconds(10), f -> statuses(f).containsKey("200"));
      assertEquals(Map.of("431", 1, "200", 1), statuses(frames));
    }
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      ackSettings(h2);
      h2.hold();
      hugeHeaders(h2, 1, 100_000);
      flushUnlessClosed(h2);
      Http2Frames.Frame goAway = goAway(readAll(h2, Duration.ofSeconds(10)));
      assertEquals(PROTOCOL_ERROR, goAway.errorCode());
      assertEquals("Header size exceeded max allowed size (10240)", debugData(goAway));
    }
    anotherClientIsServed(server);
  }

  /**
   * An HPACK bomb: a 4,000-byte header enters the dynamic table on one stream, and the next stream's header
   * block names it 10,000 times (one byte each, 40 MB decoded). Netty counts the decoded size against the
   * header list limit, builds none of it past the limit, and answers 431; the connection serves the next.
   */
  @Test
  void anHpackBombIsRefused() throws Exception {
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      ackSettings(h2);
      ByteArrayOutputStream first = new ByteArrayOutputStream();
      first.writeBytes(Http2Frames.postBlock("/validate", REVIEW.length));
      Http2Frames.indexedHeader(first, "x-bomb", SECRET + "b".repeat(4_000));
      h2.hold();
      h2.write(Http2Frames.HEADERS, Http2Frames.END_HEADERS, 1, first.toByteArray());
      h2.write(Http2Frames.DATA, Http2Frames.END_STREAM, 1, REVIEW);
      ByteArrayOutputStream second = new ByteArrayOutputStream();
      second.writeBytes(Http2Frames.postBlock("/validate", REVIEW.length));
      for (int i = 0; i < 10_000; i++) {
        Http2Frames.integer(second, 0x80, 7, 62);
      }
      h2.write(Http2Frames.HEADERS, Http2Frames.END_HEADERS, 3, second.toByteArray());
      h2.write(Http2Frames.DATA, Http2Frames.END_STREAM, 3, REVIEW);
      h2.post(5, "/validate", REVIEW);
      h2.flush();
      List<Http2Frames.Frame> frames = readUntil(h2, Duration.ofSeconds(10), f -> statuses(f).getOrDefault("200", 0) == 2);
      assertEquals(Map.of("200", 2, "431", 1), statuses(frames));
      assertTrue(frames.stream().noneMatch(f -> f != null && f.type() == Http2Frames.GOAWAY), summary(frames));
    }
    anotherClientIsServed(server);
  }

  /**
   * A client that lets no answer through: its SETTINGS_INITIAL_WINDOW_SIZE is 0, it sends 50 reviews, then a
   * WINDOW_UPDATE of one byte on each stream every 100 ms. Each answer's HEADERS goes out, its DATA waits in
   * Netty for the window, a byte at a time; once an answer has waited --read-timeout (1 s here) the
   * connection is closed with GOAWAY ENHANCE_YOUR_CALM, which drops what Netty held. Before, the answers
   * counted as done once handed to Netty: they waited, their streams open, for as long as the client kept
   * the connection busy (the idle timeout closed it only once no request was in progress).
   */
  @Test
  void answersLetThroughAByteAtATimeEndTheConnection() throws Exception {
    int from = quick.logLines().size();
    try (Http2Frames h2 = new Http2Frames(quick.port(), Http2Frames.setting(SETTINGS_INITIAL_WINDOW_SIZE, 0))) {
      ackSettings(h2);
      h2.hold();
      for (int i = 0; i < 50; i++) {
        h2.post(1 + 2 * i, "/validate", REVIEW);
      }
      h2.flush();
      // A byte on each stream every 100 ms, for three times the read timeout.
      for (int round = 0; round < 30; round++) {
        h2.hold();
        for (int i = 0; i < 50; i++) {
          h2.write(Http2Frames.WINDOW_UPDATE, 0, 1 + 2 * i, Http2Frames.increment(1));
        }
        h2.write(Http2Frames.WINDOW_UPDATE, 0, 0, Http2Frames.increment(50));
        flushUnlessClosed(h2);
        Thread.sleep(100);
      }
      List<Http2Frames.Frame> frames = readAll(h2, Duration.ofSeconds(10));
      assertEquals(Map.of("200", 50), statuses(frames));
      assertEquals(ENHANCE_YOUR_CALM, goAway(frames).errorCode());
    }
    anotherClientIsServed(quick);
    List<String> closed = quick.logLines().subList(from, quick.logLines().size()).stream()
        .filter(l -> l.contains("\"msg\":\"connection closed\"")).toList();
    assertEquals(1, closed.size(), closed.toString());
    assertTrue(closed.get(0).endsWith("\"level\":\"warn\",\"msg\":\"connection closed\",\"reason\":\"unread-answers\","
        + "\"unreadBytes\":" + 50 * (HostileClientsTest.DENIED.length() + AnswerWrites.HEADERS_BYTES) + ",\"error\":\"the client"
        + " let no room for an answer (" + (HostileClientsTest.DENIED.length() + AnswerWrites.HEADERS_BYTES) + " bytes) within"
        + " 1000 ms (HTTP/2 flow control)\"}"), closed.get(0));
  }

  /**
   * Answers waiting unread on all connections together hold at most a sixteenth of --max-inflight-bytes
   * (192 KiB here): two connections of window 0 with 100 answers each pass it, and the one holding the most
   * is closed at once (GOAWAY ENHANCE_YOUR_CALM).
   */
  @Test
  void unreadAnswersOverTheBoundCloseTheConnectionHoldingTheMost() throws Exception {
    try (Http2Frames first = new Http2Frames(bounded.port(), Http2Frames.setting(SETTINGS_INITIAL_WINDOW_SIZE, 0));
        Http2Frames second = new Http2Frames(bounded.port(), Http2Frames.setting(SETTINGS_INITIAL_WINDOW_SIZE, 0))) {
      ackSettings(first);
      ackSettings(second);
      first.hold();
      for (int i = 0; i < 100; i++) {
        first.post(1 + 2 * i, "/validate", REVIEW);
      }
      first.flush();
      assertEquals(Map.of("200", 100), statuses(readUntil(first, Duration.ofSeconds(10), f -> statuses(f).getOrDefault("200", 0) == 100)));
      second.hold();
      for (int i = 0; i < 100; i++) {
        second.post(1 + 2 * i, "/validate", REVIEW);
      }
      second.flush();
      Http2Frames.Frame goAway = goAway(readAll(first, Duration.ofSeconds(10)));
      assertEquals(ENHANCE_YOUR_CALM, goAway.errorCode());
    }
    assertTrue(bounded.probe("/metrics").body().contains("condlint_connections_closed_total{reason=\"unread-answers\",} 1.0"));
    anotherClientIsServed(bounded);
  }

  /**
   * The guard on resets the server SENDS (Netty's {@code Http2MaxRstFrameLimitEncoder}, 200 in 30 s, codes
   * other than NO_ERROR and CANCEL) counts a reset the client never sees: when a stream is reset while its
   * answer's DATA still waits in Netty's flow controller (the client's window is 0), the flow controller drops
   * that DATA and reports the stream as failed, and Netty "resets" it with STREAM_CLOSED, on a stream
   * already reset (no frame goes out) but counted. condlint's own resets here are CANCEL (a 408 for a body that
   * stalls), which the guard does not count; each of them on an answer held by flow control costs one
   * STREAM_CLOSED in the count. Batches of 100 streams whose bodies never come, on a connection whose
   * windows are 0: after two batches (200), the third batch's first ends the connection, GOAWAY
   * ENHANCE_YOUR_CALM "Maximum number 200 of RST frames frames reached within 30 seconds". The same batches
   * with the default window (the answers written before the reset): 300 resets, the connection stays up.
   * This was hostile19's unexplained firing (1,000 streams before the SETTINGS' acknowledgement: the 503s
   * past 65,535 bytes of answers waited for the connection's window, and the read timeout reset them).
   */
  @Test
  void resetsOfAnswersHeldByFlowControlCountAgainstTheSentResetGuard() throws Exception {
    assertEquals(List.of(100, 100), stallBatches(0, 3));
    assertEquals(List.of(100, 100, 100), stallBatches(65_535, 3));
    anotherClientIsServed(stalling);
  }

  /**
   * Up to {@code batches} batches of 100 streams (HEADERS of a POST, no body) on one connection whose stream
   * window is {@code window}, each answered 408 and reset CANCEL when the body stalls; the CANCELs of each
   * batch that completed. A GOAWAY ends it: it must be the sent-reset guard's; when none came, the
   * connection still answers a PING.
   */
  private static List<Integer> stallBatches(int window, int batches) throws Exception {
    List<Integer> cancelled = new ArrayList<>();
    try (Http2Frames h2 = new Http2Frames(stalling.port(), Http2Frames.setting(SETTINGS_INITIAL_WINDOW_SIZE, window))) {
      ackSettings(h2);
      for (int batch = 0; batch < batches; batch++) {
        h2.hold();
        for (int i = 0; i < 100; i++) {
          h2.write(Http2Frames.HEADERS, Http2Frames.END_HEADERS, 1 + 2 * (100 * batch + i), Http2Frames.postBlock("/validate", 1000));
        }
        h2.flush();
        List<Http2Frames.Frame> frames = readUntil(h2, Duration.ofSeconds(10), f -> resets(f).getOrDefault(CANCEL, 0) == 100);
        Http2Frames.Frame last = frames.isEmpty() ? null : frames.get(frames.size() - 1);
        if (last != null && last.type() == Http2Frames.GOAWAY) {
          assertEquals(ENHANCE_YOUR_CALM, last.errorCode(), summary(frames));
          assertEquals("Maximum number 200 of RST frames frames reached within 30 seconds", debugData(last));
          // Never a STREAM_CLOSED on the wire: the resets counted went to streams already reset.
          assertEquals(Map.of(), resets(frames).entrySet().stream().filter(e -> e.getKey() != CANCEL)
              .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
          return cancelled;
        }
        assertEquals(Map.of(CANCEL, 100), resets(frames), summary(frames));
        assertEquals(Map.of("408", 100), statuses(frames));
        cancelled.add(100);
      }
      h2.write(Http2Frames.PING, 0, 0, "abcdefgh".getBytes(StandardCharsets.US_ASCII));
      List<Http2Frames.Frame> after = readUntil(h2, Duration.ofSeconds(10), f -> f.stream().anyMatch(x -> x != null
          && x.type() == Http2Frames.PING));
      assertTrue(after.stream().noneMatch(f -> f != null && f.type() == Http2Frames.GOAWAY), summary(after));
    }
    return cancelled;
  }

  private static void flushUnlessClosed(Http2Frames h2) {
    try {
      h2.flush();
    } catch (IOException closed) {
      // the server closed the connection before it had read all
    }
  }

  /** Frames until {@code done} holds of those read, a GOAWAY, the end of the connection, or {@code wait} without a frame. */
  static List<Http2Frames.Frame> readUntil(Http2Frames h2, Duration wait,
      java.util.function.Predicate<List<Http2Frames.Frame>> done) throws IOException {
    List<Http2Frames.Frame> frames = new ArrayList<>();
    h2.socket().setSoTimeout((int) wait.toMillis());
    try {
      while (!done.test(frames)) {
        Http2Frames.Frame f = h2.read();
        frames.add(f);
        if (f.type() == Http2Frames.GOAWAY) {
          break;
        }
      }
    } catch (SocketTimeoutException | java.io.EOFException e) {
      // returned as read
    }
    return frames;
  }
}
