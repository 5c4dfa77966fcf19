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
