package dev.condlint.webhook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.admission.ReviewDecoder;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A body kept as the chunks it arrived in: read in order, and compared with itself in place. */
class BodyTest {
  private static final String TEXT = "{\"a\":{\"x\":[1,2]},\"b\":{\"x\":[1,2]},\"c\":{\"x\":[1,3]}}";

  /** The text split at each of {@code cuts}, with an empty chunk as well. */
  private static Body body(int... cuts) {
    Body body = new Body(new InflightBudget(1 << 20).connection().open(() -> {}));
    byte[] bytes = TEXT.getBytes(StandardCharsets.UTF_8);
    int from = 0;
    for (int cut : cuts) {
      body.add(Buffer.buffer().appendBytes(bytes, from, cut - from));
      from = cut;
    }
    body.add(Buffer.buffer());
    body.add(Buffer.buffer().appendBytes(bytes, from, bytes.length - from));
    return body;
  }

  @Test
  void partsAreComparedAcrossChunks() throws Exception {
    int a = TEXT.indexOf("{\"x\"");
    int b = TEXT.indexOf("{\"x\"", a + 1);
    int c = TEXT.indexOf("{\"x\"", b + 1);
    int length = "{\"x\":[1,2]}".length();
    for (List<Integer> cuts : List.of(List.<Integer>of(), List.of(1), List.of(a + 3, b + 1), List.of(7, 8, 9, 20, 33, 40))) {
      Body body = body(cuts.stream().mapToInt(Integer::intValue).toArray());
      assertArrayEquals(TEXT.getBytes(StandardCharsets.UTF_8), body.open().readAllBytes(), cuts.toString());
      assertTrue(body.sameBytes(a, b, length), cuts.toString());
      assertTrue(body.sameBytes(b, a, length), cuts.toString());
      assertTrue(body.sameBytes(a, c, length - 4), cuts.toString());
      assertFalse(body.sameBytes(a, c, length), cuts.toString());
      assertTrue(body.sameBytes(a, a, 0), cuts.toString());
      // Beyond the end, or before the start: not the same.
      assertFalse(body.sameBytes(a, TEXT.length() - 3, 4), cuts.toString());
      assertFalse(body.sameBytes(-1, a, 2), cuts.toString());
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
