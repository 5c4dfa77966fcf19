package dev.condlint.cli.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** condlint's version and home page, from the resource Maven filters at build time. */
public final class Version implements IVersionProvider {
  private static final String RESOURCE = "version.properties";

  /** The project version, such as {@code 0.1.0-SNAPSHOT}. */
  public static String current() {
    return property("version");
  }

  /** The project's home page, such as {@code https://condlint.dev} (the build property {@code condlint.homepage}). */
  public static String homepage() {
    return property("homepage");
  }

  /** The project's source repository, such as {@code https://github.com/condlint/condlint}. */
  public static String repository() {
    return property("repository");
  }

  /**
   * {@code docs/rules.md} in the repository as this version has it: at its release tag
   * ({@code v0.2.0}), or on {@code main} for a snapshot, which has no tag.
   */
  public static String rulesDoc() {
    String version = current();
    String ref = version.endsWith("-SNAPSHOT") || version.equals("unknown") ? "main" : "v" + version;
    return repository() + "/blob/" + ref + "/docs/rules.md";
  }

  private static String property(String name) {
    try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty(name, "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"condlint " + current()};
  }
}
