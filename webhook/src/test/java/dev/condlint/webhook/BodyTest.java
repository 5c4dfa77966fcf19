package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.admission.ReviewDecoder;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A body kept as the chunks it arrived in: read in order, and compared with itself in place. */
class BodyTest {
  private static final String TEXT = "{\"a\":{\"x\":[1,2]},\"b\":{\"x\":[1,2]},\"c\":{\"x\":[1,3]}}";

  /** How each chunk is held: as Vert.x holds what it reads, or as a slice off a larger array, or off the heap. */
  private enum Held {
    HEAP, SLICE, DIRECT;

    Buffer of(byte[] bytes, int from, int length) {
      return switch (this) {
        case HEAP -> Buffer.buffer().appendBytes(bytes, from, length);
        // The chunk's bytes lie within a larger array, after 3 other bytes: its array offset is not 0.
        case SLICE -> {
          byte[] larger = new byte[length + 7];
          System.arraycopy(bytes, from, larger, 3, length);
          yield Buffer.buffer(Unpooled.wrappedBuffer(larger).slice(3, length));
        }
        case DIRECT -> Buffer.buffer(Unpooled.directBuffer(length).writeBytes(bytes, from, length));
      };
    }
  }

  /** The text split at each of {@code cuts}, with an empty chunk as well. */
  private static Body body(int... cuts) {
    return body(Held.HEAP, cuts);
  }

  private static Body body(Held held, int... cuts) {
    Body body = new Body(new InflightBudget(1 << 20).connection().open(() -> {}));
    byte[] bytes = TEXT.getBytes(StandardCharsets.UTF_8);
    int from = 0;
    for (int cut : cuts) {
      body.add(held.of(bytes, from, cut - from));
      from = cut;
    }
    body.add(held.of(bytes, from, 0));
    body.add(held.of(bytes, from, bytes.length - from));
    return body;
  }

  @Test
  void partsAreComparedAcrossChunks() throws Exception {
    int a = TEXT.indexOf("{\"x\"");
    int b = TEXT.indexOf("{\"x\"", a + 1);
    int c = TEXT.indexOf("{\"x\"", b + 1);
    int length = "{\"x\":[1,2]}".length();
    for (Held held : Held.values()) {
      for (List<Integer> cuts : List.of(List.<Integer>of(), List.of(1), List.of(a + 3, b + 1), List.of(7, 8, 9, 20, 33, 40))) {
        Body body = body(held, cuts.stream().mapToInt(Integer::intValue).toArray());
        String where = held + " " + cuts;
        byte[] bytes = TEXT.getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(bytes, body.open().readAllBytes(), where);
        for (int from = 0; from <= bytes.length + 1; from++) {
          assertArrayEquals(java.util.Arrays.copyOfRange(bytes, Math.min(from, bytes.length), bytes.length),
              body.openAt(from).readAllBytes(), where + " from " + from);
        }
        assertTrue(body.sameBytes(a, b, length), where);
        assertTrue(body.sameBytes(b, a, length), where);
        assertTrue(body.sameBytes(a, c, length - 4), where);
        assertFalse(body.sameBytes(a, c, length), where);
        assertTrue(body.sameBytes(a, a, 0), where);
        // Beyond the end, or before the start: not the same.
        assertFalse(body.sameBytes(a, TEXT.length() - 3, 4), where);
        assertFalse(body.sameBytes(-1, a, 2), where);
      }
    }
  }

  @Test
  void aDroppedBodyComparesNothing() throws Exception {
    Body body = body(5);
    body.drop();
    assertFalse(body.sameBytes(0, 1, 1));
    assertEquals(-1, ((ReviewDecoder.Source) body).open().read(new byte[1], 0, 1));
  }
}
