package dev.condlint.webhook;

import static dev.condlint.admission.Reviews.widget;
import static dev.condlint.admission.Reviews.widgetReview;
import static dev.condlint.webhook.TestWebhooks.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.admission.AdmissionMode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.junit5.VertxExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The admission port under its worst client (issue 28): bodies and requests the API server never sends,
 * written byte for byte over TLS. Each gets a clear answer (an AdmissionReview, or a JSON error naming the
 * problem), within the deadline, with no object contents in the log, and the server goes on serving.
 */
@ExtendWith(VertxExtension.class)
class HostileClientsTest {
  private static final String T1 = "2024-05-01T08:00:00Z";
  /** In every hostile body, where the log must never show it: a user name and a condition's message. */
  private static final String SECRET = "hunter2";
  private static TestWebhooks.Running enforce;
  private static TestWebhooks.Running warn;

  @BeforeAll
  static void start() {
    enforce = TestWebhooks.start(WebhookOptions.selfSigned(0).withMode(AdmissionMode.ENFORCE));
    warn = TestWebhooks.start(WebhookOptions.selfSigned(0));
  }

  @AfterAll
  static void stop() {
    try {
      for (TestWebhooks.Running server : List.of(enforce, warn)) {
        for (String line : server.logLines()) {
          assertFalse(line.contains(SECRET), line);
          assertFalse(line.contains("\"level\":\"error\""), line);
        }
      }
    } finally {
      await(enforce.webhook().shutdown(Duration.ofSeconds(5)));
      await(warn.webhook().shutdown(Duration.ofSeconds(5)));
    }
  }

  /**
   * The status update the test rules judge (Ready turned False, its time unchanged): enforce mode denies
   * it, warn mode allows it with two warnings. Compact JSON, as Jackson writes it, with the secret in it.
   */
  static final String REVIEW = widgetReview("UPDATE", "status", widget("False", "Synced", T1), widget("True", "Synced", T1))
      .toString().replace("\"message\":\"m\"", "\"message\":\"" + SECRET + "\"")
      .replace("system:serviceaccount:widgets:controller", SECRET);
  static final String UID = "705ab4f5-6393-11e8-b7cc-42010a800002";
  static final String CAUSES = "\"warnings\":[\"error test-false-is-error at status.conditions[0].status: Condition is"
      + " \\\"False\\\".\",\"warning test-status-flip-keeps-time at status.conditions[0].lastTransitionTime: Status"
      + " changed, time did not.\"]";
  static final String DENIED = "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"response\":"
      + "{\"uid\":\"" + UID + "\",\"allowed\":false," + CAUSES + ",\"status\":{\"metadata\":{},\"status\":\"Failure\","
      + "\"message\":\"condlint denied Widget w1: 1 error: test-false-is-error at status.conditions[0].status\","
      + "\"reason\":\"Invalid\",\"details\":{\"name\":\"w1\",\"group\":\"example.com\",\"kind\":\"Widget\",\"causes\":"
      + "[{\"reason\":\"FieldValueInvalid\",\"message\":\"error test-false-is-error: Condition is \\\"False\\\".\","
      + "\"field\":\"status.conditions[0].status\"},{\"reason\":\"FieldValueInvalid\",\"message\":\"warning"
      + " test-status-flip-keeps-time: Status changed, time did not.\",\"field\":\"status.conditions[0].lastTransitionTime\"}]},"
      + "\"code\":422}}}";
  static final String WARNED = "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"response\":"
      + "{\"uid\":\"" + UID + "\",\"allowed\":true," + CAUSES + "}}";
  static final String ALLOWED = "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"response\":"
      + "{\"uid\":\"" + UID + "\",\"allowed\":true}}";

  /** What a mode answers: the review's own answer in that mode (denied or warned), edited as a case says. */
  record Expected(int status, UnaryOperator<String> answer) {
    String in(AdmissionMode mode) {
      return answer.apply(mode == AdmissionMode.ENFORCE ? DENIED : WARNED);
    }
  }

  static Expected judged() {
    return new Expected(200, UnaryOperator.identity());
  }

  static Expected judged(UnaryOperator<String> edit) {
    return new Expected(200, edit);
  }

  static Expected allowed() {
    return new Expected(200, answer -> ALLOWED);
  }

