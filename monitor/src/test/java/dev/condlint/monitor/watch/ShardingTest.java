package dev.condlint.monitor.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hash kube-state-metrics shards by: FNV-1a 64 (the published test vectors) and the jump consistent
 * hash; the expected shards were computed by an independent implementation of the paper's algorithm
 * (Python, from arXiv:1406.2294), not by this one.
 */
class ShardingTest {
  @Test
  void fnv1a64MatchesItsPublishedVectors() {
    assertEquals(0xcbf29ce484222325L, Sharding.fnv1a64(""));
    assertEquals(0xaf63dc4c8601ec8cL, Sharding.fnv1a64("a"));
    assertEquals(0x85944171f73967e8L, Sharding.fnv1a64("foobar"));
  }

  @Test
  void jumpHashSpreadsKeysAsThePaperSays() {
    int[] expected = {0, 6, 6, 8, 1, 4, 9, 0, 4, 7};
    for (int key = 0; key < 10; key++) {
      assertEquals(expected[key], Sharding.jump(key, 10), "key " + key);
    }
  }

  @Test
  void aUidsShardForOneToTenShards() {
    List<Integer> counts = List.of(1, 2, 3, 5, 10);
    assertEquals(List.of(0, 1, 1, 4, 4), shards("3f0c8a52-6f0e-4a8e-9c53-6a1b1e0f2c11", counts));
    assertEquals(List.of(0, 1, 1, 1, 1), shards("00000000-0000-0000-0000-000000000001", counts));
    assertEquals(List.of(0, 0, 2, 2, 8), shards("b2d8e9f4-1c2a-4e57-8f3b-0d9e6a7c5b42", counts));
    assertEquals(List.of(0, 1, 2, 3, 5), shards("7d5c2a1e-9b3f-4c8d-a1e2-3f4b5c6d7e8f", counts));
  }

  private static List<Integer> shards(String uid, List<Integer> counts) {
    return counts.stream().map(n -> Sharding.shardOf(uid, n)).toList();
  }

  @Test
  void eachUidBelongsToExactlyOneShard() {
    String uid = "3f0c8a52-6f0e-4a8e-9c53-6a1b1e0f2c11";
    assertTrue(new Sharding(4, 5).owns(uid));
    for (int shard : List.of(0, 1, 2, 3)) {
      assertFalse(new Sharding(shard, 5).owns(uid), "shard " + shard);
    }
    assertTrue(Sharding.NONE.owns(uid));
  }

  @Test
  void aShardOutsideTheTotalIsRefused() {
    assertEquals("--shard must be from 0 to --total-shards - 1 (1), not 2",
        assertThrows(IllegalArgumentException.class, () -> new Sharding(2, 2)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> new Sharding(0, 0));
  }
}
