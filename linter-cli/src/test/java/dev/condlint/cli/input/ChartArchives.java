package dev.condlint.cli.input;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/** Writes a chart archive as {@code helm package} does: a gzipped tar of the chart's folder, its entries in order. */
public final class ChartArchives {
  private ChartArchives() {}

  /** Writes {@code entries} (path in the archive, text) to {@code archive}, creating its folder. */
  public static Path write(Path archive, Map<String, String> entries) throws IOException {
    Files.createDirectories(archive.getParent());
    try (OutputStream file = Files.newOutputStream(archive);
        GZIPOutputStream gzip = new GZIPOutputStream(file);
        TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip)) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      for (Map.Entry<String, String> e : entries.entrySet()) {
        byte[] content = e.getValue().getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry entry = new TarArchiveEntry(e.getKey());
        entry.setSize(content.length);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
      }
    }
    return archive;
  }
}
