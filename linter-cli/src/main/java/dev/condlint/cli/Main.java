package dev.condlint.cli;

/** Entry point of the {@code condlint} command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(0);
  }
}
