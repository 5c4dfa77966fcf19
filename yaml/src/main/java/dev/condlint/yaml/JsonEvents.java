package dev.condlint.yaml;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.condlint.model.Position;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.regex.Pattern;

/**
 * JSON's node events, from Jackson's strict parser, for a text that kubectl reads as JSON (its
 * first non-blank character is <code>{</code>): what a JSON decoder rejects (a trailing comma, a
 * comment, a single quote) is an error at its line and column, not YAML that happens to be
 * accepted. Like kubectl, a text may hold several JSON values one after the other, each a document.
 */
final class JsonEvents implements NodeEvents {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private final JsonParser parser;
  private int depth;
  /** A root value's first token, read when the document starting it was reported. */
  private JsonToken pending;
  private boolean documentOpen;
  private Position at;
  private JsonNode value;
  private String text;
  private boolean plain;

  JsonEvents(String text, int maxCodePoints) {
    JsonFactory factory = JsonFactory.builder()
        .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(maxCodePoints).build())
        .build();
    try {
      this.parser = factory.createParser(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether kubectl reads this text as JSON: its first non-blank character is <code>{</code>. */
  static boolean isJson(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!Character.isWhitespace(c)) {
        return c == '{';
      }
    }
    return false;
  }

  @Override
  public Kind next() {
    if (documentOpen && depth == 0 && pending == null) {
      documentOpen = false;
      return Kind.DOCUMENT_END;
    }
    JsonToken token = pending != null ? pending : read();
    pending = null;
    at = position(parser.currentTokenLocation());
    if (token == null) {
      return Kind.STREAM_END;
    }
    if (!documentOpen) {
      documentOpen = true;
      pending = token;
      return Kind.DOCUMENT_START;
    }
    return switch (token) {
      case START_OBJECT -> {
        depth++;
        yield Kind.MAPPING_START;
      }
      case END_OBJECT -> {
        depth--;
        yield Kind.MAPPING_END;
      }
      case START_ARRAY -> {
        depth++;
        yield Kind.SEQUENCE_START;
      }
      case END_ARRAY -> {
        depth--;
        yield Kind.SEQUENCE_END;
      }
      default -> scalar(token);
    };
  }

  private Kind scalar(JsonToken token) {
    try {
      text = parser.getText();
      plain = token != JsonToken.FIELD_NAME && token != JsonToken.VALUE_STRING;
      value = switch (token) {
        case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
            ? F.numberNode(parser.getBigIntegerValue())
            : F.numberNode(parser.getLongValue());
        case VALUE_NUMBER_FLOAT -> F.numberNode(parser.getDoubleValue());
        case VALUE_TRUE -> F.booleanNode(true);
        case VALUE_FALSE -> F.booleanNode(false);
        case VALUE_NULL -> F.nullNode();
        default -> F.textNode(text);
      };
      return Kind.SCALAR;
    } catch (JsonProcessingException e) {
      throw problem(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private JsonToken read() {
    try {
      return parser.nextToken();
    } catch (JsonProcessingException e) {
      throw problem(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ReadProblem problem(JsonProcessingException e) {
    String message = e.getOriginalMessage();
    int nl = message.indexOf('\n');
    String line = nl < 0 ? message : message.substring(0, nl);
    return new ReadProblem(position(e.getLocation()), "invalid JSON: " + DECODER_LOCATION.matcher(line).replaceAll("line $1, column $2"));
  }

  /** The decoder's description of where an unclosed array or object starts, "[Source: ...; line: 2, column: 19]". */
  private static final Pattern DECODER_LOCATION =
      Pattern.compile("\\[Source: [^;\\]]*(?:\\([^)]*\\))?[^;\\]]*; line: (\\d+), column: (\\d+)\\]");

  private static Position position(JsonLocation location) {
    if (location == null) {
      return new Position(1, 1);
    }
    return new Position(Math.max(1, location.getLineNr()), Math.max(1, location.getColumnNr()));
  }

  @Override
  public Position at() {
    return at;
  }

  @Override
  public String anchor() {
    return null;
  }

  @Override
  public JsonNode value() {
    return value;
  }

  @Override
  public String text() {
    return text;
  }

  @Override
  public boolean plain() {
    return plain;
  }
}
