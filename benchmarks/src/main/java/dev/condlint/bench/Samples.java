package dev.condlint.bench;

/** The three object shapes every benchmark runs on, built by the seeded corpus generator. */
final class Samples {
  private Samples() {}

  /** The YAML text of a shape: {@code small}, {@code conditions30} (about 20 KB) or {@code crd}. */
  static String text(String shape) {
    CorpusGenerator generator = new CorpusGenerator(7);
    return switch (shape) {
      case "small" -> generator.smallObject();
      case "conditions30" -> generator.largeObject();
      case "crd" -> generator.largeCrd(400);
      default -> throw new IllegalArgumentException("unknown shape " + shape);
    };
  }
}
