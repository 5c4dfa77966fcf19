package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * HTTP/2 frame by frame (RFC 9113) over TLS with ALPN h2, for tests that must see or send what a
 * client library hides: the server's SETTINGS and WINDOW_UPDATE, the order of GOAWAY and PING, a
 * stream opened after a GOAWAY. Header blocks sent are HPACK literals without indexing, never
 * Huffman; those received are decoded with Netty's decoder.
 */
final class Http2Frames implements AutoCloseable {
  static final int DATA = 0x0;
  static final int HEADERS = 0x1;
  static final int RST_STREAM = 0x3;
  static final int SETTINGS = 0x4;
  static final int PING = 0x6;
  static final int GOAWAY = 0x7;
  static final int WINDOW_UPDATE = 0x8;
  static final int CONTINUATION = 0x9;
  static final int END_STREAM = 0x1;
  static final int END_HEADERS = 0x4;
  static final int ACK = 0x1;
  private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  /** One frame as read; a HEADERS frame's {@code :status} decoded (HPACK has state, so every one is). */
  record Frame(int type, int flags, int stream, byte[] payload, String status) {
    /** A GOAWAY's last stream id. */
    int lastStreamId() {
      return ((payload[0] & 0x7f) << 24) | ((payload[1] & 0xff) << 16) | ((payload[2] & 0xff) << 8) | (payload[3] & 0xff);
    }

    /** A GOAWAY's or an RST_STREAM's error code. */
    int errorCode() {
      int at = type == GOAWAY ? 4 : 0;
      return ((payload[at] & 0xff) << 24) | ((payload[at + 1] & 0xff) << 16) | ((payload[at + 2] & 0xff) << 8)
          | (payload[at + 3] & 0xff);
    }
  }

  private final SSLSocket socket;
  private final OutputStream out;
  private final DataInputStream in;
  private final DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder(true);
  private ByteArrayOutputStream held;

  /** Connects, negotiates h2 and sends the client preface with empty SETTINGS. */
  Http2Frames(int port) throws Exception {
    this(port, new byte[0]);
  }

  /** Connects, negotiates h2 and sends the client preface with these SETTINGS (see {@link #setting}). */
  Http2Frames(int port, byte[] settings) throws Exception {
    socket = (SSLSocket) TestWebhooks.trustingAnyServer().getSocketFactory().createSocket("127.0.0.1", port);
    SSLParameters parameters = socket.getSSLParameters();
    parameters.setApplicationProtocols(new String[] {"h2"});
    socket.setSSLParameters(parameters);
    socket.setSoTimeout(10_000);
    socket.startHandshake();
    assertEquals("h2", socket.getApplicationProtocol());
    out = socket.getOutputStream();
    in = new DataInputStream(socket.getInputStream());
    out.write(PREFACE);
    write(SETTINGS, 0, 0, settings);
  }

  /** One setting of a SETTINGS frame's payload. */
  static byte[] setting(int id, long value) {
    return new byte[] {(byte) (id >>> 8), (byte) id, (byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8),
        (byte) value};
  }

  /** A stream's or the connection's WINDOW_UPDATE payload. */
  static byte[] increment(int bytes) {
    return new byte[] {(byte) (bytes >>> 24), (byte) (bytes >>> 16), (byte) (bytes >>> 8), (byte) bytes};
  }

  /** An RST_STREAM's payload. */
  static byte[] errorCode(int code) {
    return increment(code);
  }

  /** The header block of a POST of {@code length} bytes to {@code path}, with these more headers (name, value, ...). */
  static byte[] postBlock(String path, long length, String... more) {
    ByteArrayOutputStream block = new ByteArrayOutputStream();
    header(block, ":method", "POST");
    header(block, ":scheme", "https");
    header(block, ":path", path);
    header(block, ":authority", "localhost");
    header(block, "content-type", "application/json");
    header(block, "content-length", String.valueOf(length));
    for (int i = 0; i < more.length; i += 2) {
      header(block, more[i], more[i + 1]);
    }
    return block.toByteArray();
  }

  /** The socket's stream, for reads with a timeout of a test's own. */
  SSLSocket socket() {
    return socket;
  }

  /**
   * Holds the frames written from now on until {@link #flush}, which sends them in one write: the
   * server then reads them together, as it does from a client that sends many at once.
   */
  void hold() {
    held = new ByteArrayOutputStream();
  }

  /** Sends the frames held since {@link #hold}. */
  void flush() throws IOException {
    byte[] frames = held.toByteArray();
    held = null;
    out.write(frames);
    out.flush();
  }

  void write(int type, int flags, int stream, byte[] payload) throws IOException {
    OutputStream out = held != null ? held : this.out;
    out.write(new byte[] {(byte) (payload.length >>> 16), (byte) (payload.length >>> 8), (byte) payload.length,
        (byte) type, (byte) flags, (byte) (stream >>> 24), (byte) (stream >>> 16), (byte) (stream >>> 8), (byte) stream});
    out.write(payload);
    out.flush();
  }

  /** The next frame; fails on the end of the connection. */
  Frame read() throws IOException {
    int length = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
    int type = in.readUnsignedByte();
    int flags = in.readUnsignedByte();
    int stream = in.readInt() & 0x7fffffff;
    byte[] payload = in.readNBytes(length);
    String status = "";
    if (type == HEADERS) {
      try {
        // A PADDED frame starts with its pad length; a PRIORITY one with 5 bytes of priority.
        int padding = (flags & 0x8) != 0 ? payload[0] & 0xff : 0;
        int start = ((flags & 0x8) != 0 ? 1 : 0) + ((flags & 0x20) != 0 ? 5 : 0);
        CharSequence decoded = hpack.decodeHeaders(stream,
            Unpooled.wrappedBuffer(payload, start, payload.length - start - padding)).status();
        status = decoded == null ? "" : decoded.toString();
      } catch (Http2Exception e) {
        throw new IOException(e);
      }
    }
    return new Frame(type, flags, stream, payload, status);
  }

  /** A POST of {@code body} to {@code path} on {@code stream}: HEADERS, then DATA that ends the stream. */
  void post(int stream, String path, byte[] body) throws IOException {
    postHeaders(stream, path, body.length);
    write(DATA, END_STREAM, stream, body);
  }

  /** The HEADERS of a POST to {@code path} on {@code stream} whose body, still to come, is {@code length} bytes. */
  void postHeaders(int stream, String path, int length) throws IOException {
    write(HEADERS, END_HEADERS, stream, postBlock(path, length));
  }

  /** A header as an HPACK literal without indexing (RFC 7541 section 6.2.2). */
  static void header(ByteArrayOutputStream block, String name, String value) {
    block.write(0);
    literal(block, name);
    literal(block, value);
  }

  /** A header as an HPACK literal with incremental indexing: it enters the dynamic table (section 6.2.1). */
  static void indexedHeader(ByteArrayOutputStream block, String name, String value) {
    block.write(0x40);
    literal(block, name);
    literal(block, value);
  }

  /** An HPACK integer of {@code value} after {@code prefix} bits of a first byte whose high bits are {@code high}. */
  static void integer(ByteArrayOutputStream block, int high, int prefix, int value) {
    int max = (1 << prefix) - 1;
    if (value < max) {
      block.write(high | value);
      return;
    }
    block.write(high | max);
    value -= max;
    while (value >= 128) {
      block.write((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    block.write(value);
  }

  private static void literal(ByteArrayOutputStream block, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    integer(block, 0, 7, bytes.length);
    block.writeBytes(bytes);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
