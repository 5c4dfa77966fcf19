package dev.condlint.monitor.watch;

import java.nio.charset.StandardCharsets;

/**
 * Which objects this replica of {@code --total-shards} owns: those whose uid hashes to its
 * {@code --shard}, as kube-state-metrics shards (FNV-1a 64 of the uid, then Lamping and Veach's jump
 * consistent hash into the number of shards; kubernetes/kube-state-metrics pkg/sharding/listwatch.go
 * at f0f9898), so that the two shard a cluster's objects alike. Every replica still watches every
 * object (and every CRD, its contracts); it judges and counts only its own.
 */
public record Sharding(int shard, int total) {
  public static final Sharding NONE = new Sharding(0, 1);

  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  public Sharding {
    if (total < 1 || shard < 0 || shard >= total) {
      throw new IllegalArgumentException("--shard must be from 0 to --total-shards - 1 (" + (total - 1) + "), not "
          + shard);
    }
  }

  public boolean owns(String uid) {
    return total == 1 || shardOf(uid, total) == shard;
  }

  /** The shard of a uid among {@code total}. */
  static int shardOf(String uid, int total) {
    return jump(fnv1a64(uid), total);
  }

  static long fnv1a64(String s) {
    long hash = FNV_OFFSET;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= FNV_PRIME;
    }
    return hash;
  }

  /** Jump consistent hash (arXiv:1406.2294): the key as an unsigned 64-bit number. */
  static int jump(long key, int buckets) {
    long b = -1;
    long j = 0;
    while (j < buckets) {
      b = j;
      key = key * 2862933555777941757L + 1;
      j = (long) ((b + 1) * ((double) (1L << 31) / (double) ((key >>> 33) + 1)));
    }
    return (int) b;
  }
}
