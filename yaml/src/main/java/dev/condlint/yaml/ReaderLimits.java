package dev.condlint.yaml;

/**
 * Bounds that keep hostile input (a deeply nested or huge document) from exhausting memory or time.
 * Alias expansion is bounded as kubectl's YAML reader bounds it (see {@link TreeComposer}).
 *
 * @param maxNodes JSON nodes one object (a document, or an item of a List) may expand to, aliases included
 * @param maxDepth nesting depth of one document, aliases included
 * @param maxCodePoints characters per text
 */
public record ReaderLimits(int maxNodes, int maxDepth, int maxCodePoints) {
  public static final ReaderLimits DEFAULT = new ReaderLimits(2_000_000, 200, 256 * 1024 * 1024);
}
