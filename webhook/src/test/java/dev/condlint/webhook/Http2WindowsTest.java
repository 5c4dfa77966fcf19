package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the server lets an HTTP/2 client send before it must wait for a WINDOW_UPDATE: the flow-control
 * windows it announces as the connection opens (RFC 9113 sections 6.5 and 6.9), read frame by frame.
 * With the protocol's 64 KiB a large review crawls over a connection shared by many streams.
 */
class Http2WindowsTest {
  private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
  private static final int DEFAULT_WINDOW = 65_535;

  @RegisterExtension
  static final SharedWebhook server = new SharedWebhook(WebhookOptions.selfSigned(0));

  /** The server's first SETTINGS frame and the window it adds to the connection's. */
  private static Map<String, Long> opening() throws Exception {
    try (Http2Frames h2 = new Http2Frames(server.port())) {
      Map<String, Long> seen = new LinkedHashMap<>();
      // The server sends its SETTINGS first, then (when it enlarges it) a WINDOW_UPDATE for stream 0.
      while (!seen.containsKey("connectionWindowIncrement")) {
        Http2Frames.Frame frame = h2.read();
        byte[] payload = frame.payload();
        if (frame.type() == Http2Frames.SETTINGS && (frame.flags() & Http2Frames.ACK) == 0) {
          seen.put("initialWindowSize", (long) DEFAULT_WINDOW);
          for (int i = 0; i + 6 <= payload.length; i += 6) {
            int id = ((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff);
            long value = ((payload[i + 2] & 0xffL) << 24) | ((payload[i + 3] & 0xff) << 16)
                | ((payload[i + 4] & 0xff) << 8) | (payload[i + 5] & 0xff);
            if (id == SETTINGS_INITIAL_WINDOW_SIZE) {
              seen.put("initialWindowSize", value);
            }
          }
          // A server that keeps the default connection window sends no WINDOW_UPDATE: ask for a PING
          // answer, which marks the end of what it sends unprompted.
          h2.write(Http2Frames.PING, 0, 0, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        } else if (frame.type() == Http2Frames.WINDOW_UPDATE && frame.stream() == 0) {
          seen.put("connectionWindowIncrement", ((payload[0] & 0x7fL) << 24) | ((payload[1] & 0xff) << 16)
              | ((payload[2] & 0xff) << 8) | (payload[3] & 0xff));
        } else if (frame.type() == Http2Frames.PING && (frame.flags() & Http2Frames.ACK) != 0) {
          seen.put("connectionWindowIncrement", 0L);
        }
      }
      return seen;
    }
  }

  @Test
  void theServerOpensLargeStreamAndConnectionWindows() throws Exception {
    // 256 KiB a stream; the connection (which starts at the protocol's 64 KiB and is raised by the update)
    // room for the 64 streams that may wait unread with full windows, and 4 MiB more.
    assertEquals(Map.of("initialWindowSize", 262_144L,
        "connectionWindowIncrement", 64 * 262_144L + 4_194_304L - DEFAULT_WINDOW),
        opening());
  }
}
