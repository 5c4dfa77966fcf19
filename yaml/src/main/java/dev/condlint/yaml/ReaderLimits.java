package dev.condlint.yaml;

/**
 * Bounds that keep hostile input (a billion-laughs file, a deeply nested or huge document) from
 * exhausting memory or time.
 *
 * @param maxAliases aliases of collections per file; snakeyaml-engine refuses more
 * @param maxNodes JSON nodes one document may expand to, aliases included
 * @param maxDepth nesting depth of one document
 * @param maxCodePoints characters per file
 */
public record ReaderLimits(int maxAliases, int maxNodes, int maxDepth, int maxCodePoints) {
  public static final ReaderLimits DEFAULT = new ReaderLimits(100, 2_000_000, 200, 64 * 1024 * 1024);
}
