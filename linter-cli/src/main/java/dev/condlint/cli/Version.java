package dev.condlint.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** condlint's version, from the resource Maven filters at build time. */
public final class Version implements IVersionProvider {
  private static final String RESOURCE = "version.properties";

  /** The project version, such as {@code 0.1.0-SNAPSHOT}. */
  public static String current() {
    try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"condlint " + current()};
  }
}
