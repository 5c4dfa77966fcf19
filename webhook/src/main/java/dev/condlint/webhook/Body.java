package dev.condlint.webhook;

import dev.condlint.admission.ReviewDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.vertx.core.buffer.Buffer;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A request body as it arrived: the chunks Vert.x handed over, kept as they are (each is already a copy
 * of the network's buffer; joining them would copy the body again, and a growing buffer would hold
 * twice its size while it grows), with what the request holds of the in-flight bound.
 */
final class Body implements ReviewDecoder.Source {
  /**
   * What a chunk costs besides its bytes: the Vert.x buffer, the Netty buffer, the array's header and
   * the list's slot.
   */
  static final int CHUNK_OVERHEAD = 128;

  private List<Buffer> chunks = new ArrayList<>();
  private long length;
  final InflightBudget.Holder holder;

  Body(InflightBudget.Holder holder) {
    this.holder = holder;
  }

  void add(Buffer chunk) {
    chunks.add(chunk);
    length += chunk.length();
  }

  long length() {
    return length;
  }

  /** Lets the chunks go: what the request holds is then its decoded objects, or nothing. */
  void drop() {
    chunks = List.of();
  }

  /** The bytes, read in order without joining the chunks. */
  @Override
  public InputStream open() {
    return openAt(0);
  }

  /** The bytes from offset {@code from} on (none past the end), read in order without joining the chunks. */
  @Override
  public InputStream openAt(long from) {
    List<Buffer> parts = chunks;
    int first = 0;
    long skip = Math.max(0, from);
    while (first < parts.size() && skip >= parts.get(first).length()) {
      skip -= parts.get(first++).length();
    }
    int startPart = first;
    int startOffset = (int) (first < parts.size() ? skip : 0);
    return new InputStream() {
      private int part = startPart;
      private int offset = startOffset;

      @Override
      public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
      }

      @Override
      public int read(byte[] into, int off, int len) {
        while (part < parts.size() && offset >= parts.get(part).length()) {
          part++;
          offset = 0;
        }
        if (part >= parts.size()) {
          return -1;
        }
        if (len == 0) {
          return 0;
        }
        Buffer chunk = parts.get(part);
        int n = Math.min(len, chunk.length() - offset);
        chunk.getBytes(offset, offset + n, into, off);
        offset += n;
        return n;
      }
    };
  }

  /** Compares two parts of the body in place, across chunks. */
  @Override
  public boolean sameBytes(long from, long at, long length) {
    List<Buffer> parts = chunks;
    long total = 0;
    for (Buffer part : parts) {
      total += part.length();
    }
    if (from < 0 || at < 0 || length < 0 || from + length > total || at + length > total) {
      return false;
    }
    if (length == 0) {
      return true;
    }
    int a = 0;
    long offsetA = from;
    while (offsetA >= parts.get(a).length()) {
      offsetA -= parts.get(a++).length();
    }
    int b = 0;
    long offsetB = at;
    while (offsetB >= parts.get(b).length()) {
      offsetB -= parts.get(b++).length();
    }
    long left = length;
    while (left > 0) {
      Buffer chunkA = parts.get(a);
      Buffer chunkB = parts.get(b);
      int n = (int) Math.min(left, Math.min(chunkA.length() - offsetA, chunkB.length() - offsetB));
      if (n > 0 && !equal(chunkA, (int) offsetA, chunkB, (int) offsetB, n)) {
        return false;
      }
      left -= n;
      offsetA += n;
      offsetB += n;
      if (offsetA == chunkA.length()) {
        a++;
        offsetA = 0;
      }
      if (offsetB == chunkB.length()) {
        b++;
        offsetB = 0;
      }
    }
    return true;
  }

  /**
   * Whether {@code n} bytes of two chunks are equal. Chunks on the heap are compared as their arrays
   * ({@link Arrays#equals(byte[], int, int, byte[], int, int)}, which the JIT vectorises): Netty's
   * {@link ByteBufUtil#equals} reads a slice eight bytes at a time with bounds checks through the
   * slice, and comparing a 9 KB status that way took 6% of an event loop's samples at 20 KB reviews,
   * about as much as parsing it. Other buffers (direct ones) are compared as Netty compares them.
   */
  private static boolean equal(Buffer a, int offsetA, Buffer b, int offsetB, int n) {
    ByteBuf x = a.getByteBuf();
    ByteBuf y = b.getByteBuf();
    if (x.hasArray() && y.hasArray()) {
      int i = x.arrayOffset() + offsetA;
      int j = y.arrayOffset() + offsetB;
      return Arrays.equals(x.array(), i, i + n, y.array(), j, j + n);
    }
    return ByteBufUtil.equals(x, offsetA, y, offsetB, n);
  }
}
