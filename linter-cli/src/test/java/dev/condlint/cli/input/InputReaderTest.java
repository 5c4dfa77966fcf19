package dev.condlint.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.condlint.model.Document;
import dev.condlint.yaml.YamlDocuments;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The first pass's look at an input: parse it only when its bytes mention the word. */
class InputReaderTest {
  private static final String CRD = "CustomResourceDefinition";

  @TempDir Path dir;

  private final InputReader reader =
      new InputReader(new ByteArrayInputStream("apiVersion: v1\nkind: CustomResourceDefinition\n".getBytes(StandardCharsets.UTF_8)));

  private Input file(String name, byte[] content) throws IOException {
    return Input.file(name, Files.write(dir.resolve(name), content));
  }

  private static List<String> kinds(InputReader.Read read) {
    return read.documents().stream().map(d -> d.object().path("kind").asText()).toList();
  }

  /** The kinds the first pass's look at an input hands on. */
  private List<String> kindsIfMentioned(Input input) {
    List<Document> objects = new ArrayList<>();
    reader.objectsIfMentioned(input, CRD, YamlDocuments.ObjectSink.into(objects));
    return objects.stream().map(d -> d.object().path("kind").asText()).toList();
  }

  @Test
  void parsesAFileWhoseBytesMentionTheWordEvenWithNonAsciiTextAround() throws IOException {
    Input input = file("crd.yaml", "# Übersicht\napiVersion: v1\nkind: CustomResourceDefinition\n---\napiVersion: v1\nkind: Widget\n"
        .getBytes(StandardCharsets.UTF_8));

    assertEquals(List.of("CustomResourceDefinition", "Widget"), kindsIfMentioned(input));
  }

  @Test
  void parsesAFileInUtf16WhoseBytesCannotBeSearchedForTheWord() throws IOException {
    Input input = file("crd.yaml", "\uFEFFapiVersion: v1\nkind: CustomResourceDefinition\n".getBytes(StandardCharsets.UTF_16LE));

    assertEquals(List.of("CustomResourceDefinition"), kindsIfMentioned(input));
  }

  @Test
  void skipsAFileThatDoesNotMentionTheWord() throws IOException {
    assertEquals(List.of(), kindsIfMentioned(file("w.yaml", "apiVersion: v1\nkind: Widget\n".getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void leavesUnreadableInputsAndStandardInputToTheLintingPass() throws IOException {
    Input notUtf8 = file("latin1.yaml", "apiVersion: v1\nkind: CustomResourceDefinition # \u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    Input missing = Input.file("missing.yaml", dir.resolve("missing.yaml"));

    for (Input input : List.of(notUtf8, missing, Input.stdin())) {
      assertEquals(List.of(), kindsIfMentioned(input), input.name());
    }
    // Standard input was not consumed: the linting pass still reads it whole.
    assertEquals(List.of("CustomResourceDefinition"), kinds(reader.read(Input.stdin())));
    assertEquals(List.of("latin1.yaml:2:34: not UTF-8: invalid byte 0xE9"), reader.read(notUtf8).errors().stream().map(e -> e.location() + ": " + e.message()).toList());
  }
}
