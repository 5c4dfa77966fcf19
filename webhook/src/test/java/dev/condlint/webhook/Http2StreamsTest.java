package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.condlint.admission.Reviews;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * More streams on one HTTP/2 connection than the server's SETTINGS_MAX_CONCURRENT_STREAMS, frame by
 * frame, as a client does that sends its requests before it has read the server's SETTINGS (RFC 9113
 * section 3.4 lets it; until then the limit is unbounded, section 6.5.2): each stream's HEADERS and
 * DATA go out at once. Every request is answered and the connection stays up. Netty refused the
 * streams past the limit with RST_STREAM REFUSED_STREAM, then answered their DATA, already on its way,
 * with GOAWAY PROTOCOL_ERROR ("Stream 263 does not exist for inbound frame DATA"): a refused stream's
 * id was not recorded as used (netty/netty#12065), so every stream on the connection was lost (Go's
 * HTTP/2 client, as `hey -h2 -c 150` runs it, did this to the webhook).
 */
class Http2StreamsTest {
  private static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
  private static final int RST_STREAM = 0x3;
  private static final byte[] PING = "streams!".getBytes(StandardCharsets.US_ASCII);

  /**
   * A review of a widget, small enough that a client may send 150 of them before the server enlarges
   * the connection's window from the protocol's 64 KiB.
   */
  private static byte[] review(int stream) {
    String review = "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"request\":{\"uid\":\"s"
        + stream + "\",\"kind\":{\"group\":\"example.com\",\"version\":\"v1\",\"kind\":\"Widget\"},\"operation\":\"CREATE\","
        + "\"name\":\"w\",\"namespace\":\"d\",\"object\":{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\","
        + "\"metadata\":{\"name\":\"w\",\"namespace\":\"d\"},\"status\":{\"conditions\":[{\"type\":\"Ready\","
        + "\"status\":\"True\",\"reason\":\"Checked\",\"message\":\"m\",\"lastTransitionTime\":\"2024-05-01T08:00:00Z\"}]}}}}";
    return review.getBytes(StandardCharsets.UTF_8);
  }

  /** What the client read: each stream's status and body, and the concurrency limits the server set. */
  private static final class Seen {
    final Map<Integer, String> status = new TreeMap<>();
    final Map<Integer, StringBuilder> body = new TreeMap<>();
    final List<Integer> ended = new ArrayList<>();
    final List<Long> maxConcurrentStreams = new ArrayList<>();
    final Map<Integer, Long> resets = new TreeMap<>();
    boolean pingAnswered;

    /** Reads until these streams have ended or been reset, acknowledging SETTINGS; fails on a GOAWAY. */
    void readUntilEnded(Http2Frames h2, List<Integer> streams) throws IOException {
      while (!ended.containsAll(streams)) {
        read(h2);
      }
    }

    private void read(Http2Frames h2) throws IOException {
      Http2Frames.Frame frame = h2.read();
      byte[] payload = frame.payload();
      switch (frame.type()) {
        case Http2Frames.SETTINGS -> {
          if ((frame.flags() & Http2Frames.ACK) == 0) {
            for (int i = 0; i + 6 <= payload.length; i += 6) {
              if ((((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff)) == SETTINGS_MAX_CONCURRENT_STREAMS) {
                maxConcurrentStreams.add(((payload[i + 2] & 0xffL) << 24) | ((payload[i + 3] & 0xff) << 16)
                    | ((payload[i + 4] & 0xff) << 8) | (payload[i + 5] & 0xff));
              }
            }
            h2.write(Http2Frames.SETTINGS, Http2Frames.ACK, 0, new byte[0]);
          }
        }
        case Http2Frames.HEADERS -> {
          status.put(frame.stream(), frame.status());
          endIf(frame);
        }
        case Http2Frames.DATA -> {
          body.computeIfAbsent(frame.stream(), s -> new StringBuilder())
              .append(new String(payload, StandardCharsets.UTF_8));
          endIf(frame);
        }
        case RST_STREAM -> {
          resets.put(frame.stream(), code(payload));
          ended.add(frame.stream());
        }
        case Http2Frames.GOAWAY -> fail("GOAWAY with error " + code(java.util.Arrays.copyOfRange(payload, 4, 8))
            + " (" + new String(payload, 8, payload.length - 8, StandardCharsets.UTF_8) + ") after "
            + resets.size() + " streams were reset: " + resets);
        case Http2Frames.PING -> pingAnswered |= (frame.flags() & Http2Frames.ACK) != 0
            && java.util.Arrays.equals(payload, PING);
        default -> {
          // WINDOW_UPDATE: nothing to check.
        }
      }
    }

    /** Reads until the answer to {@link #PING}; fails on a GOAWAY or the end of the connection. */
    void readUntilPingAnswered(Http2Frames h2) throws IOException {
      while (!pingAnswered) {
        read(h2);
      }
    }

    private void endIf(Http2Frames.Frame frame) {
      if ((frame.flags() & Http2Frames.END_STREAM) != 0) {
        ended.add(frame.stream());
      }
    }

    private static long code(byte[] four) {
      return ((four[0] & 0xffL) << 24) | ((four[1] & 0xff) << 16) | ((four[2] & 0xff) << 8) | (four[3] & 0xff);
    }

    void assertAllowed(int stream) {
      assertEquals(null, resets.get(stream), "stream " + stream + " reset");
      assertEquals("200", status.get(stream), "stream " + stream + ": " + body.get(stream));
      var response = Reviews.json(body.get(stream).toString()).path("response");
      assertEquals("s" + stream, response.path("uid").asText());
      assertTrue(response.path("allowed").asBoolean(), body.get(stream).toString());
    }
  }

