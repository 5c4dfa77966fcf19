package dev.condlint.cli.input;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * A vendored Helm chart archive ({@code charts/x-1.2.3.tgz}, as {@code helm dependency build} leaves a
 * dependency of Chart.yaml): a gzipped tar of the chart's folder. Where CRD discovery looks, a chart
 * keeps its CRDs in {@code crds/} (installed before the templates) or among its templates
 * ({@code templates/crds.yaml}), its own or a subchart's ({@code x/charts/y/crds/z.yaml}); only those
 * YAML and JSON entries are handed over. Bounded as a file is: an entry larger than a file's bound is
 * named, not read, and the archive is read no further once it has unpacked more than four files' bound
 * in all (a small archive can unpack to gigabytes).
 */
final class HelmArchive {
  private static final List<String> EXTENSIONS = List.of(".yaml", ".yml", ".json");
  /** How many files' bound an archive may unpack to: a chart is a few files, each far below it. */
  private static final int UNPACKED_FILES = 4;

  private HelmArchive() {}

  /** What is handed over of each entry worth a look: its bytes, or none where it is larger than the bound. */
  interface EntrySink {
    /**
     * @param name the entry's path in the archive ({@code x/crds/y.yaml})
     * @param index the entry's place in the archive, counting every entry
     */
    void accept(String name, int index, Optional<byte[]> content);
  }

  /**
   * Hands over the CRD-holding entries of the archive at {@code path}, in archive order; what stopped the
   * reading, if anything did ({@code cannot be read as a chart archive: ...}).
   */
  static Optional<String> read(Path path, long bound, EntrySink sink) {
    long unpackedBound = UNPACKED_FILES * bound;
    try (InputStream file = Files.newInputStream(path);
        Unpacked unpacked = new Unpacked(new GZIPInputStream(file), unpackedBound);
        TarArchiveInputStream tar = new TarArchiveInputStream(unpacked)) {
      int index = 0;
      for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry(), index++) {
        String name = entry.getName();
        if (!entry.isFile() || !holdsCrds(name)) {
          continue;
        }
        if (entry.getSize() > bound) {
          sink.accept(name, index, Optional.empty());
          continue;
        }
        sink.accept(name, index, Optional.of(tar.readNBytes((int) entry.getSize())));
      }
      return Optional.empty();
    } catch (TooLarge e) {
      return Optional.of("larger than " + ProjectCrds.size(unpackedBound) + " unpacked");
    } catch (IOException | RuntimeException e) {
      return Optional.of("cannot be read as a chart archive: " + e.getMessage());
    }
  }

  /** Whether an entry is a YAML or JSON file in a chart's (or a subchart's) {@code crds} or {@code templates} folder. */
  static boolean holdsCrds(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (EXTENSIONS.stream().noneMatch(lower::endsWith)) {
      return false;
    }
    String[] parts = name.split("/");
    for (int i = 1; i < parts.length - 1; i++) {
      if (parts[i].equals("crds") || parts[i].equals("templates")) {
        return true;
      }
    }
    return false;
  }

  /** Thrown when an archive unpacks to more than its bound. */
  private static final class TooLarge extends IOException {
    TooLarge() {
      super("unpacked past its bound");
    }
  }

  /** The unpacked stream, which refuses to go past its bound. */
  private static final class Unpacked extends FilterInputStream {
    private final long bound;
    private long read;

    Unpacked(InputStream in, long bound) {
      super(in);
      this.bound = bound;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = super.skip(n);
      count(skipped);
      return skipped;
    }

    private void count(long n) throws TooLarge {
      read += n;
      if (read > bound) {
        throw new TooLarge();
      }
    }
  }
}
