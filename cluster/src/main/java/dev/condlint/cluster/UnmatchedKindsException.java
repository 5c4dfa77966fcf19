package dev.condlint.cluster;

import java.util.List;

/**
 * {@code --kinds} patterns that match no resource the server has, and the resources it has: the
 * command says which patterns, and the kind each may be a typo of.
 */
public final class UnmatchedKindsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient List<String> patterns;
  private final transient List<ApiResource> served;

  public UnmatchedKindsException(List<String> patterns, List<ApiResource> served) {
    super("--kinds: the server has no resource type " + String.join(", ", patterns), null, false, false);
    this.patterns = List.copyOf(patterns);
    this.served = List.copyOf(served);
  }

  public List<String> patterns() {
    return patterns;
  }

  public List<ApiResource> served() {
    return served;
  }
}
