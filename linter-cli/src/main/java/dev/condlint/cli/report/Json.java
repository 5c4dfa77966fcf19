package dev.condlint.cli.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.ObjectRef;
import java.io.IOException;
import java.io.Writer;

/** The one JSON writer the JSON-based formats share: two-space indent, {@code \n} line ends. */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ObjectWriter WRITER =
      MAPPER.writer(
          new DefaultPrettyPrinter()
              .withObjectIndenter(new DefaultIndenter("  ", "\n"))
              .withArrayIndenter(new DefaultIndenter("  ", "\n")))
          .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

  private Json() {}

  /** Names an object under {@code field} as every JSON output does: apiVersion, kind, namespace and name. */
  public static ObjectNode putObject(ObjectNode parent, String field, ObjectRef ref) {
    return parent.putObject(field)
        .put("apiVersion", ref.apiVersion())
        .put("kind", ref.kind())
        .put("namespace", ref.namespace())
        .put("name", ref.name());
  }

  public static void write(JsonNode node, Writer out) throws IOException {
    WRITER.writeValue(out, node);
    out.write("\n");
  }
}
