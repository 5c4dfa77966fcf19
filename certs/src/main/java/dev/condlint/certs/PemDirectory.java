package dev.condlint.certs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A bundle as PEM files in a directory: {@code ca.crt}, {@code ca.key}, {@code tls.crt}, {@code tls.key}. */
public final class PemDirectory {
  private static final Set<PosixFilePermission> KEY_MODE = PosixFilePermissions.fromString("rw-------");
  private static final Set<PosixFilePermission> CERT_MODE = PosixFilePermissions.fromString("rw-r--r--");

  private final Path directory;

  public PemDirectory(Path directory) {
    this.directory = directory;
  }

  /** The bundle in the directory, or empty when any of the four files is missing. */
  public Optional<CertificateBundle> read() throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    for (String name : CertificateBundle.FILE_NAMES) {
      Path file = directory.resolve(name);
      if (Files.exists(file)) {
        files.put(name, Files.readString(file, StandardCharsets.US_ASCII));
      }
    }
    return CertificateBundle.fromFiles(files);
  }

  /**
   * Writes each file to a temporary file created with its final mode (keys 0600, so a key is never
   * readable by others, not even briefly) and moves it into place.
   */
  public void write(CertificateBundle bundle) throws IOException {
    Files.createDirectories(directory);
    for (Map.Entry<String, String> file : bundle.files().entrySet()) {
      boolean key = file.getKey().endsWith(".key");
      Path temporary = Files.createTempFile(directory, "." + file.getKey(), ".tmp",
          PosixFilePermissions.asFileAttribute(key ? KEY_MODE : CERT_MODE));
      Files.writeString(temporary, file.getValue(), StandardCharsets.US_ASCII);
      Files.move(temporary, directory.resolve(file.getKey()), StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    }
  }
}
