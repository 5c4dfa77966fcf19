package dev.condlint.cli.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads an input's bytes as UTF-8 text, refusing what is not text (binary, another encoding, too
 * large) with an error that says where the bad bytes are.
 */
public final class SourceText {
  /** Inputs larger than this are refused before they are parsed. */
  public static final int MAX_BYTES = 16 * 1024 * 1024;

  private SourceText() {}

  /** The text of a file; {@code name} is how the user sees the file in messages. */
  public static String read(Path path, String name) throws InputException {
    return decode(name, bytes(path, name));
  }

  /**
   * The bytes of a file, within the size bound; {@code name} is how the user sees the file in messages.
   * A path that is not a regular file (a FIFO, a device) has no size to check first: it is read as a
   * stream, up to the bound.
   */
  static byte[] bytes(Path path, String name) throws InputException {
    try {
      if (!Files.isRegularFile(path) && Files.exists(path)) {
        try (InputStream in = Files.newInputStream(path)) {
          return bounded(in, name);
        }
      }
      if (Files.size(path) > MAX_BYTES) {
        throw tooLarge(name);
      }
      return Files.readAllBytes(path);
    } catch (NoSuchFileException e) {
      // JDK 25 reports a path through a regular file (ENOTDIR) as a missing file; JDK 17 does not.
      throw new InputException(InputError.of(name, throughAFile(path) ? "not a directory" : "no such file or directory"));
    } catch (AccessDeniedException e) {
      throw new InputException(InputError.of(name, "permission denied"));
    } catch (FileSystemException e) {
      String reason = e.getReason() == null ? "cannot be read" : e.getReason().toLowerCase(Locale.ROOT);
      throw new InputException(InputError.of(name, reason));
    } catch (IOException e) {
      throw new InputException(InputError.of(name, "cannot be read: " + e.getMessage()));
    }
  }

  private static boolean throughAFile(Path path) {
    for (Path p = path.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p)) {
        return true;
      }
    }
    return false;
  }

  /** The text of a stream (standard input), read up to the size bound. */
  public static String read(InputStream in, String name) throws InputException {
    try {
      return decode(name, bounded(in, name));
    } catch (IOException e) {
      throw new InputException(InputError.of(name, "cannot be read: " + e.getMessage()));
    }
  }

  private static byte[] bounded(InputStream in, String name) throws IOException, InputException {
    byte[] bytes = in.readNBytes(MAX_BYTES + 1);
    if (bytes.length > MAX_BYTES) {
      throw tooLarge(name);
    }
    return bytes;
  }

  static String decode(String name, byte[] bytes) throws InputException {
    boolean ascii = true;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        throw at(name, bytes, i, "binary file (NUL byte), not YAML or JSON text");
      }
      ascii &= bytes[i] > 0;
    }
    if (ascii) {
      // Most manifests are ASCII, which is valid UTF-8 as it is: skip the checking decoder.
      return new String(bytes, StandardCharsets.US_ASCII);
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = decoder.decode(in, out, true);
    if (result.isError()) {
      int bad = in.position();
      throw at(name, bytes, bad, String.format("not UTF-8: invalid byte 0x%02X", bytes[bad] & 0xFF));
    }
    decoder.flush(out);
    out.flip();
    String text = out.toString();
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  private static InputException at(String name, byte[] bytes, int offset, String message) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset; i++) {
      if (bytes[i] == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new InputException(InputError.at(name, line, offset - lineStart + 1, message));
  }

  private static InputException tooLarge(String name) {
    return new InputException(
        InputError.of(name, "file is larger than " + (MAX_BYTES / (1024 * 1024)) + " MiB; not read"));
  }
}
