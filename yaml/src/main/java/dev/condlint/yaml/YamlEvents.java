package dev.condlint.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.condlint.model.Position;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.comments.CommentType;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CommentEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.parser.Parser;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;
import org.snakeyaml.engine.v2.schema.FailsafeSchema;

/**
 * YAML's node events, from snakeyaml-engine's parser (which, unlike its composer, keeps no node
 * and does not recurse). Plain scalars are resolved the YAML 1.1 way kubectl does ({@link
 * Yaml11Scalars}); an explicit tag such as {@code !!int} is honoured as go-yaml honours it. Comments
 * are collected, when asked for, into a list that grows as the text is read.
 */
final class YamlEvents implements NodeEvents {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final Position START = new Position(1, 1);

  private final Parser parser;
  /** Where comments go; {@code null} when they are not collected. */
  private final List<Comment> comments;
  private final TextLines lines;
  private Event event;
  private JsonNode value;
  private boolean plain;

  /** @param lines the text's lines, which tell a trailing comment from one on a line of its own */
  YamlEvents(String name, String text, TextLines lines, int maxCodePoints, List<Comment> comments) {
    LoadSettings settings =
        LoadSettings.builder()
            .setLabel(name)
            .setParseComments(comments != null)
            .setCodePointLimit(maxCodePoints)
            // Plain scalars are resolved here the YAML 1.1 way (Yaml11Scalars); the failsafe schema
            // keeps snakeyaml-engine from first running its YAML 1.2 regexes on each of them.
            .setSchema(new FailsafeSchema())
            .build();
    this.parser = new ParserImpl(settings, new StreamReader(settings, text));
    this.comments = comments;
    this.lines = lines;
  }

  @Override
  public Kind next() {
    while (true) {
      try {
        event = parser.next();
      } catch (MarkedYamlEngineException e) {
        throw new ReadProblem(position(e.getProblemMark().or(e::getContextMark)), describe(e));
      } catch (YamlEngineException e) {
        throw new ReadProblem(START, oneLine(e.getMessage()));
      }
      switch (event.getEventId()) {
        case StreamStart:
          continue;
        case Comment:
          collect((CommentEvent) event);
          continue;
        case StreamEnd:
          return Kind.STREAM_END;
        case DocumentStart:
          return Kind.DOCUMENT_START;
        case DocumentEnd:
          return Kind.DOCUMENT_END;
        case MappingStart:
          return Kind.MAPPING_START;
        case MappingEnd:
          return Kind.MAPPING_END;
        case SequenceStart:
          return Kind.SEQUENCE_START;
        case SequenceEnd:
          return Kind.SEQUENCE_END;
        case Alias:
          return Kind.ALIAS;
        default:
          resolve((ScalarEvent) event);
          return Kind.SCALAR;
      }
    }
  }

  @Override
  public Position at() {
    return position(event.getStartMark());
  }

  @Override
  public String anchor() {
    if (event instanceof AliasEvent alias) {
      return alias.getAlias().getValue();
    }
    return event instanceof NodeEvent node ? node.getAnchor().map(a -> a.getValue()).orElse(null) : null;
  }

  @Override
  public JsonNode value() {
    return value;
  }

  @Override
  public String text() {
    return ((ScalarEvent) event).getValue();
  }

  @Override
  public boolean plain() {
    return plain;
  }

  private void resolve(ScalarEvent scalar) {
    String text = scalar.getValue();
    Optional<String> tag = scalar.getTag();
    boolean untagged = tag.isEmpty() || tag.get().equals("!");
    plain = scalar.isPlain() && untagged;
    if (plain) {
      value = Yaml11Scalars.resolve(text);
      return;
    }
    value = F.textNode(text);
    if (!untagged) {
      // An explicit tag such as !!int or !!bool: honour it as go-yaml would.
      JsonNode resolved = Yaml11Scalars.resolve(text);
      String t = tag.get();
      if ((t.equals(Tag.INT.getValue()) || t.equals(Tag.FLOAT.getValue())) && resolved.isNumber()
          || t.equals(Tag.BOOL.getValue()) && resolved.isBoolean()
          || t.equals(Tag.NULL.getValue()) && resolved.isNull()) {
        value = resolved;
      }
    }
  }

  private void collect(CommentEvent c) {
    if (comments == null || c.getCommentType() == CommentType.BLANK_LINE || c.getStartMark().isEmpty()) {
      return;
    }
    Position at = position(c.getStartMark());
    boolean trailing = c.getCommentType() == CommentType.IN_LINE || lines.codeBefore(at.line(), at.column());
    comments.add(new Comment(at, c.getValue(), trailing));
  }

  private static String describe(MarkedYamlEngineException e) {
    String problem = e.getProblem();
    String context = e.getContext();
    String text = problem == null ? oneLine(e.getMessage()) : problem;
    if (context != null && !context.isBlank()) {
      text = context + ": " + text;
    }
    return oneLine(text);
  }

  private static String oneLine(String s) {
    if (s == null) {
      return "invalid YAML";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }

  /** A snakeyaml mark (0-based) as a position (1-based); the start of the text when there is none. */
  private static Position position(Optional<Mark> mark) {
    return mark.map(m -> new Position(m.getLine() + 1, m.getColumn() + 1)).orElse(START);
  }
}