  /** Odd stream ids 1, 3, ... of {@code count} streams. */
  private static List<Integer> streams(int first, int count) {
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ids.add(first + 2 * i);
    }
    return ids;
  }

  /** A webhook that waits long for bodies: a loaded machine must not turn a slow test into 408s. */
  private static WebhookOptions patient() {
    return WebhookOptions.selfSigned(0).withConnectionTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(60))
        .withBodyStallTimeout(Duration.ofSeconds(30));
  }

  /** Raises the client's own receive window, so that the answers never wait for it. */
  private static void openReceiveWindow(Http2Frames h2) throws IOException {
    h2.write(Http2Frames.WINDOW_UPDATE, 0, 0, new byte[] {0x40, 0, 0, 0});
  }

  /**
   * 150 requests sent before the server's SETTINGS are read, each HEADERS followed by its DATA: all 150
   * are allowed, the server asks for at most 100 streams at once from then on, and the connection
   * answers one more request afterwards.
   */
  @Test
  void streamsSentBeforeTheServersSettingsAreAllAnsweredAndTheConnectionSurvives() throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(patient());
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      openReceiveWindow(h2);
      List<Integer> burst = streams(1, 150);
      // All the HEADERS first, then all the DATA: 150 streams open at once.
      h2.hold();
      for (int stream : burst) {
        h2.postHeaders(stream, "/validate", review(stream).length);
      }
      h2.flush();
      h2.hold();
      for (int stream : burst) {
        h2.write(Http2Frames.DATA, Http2Frames.END_STREAM, stream, review(stream));
      }
      // Its answer comes once the server has read every frame before it.
      h2.write(Http2Frames.PING, 0, 0, PING);
      h2.flush();
      Seen seen = new Seen();
      seen.readUntilEnded(h2, burst);
      seen.readUntilPingAnswered(h2);
      // The connection is still up: one more request on it.
      h2.post(301, "/validate", review(301));
      seen.readUntilEnded(h2, List.of(301));

      for (int stream : burst) {
        seen.assertAllowed(stream);
      }
      seen.assertAllowed(301);
      // None in the preface (2^31-1), then 100.
      assertEquals(List.of((long) Integer.MAX_VALUE, 100L), seen.maxConcurrentStreams);
    } finally {
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /**
   * A client that opens more streams than the webhook takes on one connection before it has read its
   * SETTINGS (nothing holds it to them until it acknowledges them): past 200 requests in progress, each
   * new one is answered 503 at once (not checked: the failurePolicy decides) and its stream reset with
   * NO_ERROR once the answer is out, and the 200 are answered once their bodies come. The connection
   * stays up.
   */
  @Test
  void requestsPastTheMostInProgressOnAConnectionAreNotCheckedAndTheRestAreAnswered() throws Exception {
    TestWebhooks.Running server = TestWebhooks.start(patient());
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      openReceiveWindow(h2);
      List<Integer> taken = streams(1, WebhookServer.HTTP2_MAX_STREAMS_IN_PROGRESS);
      List<Integer> past = streams(1 + 2 * WebhookServer.HTTP2_MAX_STREAMS_IN_PROGRESS, 10);
      List<Integer> all = new ArrayList<>(taken);
      all.addAll(past);
      // Their HEADERS only: each request stays in progress until its body comes.
      h2.hold();
      for (int stream : all) {
        h2.postHeaders(stream, "/validate", review(stream).length);
      }
      h2.write(Http2Frames.PING, 0, 0, PING);
      h2.flush();
      Seen seen = new Seen();
      seen.readUntilEnded(h2, past);
      seen.readUntilPingAnswered(h2);
      for (int stream : past) {
        assertEquals("503", seen.status.get(stream));
        assertEquals("{\"code\":503,\"error\":\"the connection had 200 requests in progress, the most condlint takes"
            + " on one connection (it asks HTTP/2 clients for at most 100 streams at once) and did not check the"
            + " review; the webhook's failurePolicy decides\"}", seen.body.get(stream).toString());
      }
      assertEquals(List.of(), taken.stream().filter(seen.ended::contains).toList());

      // The bodies of the 200 taken; the others' streams the server ended (below).
      h2.hold();
      for (int stream : taken) {
        h2.write(Http2Frames.DATA, Http2Frames.END_STREAM, stream, review(stream));
      }
      h2.flush();
      seen.readUntilEnded(h2, taken);
      for (int stream : taken) {
        seen.assertAllowed(stream);
      }
      h2.post(501, "/validate", review(501));
      seen.readUntilEnded(h2, List.of(501));
      seen.assertAllowed(501);
      // Each answered early, then reset with NO_ERROR: the client is to send no more of its body.
      Map<Integer, Long> noError = new TreeMap<>();
      past.forEach(stream -> noError.put(stream, 0L));
      assertEquals(noError, seen.resets);
      assertTrue(server.probe("/metrics").body()
          .contains("condlint_admission_unchecked_total{reason=\"streams\",} 10.0"));
    } finally {
      TestWebhooks.await(server.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }
}
