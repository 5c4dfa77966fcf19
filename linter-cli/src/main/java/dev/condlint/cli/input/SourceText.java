package dev.condlint.cli.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
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
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Reads an input's bytes as text (UTF-8, or UTF-16 or UTF-32 with a byte order mark), refusing what
 * is not text (binary, another encoding, too large) with an error that says where the bad bytes are.
 */
public final class SourceText {
  /** Inputs larger than this are refused before they are parsed. */
  public static final int MAX_BYTES = 128 * 1024 * 1024;

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

  /**
   * The text of an input's bytes: UTF-8 (its byte order mark dropped), or UTF-16 or UTF-32 where a byte
   * order mark says so, as kubectl decodes a file (golang.org/x/text's BOMOverride, for UTF-16) and as
   * YAML allows (UTF-32 too). Anything else that is not UTF-8, or holds a NUL, is refused where it goes
   * wrong.
   */
  static String decode(String name, byte[] bytes) throws InputException {
    Optional<ByteOrderMark> bom = ByteOrderMark.of(bytes);
    if (bom.isPresent()) {
      return decode(name, bytes, bom.get().length(), bom.get().charset());
    }
    boolean ascii = true;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        throw at(name, new String(bytes, 0, i, StandardCharsets.UTF_8), "binary file (NUL byte), not YAML or JSON text");
      }
      ascii &= bytes[i] > 0;
    }
    if (ascii) {
      // Most manifests are ASCII, which is valid UTF-8 as it is: skip the checking decoder.
      return new String(bytes, StandardCharsets.US_ASCII);
    }
    String text = decode(name, bytes, 0, StandardCharsets.UTF_8);
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /** Whether a text's bytes begin with a byte order mark (UTF-16 or UTF-32, rarely UTF-8). */
  static boolean hasByteOrderMark(byte[] bytes) {
    return ByteOrderMark.of(bytes).isPresent();
  }

  /**
   * Whether a text's bytes may hold this ASCII word: UTF-8 writes ASCII as it is, and the rare text in
   * UTF-16 or UTF-32 is not looked into.
   */
  static boolean mayHold(byte[] bytes, String asciiWord) {
    return ByteOrderMark.of(bytes).isPresent() || new String(bytes, StandardCharsets.ISO_8859_1).contains(asciiWord);
  }

  /**
   * Decodes strictly, refusing a malformed sequence or a NUL at its line and column. The bytes are
   * checked a chunk at a time, then decoded into the string, so that no text-sized buffer is held
   * beside the string.
   */
  private static String decode(String name, byte[] bytes, int offset, Charset charset) throws InputException {
    CharsetDecoder decoder =
        charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
    CharBuffer chunk = CharBuffer.allocate(8192);
    for (CoderResult result = CoderResult.OVERFLOW; result.isOverflow(); chunk.clear()) {
      result = decoder.decode(in, chunk, true);
      if (result.isError()) {
        String invalid = result.length() == 1
            ? String.format("invalid byte 0x%02X", bytes[in.position()] & 0xFF)
            : "invalid sequence of " + result.length() + " bytes";
        String before = new String(bytes, offset, in.position() - offset, charset);
        throw at(name, before, "not " + charset.name() + ": " + invalid);
      }
    }
    String text = new String(bytes, offset, bytes.length - offset, charset);
    int nul = charset == StandardCharsets.UTF_8 ? -1 : text.indexOf('\0');
    if (nul >= 0) {
      throw at(name, text.substring(0, nul), "binary file (NUL character), not YAML or JSON text");
    }
    return text;
  }

  /** The byte order marks of the encodings a YAML or JSON text may be in besides UTF-8. */
  private enum ByteOrderMark {
    // UTF-32LE first: its mark starts with UTF-16LE's.
    UTF_32LE(Charset.forName("UTF-32LE"), 0xFF, 0xFE, 0x00, 0x00),
    UTF_32BE(Charset.forName("UTF-32BE"), 0x00, 0x00, 0xFE, 0xFF),
    UTF_16LE(StandardCharsets.UTF_16LE, 0xFF, 0xFE),
    UTF_16BE(StandardCharsets.UTF_16BE, 0xFE, 0xFF);

    private final Charset charset;
    private final int[] mark;

    ByteOrderMark(Charset charset, int... mark) {
      this.charset = charset;
      this.mark = mark;
    }

    Charset charset() {
      return charset;
    }

    int length() {
      return mark.length;
    }

    static Optional<ByteOrderMark> of(byte[] bytes) {
      for (ByteOrderMark bom : values()) {
        if (bytes.length >= bom.mark.length && IntStream.range(0, bom.mark.length)
            .allMatch(i -> (bytes[i] & 0xFF) == bom.mark[i])) {
          return Optional.of(bom);
        }
      }
      return Optional.empty();
    }
  }

  /** A refusal at the end of {@code before}, the text decoded up to the problem. */
  private static InputException at(String name, String before, String message) {
    int lineStart = before.lastIndexOf('\n') + 1;
    int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
    return new InputException(
        InputError.at(name, line, before.codePointCount(lineStart, before.length()) + 1, message));
  }

  private static InputException tooLarge(String name) {
    return new InputException(
        InputError.of(name, "file is larger than " + (MAX_BYTES / (1024 * 1024)) + " MiB; not read"));
  }
}
