package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.StreamDataWriter;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.NonPrintableStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Writes a JSON tree as block YAML that reads back as the same tree, both here and in kubectl: a
 * string that a YAML 1.1 reader would take for something else ({@code yes}, {@code True},
 * {@code 1_000}, {@code ~}) is quoted, as a YAML 1.2 writer would not do, so that the file says
 * what the object held and no rule mistakes it for an unquoted boolean.
 */
public final class YamlWriter {
  private static final DumpSettings SETTINGS = DumpSettings.builder()
      .setDefaultFlowStyle(FlowStyle.BLOCK)
      .setIndent(2)
      // Long strings stay on one line: a folded scalar reads back the same but diffs badly.
      .setSplitLines(false)
      .setWidth(Integer.MAX_VALUE)
      .setMaxSimpleKeyLength(1024)
      .setNonPrintableStyle(NonPrintableStyle.ESCAPE)
      .build();

  private YamlWriter() {}

  /** The tree as one YAML document, ending in a line break. */
  public static void write(JsonNode tree, Writer out) throws IOException {
    try {
      new Dump(SETTINGS).dumpNode(node(tree), new Sink(out));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static Node node(JsonNode value) {
    if (value.isObject()) {
      List<NodeTuple> entries = new ArrayList<>(value.size());
      for (Map.Entry<String, JsonNode> e : value.properties()) {
        entries.add(new NodeTuple(string(e.getKey()), node(e.getValue())));
      }
      return new MappingNode(Tag.MAP, entries, FlowStyle.BLOCK);
    }
    if (value.isArray()) {
      List<Node> items = new ArrayList<>(value.size());
      value.forEach(item -> items.add(node(item)));
      return new SequenceNode(Tag.SEQ, items, FlowStyle.BLOCK);
    }
    if (value.isTextual()) {
      return string(value.textValue());
    }
    if (value.isBoolean()) {
      return new ScalarNode(Tag.BOOL, value.asText(), ScalarStyle.PLAIN);
    }
    if (value.isIntegralNumber()) {
      return new ScalarNode(Tag.INT, value.asText(), ScalarStyle.PLAIN);
    }
    if (value.isNumber()) {
      return new ScalarNode(Tag.FLOAT, value.asText(), ScalarStyle.PLAIN);
    }
    return new ScalarNode(Tag.NULL, "null", ScalarStyle.PLAIN);
  }

  /**
   * A string plain where both readers keep it a string (the emitter still quotes what YAML 1.2 would
   * not), a block literal when it spans lines, else double-quoted: escaped, so that no character a
   * reader takes for a line break (NEL, the Unicode separators, CR) or drops is written raw.
   */
  private static ScalarNode string(String s) {
    ScalarStyle style;
    if (needsEscapes(s)) {
      style = ScalarStyle.DOUBLE_QUOTED;
    } else if (s.indexOf('\n') >= 0) {
      // The emitter falls back to a quoted style where a literal block cannot hold the text.
      style = ScalarStyle.LITERAL;
    } else if (keepsItsText(s)) {
      style = ScalarStyle.PLAIN;
    } else {
      style = ScalarStyle.DOUBLE_QUOTED;
    }
    return new ScalarNode(Tag.STR, s, style);
  }

  private static boolean needsEscapes(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 && c != '\n' || c >= 0x7F && c <= 0x9F || c == '\u2028' || c == '\u2029' || c == '\uFEFF') {
        return true;
      }
    }
    return false;
  }

  private static boolean keepsItsText(String s) {
    // The empty string reads as null; "<<" is YAML 1.1's merge key.
    if (s.isEmpty() || s.equals("<<")) {
      return false;
    }
    JsonNode read = Yaml11Scalars.resolve(s);
    return read.isTextual() && read.textValue().equals(s);
  }

  private record Sink(Writer out) implements StreamDataWriter {
    @Override
    public void write(String str) {
      try {
        out.write(str);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void write(String str, int off, int len) {
      try {
        out.write(str, off, len);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