  static Expected error(int code, String message) {
    return new Expected(code, answer -> "{\"code\":" + code + ",\"error\":\"" + message + "\"}");
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** REVIEW with its first {@code from} replaced by {@code to}; fails when it does not occur. */
  static String edit(String from, String to) {
    assertTrue(REVIEW.contains(from), from);
    return REVIEW.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to));
  }

  static String object(String which) {
    int from = REVIEW.indexOf("\"" + which + "\":{");
    int depth = 0;
    for (int i = REVIEW.indexOf('{', from); ; i++) {
      depth += REVIEW.charAt(i) == '{' ? 1 : REVIEW.charAt(i) == '}' ? -1 : 0;
      if (depth == 0) {
        return REVIEW.substring(from, i + 1);
      }
    }
  }

  static final String NEW_STATUS = status(object("object"));
  static final String OLD_STATUS = status(object("oldObject"));

  private static String status(String object) {
    int from = object.indexOf("\"status\":{") + "\"status\":".length();
    return object.substring(from, object.length() - 1);
  }

  /** The same body bytes with a byte changed at the first occurrence of {@code marker}. */
  static byte[] withByte(String body, String marker, int value) {
    byte[] bytes = utf8(body);
    bytes[body.indexOf(marker)] = (byte) value;
    return bytes;
  }

  /** The hostile bodies: what each must get, in each mode. */
  static List<Arguments> bodies() throws Exception {
    List<Arguments> cases = new ArrayList<>();
    cases.add(Arguments.of("the review itself", utf8(REVIEW), judged()));
    cases.add(Arguments.of("AdmissionReview v1beta1", utf8(edit("admission.k8s.io/v1", "admission.k8s.io/v1beta1")),
        judged(a -> a.replace("admission.k8s.io/v1", "admission.k8s.io/v1beta1"))));
    byte[] bom = new byte[utf8(REVIEW).length + 3];
    bom[0] = (byte) 0xEF;
    bom[1] = (byte) 0xBB;
    bom[2] = (byte) 0xBF;
    System.arraycopy(utf8(REVIEW), 0, bom, 3, bom.length - 3);
    cases.add(Arguments.of("a UTF-8 byte order mark", bom, judged()));
    cases.add(Arguments.of("UTF-16LE", REVIEW.getBytes(StandardCharsets.UTF_16LE), judged()));
    cases.add(Arguments.of("the same status repeated (UTF-16BE)", edit(OLD_STATUS, NEW_STATUS + ",\"status\":" + NEW_STATUS
        + ",\"status\":" + OLD_STATUS).getBytes(StandardCharsets.UTF_16BE), judged()));
    cases.add(Arguments.of("a second review after it", utf8(REVIEW + REVIEW), error(400,
        "the body is not valid JSON: content after the end of the AdmissionReview: a body is one JSON value")));
    cases.add(Arguments.of("text after it", utf8(REVIEW + " tail"), error(400, "the body is not valid JSON:"
        + " Unrecognized token 'tail': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')")));
    cases.add(Arguments.of("whitespace after it", utf8(REVIEW + " \r\n\t"), judged()));
    cases.add(Arguments.of("no body", new byte[0], error(400, "the body is empty; expected an AdmissionReview")));
    cases.add(Arguments.of("half the body", utf8(REVIEW.substring(0, REVIEW.indexOf("\"oldObject\"") + 3)),
        error(400, "the body is not valid JSON: Unexpected end-of-input in field name")));
    cases.add(Arguments.of("null", utf8("null"), error(400, "the body is not a JSON object; expected an AdmissionReview")));
    cases.add(Arguments.of("request null", utf8(edit("\"request\":{", "\"request\":null,\"was\":{")),
        error(400, "the AdmissionReview has no 'request' object")));
    cases.add(Arguments.of("request repeated, the last empty", utf8(REVIEW.substring(0, REVIEW.length() - 1) + ",\"request\":{}}"),
        error(400, "the AdmissionReview's request has no 'operation'")));
    cases.add(Arguments.of("request repeated, the last the review's", utf8(edit("\"request\":{", "\"request\":{\"operation\":\"DELETE\"},"
        + "\"request\":{")), judged()));
    String old = object("oldObject");
    String oldFirst = "\"oldObject\":{\"status\":" + OLD_STATUS + ","
        + old.substring("\"oldObject\":{".length(), old.indexOf(",\"status\":")) + "}";
    cases.add(Arguments.of("oldObject before object, its status before its metadata",
        utf8(edit(object("object") + "," + old, oldFirst + "," + object("object"))), judged()));
    // Repeated keys, at each level the decoder reads: the last one counts, as in a whole decode.
    cases.add(Arguments.of("status repeated", utf8(edit(NEW_STATUS, OLD_STATUS + ",\"status\":" + NEW_STATUS)), judged()));
    cases.add(Arguments.of("conditions repeated", utf8(edit("\"conditions\":[", "\"conditions\":[],\"conditions\":[")), judged()));
    cases.add(Arguments.of("a condition's status repeated", utf8(edit("\"status\":\"False\"",
        "\"status\":\"True\",\"status\":\"False\"")), judged()));
    cases.add(Arguments.of("metadata repeated", utf8(edit("\"metadata\":{", "\"metadata\":{\"name\":\"other\"},\"metadata\":{")),
        judged()));
    cases.add(Arguments.of("object repeated", utf8(edit("\"object\":{", "\"object\":{\"kind\":\"Other\"},\"object\":{")),
        judged()));
    cases.add(Arguments.of("the old status 2,000 times, then its own", utf8(edit(OLD_STATUS,
        (NEW_STATUS + ",\"status\":").repeat(2_000) + OLD_STATUS)), judged()));
    // Wrong types where the rules read objects, lists and strings.
    cases.add(Arguments.of("status null", utf8(edit("\"status\":{", "\"status\":null,\"was\":{")), allowed()));
    cases.add(Arguments.of("status a list", utf8(edit("\"status\":{", "\"status\":[],\"was\":{")), allowed()));
    cases.add(Arguments.of("status a string", utf8(edit("\"status\":{", "\"status\":\"False\",\"was\":{")), allowed()));
    cases.add(Arguments.of("conditions an object", utf8(edit("\"conditions\":[", "\"conditions\":{},\"was\":[")), allowed()));
    cases.add(Arguments.of("conditions a string", utf8(edit("\"conditions\":[", "\"conditions\":\"Ready\",\"was\":[")), allowed()));
    int conditions = REVIEW.indexOf("\"conditions\":[");
    int end = REVIEW.indexOf("]", conditions);
    cases.add(Arguments.of("conditions that are not objects", utf8(REVIEW.substring(0, end) + ",null,5,\"x\",[],{}"
        + REVIEW.substring(end)), judged()));
    cases.add(Arguments.of("metadata null", utf8(edit("\"metadata\":{", "\"metadata\":null,\"was\":{")), judged()));
    cases.add(Arguments.of("metadata a list", utf8(edit("\"metadata\":{", "\"metadata\":[1],\"was\":{")), judged()));
    cases.add(Arguments.of("request.kind null", utf8(edit("\"kind\":{", "\"kind\":null,\"was\":{")), judged()));
    cases.add(Arguments.of("uid an object", utf8(edit("\"uid\":\"", "\"uid\":{},\"was\":\"")),
        judged(a -> a.replace(UID, ""))));
    cases.add(Arguments.of("no uid", utf8(edit("\"uid\":\"" + UID + "\",", "")), judged(a -> a.replace(UID, ""))));
    // Numbers the API server never sends.
    for (String number : List.of("1e400", "-1e400", "-0", "3.5", "9223372036854775808", "9".repeat(1000))) {
      cases.add(Arguments.of("generation " + number.substring(0, Math.min(20, number.length())),
          utf8(REVIEW.replace("\"generation\":3", "\"generation\":" + number)), judged()));
      cases.add(Arguments.of("observedGeneration " + number.substring(0, Math.min(20, number.length())),
          utf8(REVIEW.replace("\"observedGeneration\":3", "\"observedGeneration\":" + number)), judged()));
    }
    cases.add(Arguments.of("a number of 1,001 digits", utf8(REVIEW.replace("\"generation\":3", "\"generation\":" + "9".repeat(1001))),
        error(400, "the body is not valid JSON: Number value length (1001) exceeds the maximum allowed (1000, from"
            + " `StreamReadConstraints.getMaxNumberLength()`)")));
    // Text: lone surrogates (escaped), bytes that are not UTF-8.
    cases.add(Arguments.of("a lone surrogate for a name", utf8(REVIEW.replace("\"name\":\"w1\"", "\"name\":\"\\ud800\"")),
        judged(a -> a.replace("Widget w1", "Widget \\uD800").replace("\"name\":\"w1\"", "\"name\":\"\\uD800\""))));
    cases.add(Arguments.of("a lone surrogate for a condition type", utf8(REVIEW.replace("\"type\":\"Synced\"",
        "\"type\":\"\\udc00\"")), judged()));
    cases.add(Arguments.of("not UTF-8 where the rules read", withByte(edit("\"reason\":\"Checked\"", "\"reason\":\"C\u00e9\""), "\u00e9", 0x28),
        error(400, "the body is not valid JSON: Invalid UTF-8 start byte 0xa9")));
    cases.add(Arguments.of("not UTF-8 where the decoder skips", withByte(REVIEW, SECRET, 0xFF),
        error(400, "the body is not valid JSON: Invalid UTF-8 start byte 0xff")));
    // Nesting, in a part the decoder skips and in parts it keeps.
    cases.add(Arguments.of("1,100 levels in spec", utf8(edit("\"status\":{", "\"spec\":" + "[".repeat(1_100) + "]".repeat(1_100)
        + ",\"status\":{")), error(400, "the body is not valid JSON: Document nesting depth (1001) exceeds the maximum allowed"
        + " (1000, from `StreamReadConstraints.getMaxNestingDepth()`)")));
    cases.add(Arguments.of("900 levels in status", utf8(edit("\"status\":{", "\"status\":{\"deep\":" + "{\"a\":".repeat(900) + "1"
        + "}".repeat(900) + ",")), judged()));
    cases.add(Arguments.of("900 levels in metadata", utf8(edit("\"metadata\":{", "\"metadata\":{\"deep\":" + "[".repeat(900)
        + "]".repeat(900) + ",")), judged()));
    // Requests of other kinds.
    String delete = REVIEW.replace("\"operation\":\"UPDATE\"", "\"operation\":\"DELETE\"");
    cases.add(Arguments.of("DELETE without an object", utf8(delete.replaceFirst("\"object\":", "\"was\":")), allowed()));
    cases.add(Arguments.of("UPDATE without an object", utf8(edit("\"object\":", "\"was\":")),
        error(400, "the UPDATE request has no 'object' to check")));
    cases.add(Arguments.of("subresource scale", utf8(edit("\"subResource\":\"status\"", "\"subResource\":\"scale\"")), allowed()));
    cases.add(Arguments.of("dryRun", utf8(edit("\"dryRun\":false", "\"dryRun\":true")), judged()));
    return cases;
  }

  static Stream<Arguments> bodiesInEachMode() throws Exception {
    return bodies().stream().flatMap(a -> Stream.of(AdmissionMode.ENFORCE, AdmissionMode.WARN)
        .map(mode -> Arguments.of(a.get()[0], mode, a.get()[1], a.get()[2])));
  }

  private static TestWebhooks.Running server(AdmissionMode mode) {
    return mode == AdmissionMode.ENFORCE ? enforce : warn;
  }

  private static byte[] post(byte[] body) {
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    request.writeBytes(("POST /validate HTTP/1.1\r\nHost: webhook\r\nContent-Type: application/json\r\nContent-Length: "
        + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    request.writeBytes(body);
    return request.toByteArray();
  }

  /** Each body over HTTP/1.1, then the review itself on the same connection: the server goes on serving. */
  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("bodiesInEachMode")
  void eachBodyGetsItsAnswer(String name, AdmissionMode mode, byte[] body, Expected expected) throws Exception {
    try (RawConnection c = new RawConnection(server(mode).port())) {
      assertEquals(new Answer(expected.status(), expected.in(mode)), c.send(post(body)).read(), name);
      assertEquals(new Answer(200, judged().in(mode)), c.send(post(utf8(REVIEW))).read(), name);
    }
  }

  /** An answer: its status code and body. */
  record Answer(int status, String body) {}

  /** One HTTP/1.1 connection over TLS that sends what it is given byte for byte, and reads the answers. */
  static final class RawConnection implements AutoCloseable {
    private final SSLSocket socket;
    private final InputStream in;
    private final OutputStream out;

    RawConnection(int port) throws Exception {
      socket = (SSLSocket) TestWebhooks.trustingAnyServer().getSocketFactory().createSocket("127.0.0.1", port);
      SSLParameters parameters = socket.getSSLParameters();
      parameters.setApplicationProtocols(new String[] {"http/1.1"});
      socket.setSSLParameters(parameters);
      socket.startHandshake();
      socket.setSoTimeout(20_000);
      in = socket.getInputStream();
      out = socket.getOutputStream();
    }

    RawConnection send(byte[] bytes) throws IOException {
      out.write(bytes);
      out.flush();
      return this;
    }

    RawConnection send(String text) throws IOException {
      return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** The next answer; its body as long as its content-length says. */
    Answer read() throws IOException {
      ProbePortErrorsTest.Answer answer = ProbePortErrorsTest.read(in);
      return new Answer(answer.status(), answer.body());
    }

    /** Whether the server closes the connection within {@code wait}, reading (and dropping) what comes before. */
    boolean closedWithin(Duration wait) throws IOException {
      try {
        return UntrustedClientsTest.closedWithin(socket, in, wait);
      } finally {
        socket.setSoTimeout(20_000);
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /**
   * Over HTTP/2, on one connection: a stream reset in the middle of its body gives back what it held, and
   * then every hostile body at once, each on a stream of its own, gets the answer it gets over HTTP/1.1.
   */
  @Test
  void oneHttp2ConnectionCarriesThemAllAfterAStreamResetMidBody(Vertx vertx) throws Exception {
    HttpClient client = vertx.createHttpClient(new HttpClientOptions().setSsl(true).setTrustAll(true).setVerifyHost(false)
        .setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true), new PoolOptions().setHttp2MaxSize(1));
    HttpClientRequest partial = await(client.request(HttpMethod.POST, enforce.port(), "127.0.0.1", "/validate"));
    partial.putHeader("content-type", "application/json").putHeader("content-length", "1000000");
    await(partial.write("{\"padding\": \"" + "x".repeat(200_000)));
    Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(enforce), bytes -> bytes >= 200_000);
    assertTrue(partial.reset());
    Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(enforce), bytes -> bytes == 0);

    List<Arguments> bodies = bodies();
    List<Future<Answer>> answers = new ArrayList<>();
    for (Arguments body : bodies) {
      answers.add(client.request(HttpMethod.POST, enforce.port(), "127.0.0.1", "/validate").compose(r -> {
        r.putHeader("content-type", "application/json");
        return r.send(Buffer.buffer((byte[]) body.get()[1]))
            .compose(response -> response.body().map(b -> new Answer(response.statusCode(), b.toString(StandardCharsets.UTF_8))));
      }));
    }
    for (int i = 0; i < bodies.size(); i++) {
      Expected expected = (Expected) bodies.get(i).get()[2];
      assertEquals(new Answer(expected.status(), expected.in(AdmissionMode.ENFORCE)), await(answers.get(i)),
          (String) bodies.get(i).get()[0]);
    }
    Polling.eventually(Duration.ofSeconds(10), () -> LifecycleTest.inflightBytes(enforce), bytes -> bytes == 0);
  }

  /** What a client writes on its connection, in its own time. */
  @FunctionalInterface
  interface Writes {
    void to(RawConnection connection) throws Exception;

    static Writes bytes(String head, byte[] body) {
      return c -> c.send(head).send(body);
    }
  }

  private static String head(String requestLine, String headers) {
    return requestLine + "\r\n" + headers + "\r\n";
  }

  private static String jsonHeaders(long length) {
    return "Host: webhook\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n";
  }

  /** The body in chunks of {@code size} bytes (chunked transfer coding), pausing {@code pauseMs} after each. */
  private static Writes chunked(byte[] body, int size, long pauseMs) {
    return c -> {
      c.send(head("POST /validate HTTP/1.1", "Host: webhook\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"));
      ByteArrayOutputStream chunks = new ByteArrayOutputStream();
      for (int from = 0; from < body.length; from += size) {
        int n = Math.min(size, body.length - from);
        chunks.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        chunks.write(body, from, n);
        chunks.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        if (pauseMs > 0) {
          c.send(chunks.toByteArray());
          chunks.reset();
          Thread.sleep(pauseMs);
        }
      }
      c.send(chunks.toByteArray()).send("0\r\n\r\n");
    };
  }

  /** Requests that break HTTP/1.1's rules, or send a body in ways the API server does not: in enforce mode. */
  static List<Arguments> requests() {
    byte[] review = utf8(REVIEW);
    String post = "POST /validate HTTP/1.1";
    Answer denied = new Answer(200, DENIED);
    String invalid = "{\"code\":400,\"error\":\"the request is not valid HTTP/1.1: ";
    List<Arguments> cases = new ArrayList<>();
    cases.add(Arguments.of("content-type text/plain", Writes.bytes(head(post, "Host: webhook\r\nContent-Type: text/plain\r\n"
        + "Content-Length: " + review.length + "\r\n"), review), List.of(new Answer(415, "{\"code\":415,\"error\":\"the body must"
        + " be an AdmissionReview in JSON (content-type: application/json), not text/plain\"}")), false));
    cases.add(Arguments.of("content-encoding gzip on a plain body", Writes.bytes(head(post, jsonHeaders(review.length)
        + "Content-Encoding: gzip\r\n"), review), List.of(new Answer(415, "{\"code\":415,\"error\":\"the body must be sent"
        + " uncompressed (content-encoding: gzip): the webhook reads JSON as it is sent\"}")), false));
    // The 10 bytes left over are the start of the next request's line, which --read-timeout closes if it never ends.
    cases.add(Arguments.of("a content-length 10 short", Writes.bytes(head(post, jsonHeaders(review.length - 10)), review),
        List.of(new Answer(400, "{\"code\":400,\"error\":\"the body is not valid JSON: Unexpected end-of-input in field name\"}")),
        false));
    cases.add(Arguments.of("a content-length 10 long", Writes.bytes(head(post, jsonHeaders(review.length + 10)), review),
        List.of(new Answer(408, "{\"code\":408,\"error\":\"no byte of the body arrived for 2000 ms\"}")), true));
    // Netty's codec cannot frame these: answered (with Netty's words), and the connection closed.
    cases.add(Arguments.of("two content-lengths", Writes.bytes(head(post, jsonHeaders(review.length) + "Content-Length: 5\r\n"),
        review), List.of(new Answer(400, invalid + "Multiple Content-Length values found: [" + review.length + ", 5]\"}")), true));
    cases.add(Arguments.of("a negative content-length", Writes.bytes(head(post, "Host: webhook\r\nContent-Length: -1\r\n"),
        review), List.of(new Answer(400, invalid + "Content-Length value is not a number: -1\"}")), true));
    cases.add(Arguments.of("content-length and chunked", Writes.bytes(head(post, jsonHeaders(5) + "Transfer-Encoding: chunked\r\n"),
        utf8(Integer.toHexString(review.length) + "\r\n" + REVIEW + "\r\n0\r\n\r\n")), List.of(new Answer(400, invalid
        + "Content-Length are not allowed in HTTP/1.1 messages that contains a Transfer-Encoding header.\"}")), true));
    // A chunk coding that breaks: the body was routed already when the codec fails; answered 400, the connection closed.
    String chunkedHead = head(post, "Host: webhook\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n");
    String broken = "{\"code\":400,\"error\":\"the body's chunked transfer coding is broken: ";
    String firstChunk = Integer.toHexString(100) + "\r\n" + REVIEW.substring(0, 100) + "\r\n";
    cases.add(Arguments.of("a chunk size that is not hex", Writes.bytes(chunkedHead, utf8("zz\r\n" + REVIEW + "\r\n0\r\n\r\n")),
        List.of(new Answer(400, broken + "a chunk size is not a hexadecimal number\"}")), true));
    cases.add(Arguments.of("a chunk size that is not hex after a chunk", Writes.bytes(chunkedHead, utf8(firstChunk + "x" + SECRET
        + "\r\n")), List.of(new Answer(400, broken + "a chunk size is not a hexadecimal number\"}")), true));
    cases.add(Arguments.of("a chunk shorter than its size", Writes.bytes(chunkedHead, utf8("64\r\n" + REVIEW.substring(0, 90)
        + "\r\n" + "a\r\n" + REVIEW.substring(90, 100) + "\r\n0\r\n\r\n")), List.of(new Answer(400, broken
        + "Chunk data sections must be terminated by a CR LF octet pair\"}")), true));
    cases.add(Arguments.of("a chunk longer than its size", Writes.bytes(chunkedHead, utf8("5a\r\n" + REVIEW.substring(0, 100)
        + "\r\n0\r\n\r\n")), List.of(new Answer(400, broken + "Chunk data sections must be terminated by a CR LF octet pair\"}")), true));
    cases.add(Arguments.of("a chunk-size line over 4096 bytes", Writes.bytes(chunkedHead, utf8(firstChunk + "0".repeat(5_000)
        + "64\r\n")), List.of(new Answer(400, broken + "An HTTP line is larger than 4096 bytes.\"}")), true));
    cases.add(Arguments.of("a trailer over 8192 bytes", Writes.bytes(chunkedHead, utf8(firstChunk + "0\r\nX-Trailer: "
        + "a".repeat(9_000) + "\r\n\r\n")), List.of(new Answer(400, broken + "HTTP header is larger than 8192 bytes.\"}")), true));
    cases.add(Arguments.of("a trailer line without a colon", Writes.bytes(chunkedHead, utf8(firstChunk + "0\r\n" + SECRET
        + "\r\n\r\n")), List.of(new Answer(400, broken + "No colon found\"}")), true));
    cases.add(Arguments.of("a bare LF after a chunk size", Writes.bytes(chunkedHead, utf8(firstChunk + "64\n" + REVIEW.substring(100, 200)
        + "\r\n0\r\n\r\n")), List.of(new Answer(400, broken + "Line Feed must be preceded by Carriage Return when terminating HTTP"
        + " chunk header lines\"}")), true));
    cases.add(Arguments.of("three requests pipelined", (Writes) c -> {
      byte[] one = post(review);
      c.send(utf8(new String(one, StandardCharsets.ISO_8859_1).repeat(3)));
    }, List.of(denied, denied, denied), false));
    cases.add(Arguments.of("16-byte chunks", chunked(review, 16, 0), List.of(denied), false));
    cases.add(Arguments.of("five chunks 300 ms apart", chunked(review, review.length / 5 + 1, 300), List.of(denied), false));
    cases.add(Arguments.of("5,000 repeated statuses in 16-byte chunks", chunked(utf8(edit(OLD_STATUS,
        (NEW_STATUS + ",\"status\":").repeat(5_000) + OLD_STATUS)), 16, 0), List.of(denied), false));
    cases.add(Arguments.of("expect 100-continue", Writes.bytes(head(post, jsonHeaders(review.length) + "Expect: 100-continue\r\n"),
        review), List.of(denied), false));
    cases.add(Arguments.of("HTTP/1.0", Writes.bytes(head("POST /validate HTTP/1.0", jsonHeaders(review.length)), review),
        List.of(denied), true));
    for (String method : List.of("GET", "PUT", "BREW")) {
      cases.add(Arguments.of(method + " /validate", Writes.bytes(head(method + " /validate HTTP/1.1", jsonHeaders(review.length)),
          review), List.of(new Answer(405, "{\"code\":405,\"error\":\"" + method + " is not allowed: the webhook serves POST"
          + " /validate\"}")), false));
    }
    cases.add(Arguments.of("HEAD /validate", Writes.bytes(head("HEAD /validate HTTP/1.1", "Host: webhook\r\n"), new byte[0]),
        List.of(new Answer(405, "")), false));
    for (String path : List.of("/mutate", "/VALIDATE", "/healthz", "/metrics")) {
      cases.add(Arguments.of("POST " + path, Writes.bytes(head("POST " + path + " HTTP/1.1", jsonHeaders(review.length)), review),
          List.of(new Answer(404, "{\"code\":404,\"error\":\"nothing here: the webhook serves POST /validate\"}")), false));
    }
    // Vert.x normalises the path (RFC 3986 section 6.2.2) before routing: each of these is POST /validate.
    for (String target : List.of("/validate/", "//validate", "/validate?x=1", "/a/../validate", "/%76alidate",
        "https://webhook/validate")) {
      cases.add(Arguments.of("POST " + target, Writes.bytes(head("POST " + target + " HTTP/1.1", jsonHeaders(review.length)),
          review), List.of(denied), false));
    }
    cases.add(Arguments.of("a 9,000-character target", Writes.bytes(head("POST /validate?" + "a".repeat(9_000) + " HTTP/1.1",
        jsonHeaders(review.length)), review), List.of(new Answer(414, "{\"code\":414,\"error\":\"the request line is too long:"
        + " An HTTP line is larger than 4096 bytes.\"}")), true));
    cases.add(Arguments.of("a 20,000-character header", Writes.bytes(head(post, jsonHeaders(review.length) + "X-Big: "
        + "a".repeat(20_000) + "\r\n"), review), List.of(new Answer(431, "{\"code\":431,\"error\":\"the request's headers are too"
        + " large: HTTP header is larger than 8192 bytes.\"}")), true));
    cases.add(Arguments.of("not a request line", Writes.bytes("\u0001\u0002 hello\r\n\r\n", new byte[0]), List.of(new Answer(400,
        invalid + "Line Feed must be preceded by Carriage Return when terminating HTTP start- and header field-lines\"}")), true));
    return cases;
  }

  /**
   * Each request over its own connection: its answers in order, the connection closed or not as HTTP/1.1
   * wants after them, and the review then denied on a new connection.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("requests")
  void eachRequestGetsItsAnswers(String name, Writes writes, List<Answer> answers, boolean closed) throws Exception {
    try (RawConnection c = new RawConnection(enforce.port())) {
      writes.to(c);
      List<Answer> got = new ArrayList<>();
      for (int i = 0; i < answers.size(); i++) {
        got.add(c.read());
      }
      assertEquals(answers, got, name);
      assertEquals(closed, c.closedWithin(Duration.ofMillis(closed ? 5_000 : 300)), name);
    }
    try (RawConnection c = new RawConnection(enforce.port())) {
      assertEquals(new Answer(200, DENIED), c.send(post(utf8(REVIEW))).read(), name);
    }
  }

  /**
   * What a client chooses and the log repeats (a name, an apiVersion in an error) is logged cut to 300
   * characters, with its length: a line stays short whatever the body. Before, a review named with 100,000
   * characters was logged with all of them in its decision line, and a 3 MiB apiVersion made a 3 MiB
   * 'bad request' line: a client turned each byte it sent into a byte of log.
   */
  @Test
  void theLogCutsLongValuesTheClientChose() throws Exception {
    String longName = "n".repeat(100_000);
    String apiVersion = "v".repeat(100_000);
    int from = enforce.logLines().size();
    try (RawConnection c = new RawConnection(enforce.port())) {
      Answer named = c.send(post(utf8(REVIEW.replace("\"name\":\"w1\"", "\"name\":\"" + longName + "\"")))).read();
      assertEquals(200, named.status());
      assertEquals(new Answer(400, "{\"code\":400,\"error\":\"unsupported apiVersion '" + apiVersion + "'; expected"
          + " admission.k8s.io/v1 or admission.k8s.io/v1beta1\"}"),
          c.send(post(utf8(REVIEW.replace("admission.k8s.io/v1", apiVersion)))).read());
    }
    String cut = "n".repeat(300) + "… (100000 characters)";
    List<com.fasterxml.jackson.databind.JsonNode> lines = enforce.logLines().subList(from, enforce.logLines().size()).stream()
        .map(dev.condlint.admission.Reviews::json).toList();
    com.fasterxml.jackson.databind.JsonNode decision = lines.stream()
        .filter(l -> l.path("msg").asText().equals("decision")).findFirst().orElseThrow();
    assertEquals(cut, decision.path("name").asText());
    com.fasterxml.jackson.databind.JsonNode bad = lines.stream()
        .filter(l -> l.path("msg").asText().equals("bad request")).findFirst().orElseThrow();
    assertEquals("unsupported apiVersion '" + "v".repeat(300 - "unsupported apiVersion '".length()) + "… ("
        + ("unsupported apiVersion '" + apiVersion + "'; expected admission.k8s.io/v1 or admission.k8s.io/v1beta1").length()
        + " characters)", bad.path("error").asText());
  }

  /**
   * Requests Vert.x refuses before they are routed are answered in the words of the webhook's own refusals;
   * one its codec cannot read (two content-lengths) is answered in JSON too, and logged; so is a body whose
   * chunk coding breaks after it was routed (the log line without the chunk-size line's text).
   */
  @Test
  void requestsRefusedBeforeRoutingNameTheProblem() throws Exception {
    try (RawConnection c = new RawConnection(enforce.port())) {
      assertEquals(new Answer(400, "{\"code\":400,\"error\":\"the request has no Host header, which HTTP/1.1 requires\"}"),
          c.send("POST /validate HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}").read());
      assertEquals(new Answer(404, "{\"code\":404,\"error\":\"nothing here: the webhook serves POST /validate\"}"),
          c.send("OPTIONS * HTTP/1.1\r\nHost: webhook\r\n\r\n").read());
    }
    try (RawConnection c = new RawConnection(enforce.port())) {
      c.send("POST /validate HTTP/1.1\r\nHost: webhook\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}").read();
    }
    assertTrue(enforce.logLines().stream().anyMatch(l -> l.endsWith("\"level\":\"warn\",\"msg\":\"request refused\",\"code\":400,"
        + "\"error\":\"the request is not valid HTTP/1.1: Multiple Content-Length values found: [2, 5]\"}")));
    try (RawConnection c = new RawConnection(enforce.port())) {
      assertEquals(new Answer(400, "{\"code\":400,\"error\":\"the body's chunked transfer coding is broken: a chunk size is"
          + " not a hexadecimal number\"}"), c.send("POST /validate?broken HTTP/1.1\r\nHost: webhook\r\nTransfer-Encoding: chunked"
          + "\r\n\r\n2\r\n{}\r\n" + SECRET + "\r\n").read());
    }
    List<String> refused = WebhookServerTest.refusals(enforce, 0);
    assertTrue(refused.contains("400 POST /validate: the request has no Host header, which HTTP/1.1 requires"), refused.toString());
    assertTrue(refused.contains("400 POST /validate: the body's chunked transfer coding is broken: a chunk size is not a"
        + " hexadecimal number"), refused.toString());
    assertTrue(refused.contains("404 OPTIONS *: nothing here: the webhook serves POST /validate"), refused.toString());
  }
}
