package dev.condlint.admission;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.DefaultDeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * Reads an AdmissionReview with Jackson's streaming parser and builds only what {@link
 * AdmissionRequest#parse} and the rules read, skipping the rest without materialising it. The request's
 * own fields are kept ({@code uid}, {@code operation}, {@code kind}, ...); of {@code object} and {@code
 * oldObject}:
 *
 * <ul>
 *   <li>{@code apiVersion}, {@code kind}, {@code status} and {@code metadata}, except that of each
 *       {@code metadata.managedFields} entry only its {@code time} is kept (the pickup deadline reads
 *       it; the field sets, the bulk of managedFields, no rule reads);
 *   <li>of {@code spec}, only the fields the rules read by name: kstatus's (replicas, updateStrategy,
 *       progressDeadlineSeconds, type, clusterIP, parallelism, completions, suspend), Cluster API's
 *       {@code paused} and Landscaper's {@code timeout};
 *   <li>the whole object where a rule reads all of it: a CustomResourceDefinition (the CRD rules walk
 *       each version's whole schema), and a custom resource whose CRD the rules know ({@code
 *       wholeObjects}: the schema rules validate the whole object against it). Fields that come before
 *       the object's {@code apiVersion} and {@code kind} say which it is are kept whole too.
 * </ul>
 *
 * <p>The second of the two objects' statuses is compared with the first as it is read, and shares the
 * first's nodes as far as it is equal to it (a status written back unchanged is the commonest status
 * update): see {@link Reading#status}.
 *
 * <p>What is kept is built by Jackson itself ({@link ObjectMapper#readTree(JsonParser)} on each kept
 * value), so every kept node is what a whole decode would have made, and duplicate keys resolve as
 * there: the last one wins. A review whose object names its apiVersion or kind twice, differently, is
 * decoded again keeping its objects whole.
 */
public final class ReviewDecoder {
  /**
   * Field names are not interned: Jackson's intern cache holds 180 names and is cleared past them, so a
   * status with thousands of distinct keys cost a hash-map insertion (and a String hash) per key.
   */
  private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
      .disable(JsonFactory.Feature.INTERN_FIELD_NAMES).build());
  private static final com.fasterxml.jackson.databind.JavaType NODE = JSON.constructType(JsonNode.class);
  private static final JsonNodeFactory NODES = JSON.getNodeFactory();
  /** The fields of {@code spec} that rules read by name. */
  static final Set<String> SPEC_FIELDS = Set.of("replicas", "updateStrategy", "progressDeadlineSeconds", "type",
      "clusterIP", "parallelism", "completions", "suspend", "paused", "timeout");
  /**
   * The shortest second spec passed over in place ({@code Reading#specOnce}): reading on after it costs a
   * new parser (on the benchmark's small review, whose spec is 0.8 KB, 1.3 to 2.2 KB more allocated per
   * decode and no time saved that BodyDecodeAB could show; a 3.4 KB pod template's decode 0.75 to 0.88
   * of reading it), so a spec shorter than this is read.
   */
  static final int PASSED_OVER_SPEC = 2048;
  /** The most field names an object item of a list is expected to repeat from the one before. */
  private static final int EXPECTED_FIELDS = 16;
  /**
   * How often one list learns its items' field names: after the first item, again where an item did not
   * have them, up to this many times (a list whose items differ does not pay for the learning twice per item).
   */
  private static final int RELEARNT = 4;
  private static final Set<String> REQUEST_SCALARS = Set.of("uid", "operation", "subResource", "namespace", "name",
      "dryRun");

  private final BiPredicate<String, String> wholeObjects;

  /**
   * @param wholeObjects whether the rules read the whole of an object of this apiVersion and kind (one
   *     whose CRD they know)
   */
  public ReviewDecoder(BiPredicate<String, String> wholeObjects) {
    this.wholeObjects = wholeObjects;
  }

  /** What was decoded: the request, and about how many bytes of heap its kept nodes take. */
  public record Decoded(AdmissionRequest request, long treeBytes) {}

  /** A body to decode: its bytes as a stream, opened once or (rarely) twice, and its parts compared. */
  @FunctionalInterface
  public interface Source {
    InputStream open();

    /**
     * Whether the {@code length} bytes from offset {@code at} are those from offset {@code from}; false
     * when the source cannot tell (then the decoder compares what it parses instead).
     */
    default boolean sameBytes(long from, long at, long length) {
      return false;
    }

    /** The bytes from offset {@code from} on, as a stream; asked only where {@link #sameBytes} said true. */
    default InputStream openAt(long from) throws IOException {
      InputStream in = open();
      in.skipNBytes(from);
      return in;
    }

    /** A body held in one array. */
    static Source of(byte[] body) {
      return new Source() {
        @Override
        public InputStream open() {
          return new ByteArrayInputStream(body);
        }

        @Override
        public boolean sameBytes(long from, long at, long length) {
          return from >= 0 && at >= 0 && length >= 0 && from + length <= body.length && at + length <= body.length
              && Arrays.equals(body, (int) from, (int) (from + length), body, (int) at, (int) (at + length));
        }

        @Override
        public InputStream openAt(long from) {
          int start = (int) Math.min(body.length, Math.max(0, from));
          return new ByteArrayInputStream(body, start, body.length - start);
        }
      };
    }
  }

  /**
   * Decodes one review from the body {@code source} opens (it is opened again in the rare case that the
   * review must be read twice).
   *
   * @throws MalformedReviewException when the JSON is not an AdmissionReview, as {@link AdmissionRequest#parse} says
   * @throws com.fasterxml.jackson.core.JsonProcessingException when the body is not JSON
   * @throws IOException when the body cannot be read
   */
  public Decoded decode(Source source) throws MalformedReviewException, IOException {
    Reading reading = new Reading(false, source);
    JsonNode review = reading.read();
    if (reading.ambiguous) {
      reading = new Reading(true, source);
      review = reading.read();
    }
    return new Decoded(AdmissionRequest.parse(review), reading.treeBytes);
  }

  /**
   * Field names as a parser compares them with the body ({@link SerializedString}: the name and its
   * quoted UTF-8 bytes), kept across reviews by the name's instance: the parser gives one instance per
   * name from its factory's table, so a list's names are made and encoded once, not in every review. A
   * slot per name's hash; a slot another name took is made again. Shared by the threads that decode: a
   * {@code SerializedString}'s name is final, and its bytes, made on first use, are the same whoever
   * makes them.
   */
  private static final SerializedString[] SERIALIZED = new SerializedString[512];

  private static SerializedString serialized(String name) {
    int slot = name.hashCode() & (SERIALIZED.length - 1);
    SerializedString seen = SERIALIZED[slot];
    if (seen != null && seen.getValue() == name) {
      return seen;
    }
    SerializedString made = new SerializedString(name);
    SERIALIZED[slot] = made;
    return made;
  }

  /** One pass over a body. */
  private final class Reading {
    private final boolean keepWhole;
    private long treeBytes;
    // Jackson's own tree deserializer, with one context for the whole body: what readTree does for each
    // value, without a new context each time (a review keeps a few dozen values).
    private JsonDeserializer<Object> trees;
    private DeserializationContext context;
    /** An object named its apiVersion or kind again, differently, after a part of it was left out. */
    private boolean ambiguous;
    /** The status of the first of the request's objects that had one (an object), once it is kept. */
    private JsonNode firstStatus;
    // Where the first status's JSON text lies in the body, when it was an object; else length -1.
    private long firstStatusFrom;
    private long firstStatusLength = -1;
    private final Source source;
    /**
     * The parser that reads the review, request and object levels: after a second status that is the
     * first byte for byte, another parser reads on from the byte after it (see {@link #readOnAfter}).
     */
    private JsonParser parser;
    /** Whether a second status or spec may be passed over by reading on after it ({@link #readOnAfter}). */
    private boolean passOver = true;
    /**
     * Whether a status was already compared with the first in place: only one is (the other object's, as
     * the API server sends it). A later one, a repeated key, is compared as it is parsed: compared in place
     * and passed over, each of thousands of repetitions cost a new parser reading on from the body and a
     * walk to its place in the body's chunks.
     */
    private boolean comparedInPlace;
    /**
     * The part of the first object's spec that is kept ({@link #spec}), where it was left out in part,
     * and where its JSON text lies in the body (length -1 until then); whether a second spec was
     * compared with it in place (only one is, as for statuses).
     */
    private JsonNode firstSpec;
    private long firstSpecFrom;
    private long firstSpecLength = -1;
    private boolean specComparedInPlace;
    /**
     * Where in the body the parser's byte offsets count from: after {@link #readOnAfter}, the new parser
     * counts from its prefix, which stands just before the byte read on from.
     */
    private long base;

    Reading(boolean keepWhole, Source source) {
      this.keepWhole = keepWhole;
      this.source = source;
    }

    /**
     * The review, read once. A body that is not JSON is read again without passing over the second
     * status, so that Jackson's error (its message and location) is the one a single parser gives.
     */
    JsonNode read() throws IOException {
      try {
        return readOnce();
      } catch (JsonProcessingException notJson) {
        if (!passedOver) {
          throw notJson;
        }
        passOver = false;
        passedOver = false;
        comparedInPlace = false;
        base = 0;
        treeBytes = 0;
        ambiguous = false;
        firstStatus = null;
        firstStatusLength = -1;
        firstSpec = null;
        firstSpecLength = -1;
        specComparedInPlace = false;
        return readOnce();
      }
    }

    /** Whether this reading passed over a part (a second status or spec) by reading on after it. */
    private boolean passedOver;

    private JsonNode readOnce() throws IOException {
      parser = JSON.createParser(source.open());
      try {
        JsonNode review = review();
        // A body is one JSON value: what follows it (another review, a stray bracket) makes it not JSON.
        if (parser.nextToken() != null) {
          throw new JsonParseException(parser,
              "content after the end of the AdmissionReview: a body is one JSON value", parser.currentTokenLocation());
        }
        return review;
      } finally {
        parser.close();
      }
    }

    /**
     * After a second status (or spec) that is the first byte for byte (a complete JSON value, already read once),
     * reads on from the byte after it with a new parser, instead of tokenising it only to skip it (at
     * 20 KB reviews, 8.5% of an event loop's samples). The new parser reads the rest of the body behind
     * a prefix that opens the objects the status is in ({@code {"":} for each, then a {@code ""} in the
     * innermost), so that it stands where the old one would after the status: within the same objects,
     * with the rest of their fields and their closing braces still to come. False, and nothing
     * changed, where the status is not within objects alone.
     */
    private boolean readOnAfter(long end) throws IOException {
      int depth = 0;
      for (com.fasterxml.jackson.core.JsonStreamContext c = parser.getParsingContext().getParent(); !c.inRoot();
          c = c.getParent()) {
        if (!c.inObject()) {
          return false;
        }
        depth++;
      }
      // The innermost value is an empty string: a string ends at its closing quote, so whatever follows the
      // part passed over is tokenised on its own, as one parser would tokenise it after the part. A number
      // there (it was a 0) read on into what followed: a digit made a leading-zero error at the prefix's
      // place, and ".5" a number, so that a body that is not JSON was read.
      byte[] prefix = ("{\"\":".repeat(depth) + "\"\"").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      InputStream after = source.openAt(end);
      // The old parser is closed first, so that it hands its buffers back to the thread's recycler and
      // the new one takes them: opened while the old one held them, the new one allocated its own (8 KB
      // of input buffer per review, about 8% of what the decision allocated at 20 KB).
      parser.close();
      JsonParser rest = JSON.createParser(new java.io.SequenceInputStream(new ByteArrayInputStream(prefix), after));
      parser = rest;
      base = end - prefix.length;
      // From here, a body found not to be JSON is read again without passing over (read()).
      passedOver = true;
      for (int i = 0; i < 2 * depth + 1; i++) {
        rest.nextToken();
      }
      context = ((DefaultDeserializationContext) JSON.getDeserializationContext())
          .createInstance(JSON.getDeserializationConfig(), parser, JSON.getInjectableValues());
      return true;
    }

    /** Where in the body the token the parser is at begins. */
    private long tokenOffset() {
      return base + parser.currentTokenLocation().getByteOffset();
    }

    /** The review with only what is kept; what {@code readTree} would give for a body that is not an object. */
    JsonNode review() throws IOException {
      context = ((DefaultDeserializationContext) JSON.getDeserializationContext())
          .createInstance(JSON.getDeserializationConfig(), parser, JSON.getInjectableValues());
      trees = context.findRootValueDeserializer(NODE);
      JsonToken first = parser.nextToken();
      if (first == null) {
        return MissingNode.getInstance();
      }
      if (first != JsonToken.START_OBJECT) {
        // Not a review, whatever it is; parse() says so without looking further.
        parser.skipChildren();
        return NullNode.getInstance();
      }
      ObjectNode review = NODES.objectNode();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        switch (field) {
          case "apiVersion", "kind" -> review.set(field, scalar(parser, value));
          case "request" -> review.set(field, value == JsonToken.START_OBJECT ? request() : skipped(parser));
          // parse() only asks whether these are there, to recognise a bare AdmissionRequest.
          case "operation", "uid" -> review.set(field, skipped(parser));
          default -> parser.skipChildren();
        }
      }
      return review;
    }

    private ObjectNode request() throws IOException {
      ObjectNode request = NODES.objectNode();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if (REQUEST_SCALARS.contains(field)) {
          request.set(field, scalar(parser, value));
        } else if (field.equals("kind")) {
          request.set(field, value == JsonToken.START_OBJECT ? groupVersionKind(parser) : skipped(parser));
        } else if (field.equals("object") || field.equals("oldObject")) {
          request.set(field, value == JsonToken.START_OBJECT ? object() : skipped(parser));
        } else {
          parser.skipChildren();
        }
      }
      return request;
    }

    private ObjectNode groupVersionKind(JsonParser parser) throws IOException {
      ObjectNode gvk = NODES.objectNode();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if (field.equals("group") || field.equals("kind")) {
          gvk.set(field, scalar(parser, value));
        } else {
          parser.skipChildren();
        }
      }
      return gvk;
    }

    /**
     * One of the request's objects, with what the rules read of it. Whether the whole object is kept
     * depends on its apiVersion and kind, which usually come first; until both are known, everything is
     * kept.
     */
    private ObjectNode object() throws IOException {
      ObjectNode object = NODES.objectNode();
      String apiVersion = null;
      String kind = null;
      // The apiVersion and kind the first left-out part was judged by.
      String judgedApiVersion = null;
      String judgedKind = null;
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        boolean whole = keepWhole || apiVersion == null || kind == null || readsWhole(apiVersion, kind);
        boolean leftOut = false;
        switch (field) {
          case "apiVersion", "kind" -> {
            JsonNode node = kept(parser);
            object.set(field, node);
            String text = node.isTextual() ? node.asText() : "";
            if (field.equals("apiVersion")) {
              apiVersion = text;
            } else {
              kind = text;
            }
          }
          case "status" -> object.set(field, status(parser, value));
          // No rule reads the field sets of managedFields, whatever the object.
          case "metadata" -> object.set(field, value == JsonToken.START_OBJECT && !keepWhole ? metadata(parser) : kept(parser));
          case "spec" -> {
            if (whole || value != JsonToken.START_OBJECT) {
              object.set(field, kept(parser));
            } else {
              object.set(field, specOnce(parser));
              leftOut = true;
            }
          }
          default -> {
            if (whole) {
              object.set(field, kept(parser));
            } else {
              parser.skipChildren();
              leftOut = true;
            }
          }
        }
        if (leftOut && judgedApiVersion == null) {
          judgedApiVersion = apiVersion;
          judgedKind = kind;
        }
      }
      if (judgedApiVersion != null && !(judgedApiVersion.equals(apiVersion) && judgedKind.equals(kind))) {
        ambiguous = true;
      }
      return object;
    }

    /**
     * An object's status. A status update sends the new object and the old one, and a controller that
     * writes back the status it read (the commonest status update) sends the same status twice: the
     * second one is compared with the first as it is read, and as far as it is the same, the first's
     * nodes stand for its nodes (equal trees: the rules only read them), neither built again nor
     * counted twice. Where it differs, its own nodes are built as {@link #kept} builds them.
     */
    private JsonNode status(JsonParser parser, JsonToken value) throws IOException {
      if (firstStatus != null && firstStatus.isObject() && value == JsonToken.START_OBJECT) {
        // The same JSON text, byte for byte, is the same tree, and JSON already (the first parse read it):
        // it is passed over, neither compared as it is parsed nor tokenised (readOnAfter); where
        // it is not within objects alone, or after a body found not to be JSON, it is only skipped.
        long at = tokenOffset();
        boolean inPlace = !comparedInPlace && firstStatusLength > 0;
        comparedInPlace = true;
        if (inPlace && source.sameBytes(firstStatusFrom, at, firstStatusLength)) {
          if (!passOver || !readOnAfter(at + firstStatusLength)) {
            parser.skipChildren();
          }
          return firstStatus;
        }
        return sameOrBuilt(parser, firstStatus);
      }
      long from = tokenOffset();
      JsonNode status = kept(parser);
      if (firstStatus == null) {
        firstStatus = status;
        if (value == JsonToken.START_OBJECT && from >= 0) {
          firstStatusFrom = from;
          firstStatusLength = base + parser.currentLocation().getByteOffset() - from;
        }
      }
      return status;
    }

    /**
     * The value the parser is at: {@code same} itself where the value is equal to it, else the value
     * as {@link #kept} decodes it, with the subtrees equal to {@code same}'s parts taken from it.
     */
    private JsonNode sameOrBuilt(JsonParser parser, JsonNode same) throws IOException {
      JsonToken token = parser.currentToken();
      if (token == JsonToken.START_OBJECT) {
        return same.isObject() ? sameOrBuiltObject(parser, same) : kept(parser);
      }
      if (token == JsonToken.START_ARRAY) {
        return same.isArray() ? sameOrBuiltArray(parser, same) : kept(parser);
      }
      if (token == JsonToken.VALUE_STRING) {
        return same.isTextual() && sameText(parser, same.textValue()) ? same : kept(parser);
      }
      if (sameScalar(parser, token, same)) {
        return same;
      }
      // Otherwise the node Jackson makes of the token, compared as Jackson compares nodes (an int and a
      // long of one value are not equal nodes, nor 1.0 and 1). A scalar leaves the parser where it is.
      JsonNode node = (JsonNode) trees.deserialize(parser, context);
      if (node.equals(same)) {
        return same;
      }
      treeBytes += TreeSize.of(node) + Math.max(0,
          parser.currentLocation().getByteOffset() - parser.currentTokenLocation().getByteOffset());
      return node;
    }

    /** The commonest scalars, true where the token is the node {@code same}, without making a node. */
    private boolean sameScalar(JsonParser parser, JsonToken token, JsonNode same) throws IOException {
      return switch (token) {
        case VALUE_TRUE -> same == BooleanNode.TRUE;
        case VALUE_FALSE -> same == BooleanNode.FALSE;
        case VALUE_NULL -> same.isNull();
        case VALUE_NUMBER_INT -> same.isInt() && parser.getNumberType() == JsonParser.NumberType.INT
            && parser.getIntValue() == same.intValue();
        default -> false;
      };
    }

    private boolean sameText(JsonParser parser, String same) throws IOException {
      int length = parser.getTextLength();
      if (length != same.length()) {
        return false;
      }
      char[] chars = parser.getTextCharacters();
      int offset = parser.getTextOffset();
      for (int i = 0; i < length; i++) {
        if (chars[offset + i] != same.charAt(i)) {
          return false;
        }
      }
      return true;
    }

    /**
     * An object compared field by field, in order, with {@code same}'s; from the first field that
     * differs (another name, another value, one more or one less), a new object holds {@code same}'s
     * fields read so far and then what follows, as Jackson builds it (a repeated name takes the last
     * value, in the first one's place).
     */
    private JsonNode sameOrBuiltObject(JsonParser parser, JsonNode same) throws IOException {
      Iterator<Map.Entry<String, JsonNode>> sameFields = same.fields();
      int equalFields = 0;
      ObjectNode built = null;
      while (true) {
        // While the fields are the same, the next one is expected to be named as {@code same}'s next:
        // compared as it lies in the body, as builtObject compares a list item's names.
        Map.Entry<String, JsonNode> next = built == null && sameFields.hasNext() ? sameFields.next() : null;
        String name;
        if (next == null) {
          name = parser.nextFieldName();
        } else if (parser.nextFieldName(serialized(next.getKey()))) {
          name = next.getKey();
        } else {
          name = parser.currentToken() == JsonToken.FIELD_NAME ? parser.currentName() : null;
        }
        if (name == null) {
          if (built == null && next != null) {
            // One field less than {@code same}.
            built = firstFields(same, equalFields);
          }
          break;
        }
        parser.nextToken();
        if (built == null) {
          if (next != null && next.getKey().equals(name)) {
            JsonNode value = sameOrBuilt(parser, next.getValue());
            if (value == next.getValue()) {
              equalFields++;
            } else {
              built = firstFields(same, equalFields);
              built.set(name, value);
            }
            continue;
          }
          built = firstFields(same, equalFields);
        }
        built.set(name, kept(parser));
      }
      if (built == null) {
        if (!sameFields.hasNext()) {
          return same;
        }
        built = firstFields(same, equalFields);
      }
      treeBytes += TreeSize.ofContainer(built);
      return built;
    }

    private ObjectNode firstFields(JsonNode same, int count) {
      ObjectNode object = NODES.objectNode();
      Iterator<Map.Entry<String, JsonNode>> fields = same.fields();
      for (int i = 0; i < count; i++) {
        Map.Entry<String, JsonNode> field = fields.next();
        object.set(field.getKey(), field.getValue());
      }
      return object;
    }

    /** An array compared item by item with {@code same}'s, as {@link #sameOrBuiltObject} compares fields. */
    private JsonNode sameOrBuiltArray(JsonParser parser, JsonNode same) throws IOException {
      int equalItems = 0;
      ArrayNode built = null;
      while (parser.nextToken() != JsonToken.END_ARRAY) {
        if (built == null) {
          if (equalItems < same.size()) {
            JsonNode item = sameOrBuilt(parser, same.get(equalItems));
            if (item == same.get(equalItems)) {
              equalItems++;
            } else {
              built = firstItems(same, equalItems);
              built.add(item);
            }
            continue;
          }
          built = firstItems(same, equalItems);
        }
        built.add(kept(parser));
      }
      if (built == null) {
        if (equalItems == same.size()) {
          return same;
        }
        built = firstItems(same, equalItems);
      }
      treeBytes += TreeSize.ofContainer(built);
      return built;
    }

    private ArrayNode firstItems(JsonNode same, int count) {
      ArrayNode array = NODES.arrayNode();
      for (int i = 0; i < count; i++) {
        array.add(same.get(i));
      }
      return array;
    }

    private boolean readsWhole(String apiVersion, String kind) {
      boolean crd = "CustomResourceDefinition".equals(kind) && apiVersion.startsWith("apiextensions.k8s.io/");
      return crd || wholeObjects.test(apiVersion, kind);
    }

    private ObjectNode metadata(JsonParser parser) throws IOException {
      ObjectNode metadata = NODES.objectNode();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        metadata.set(field, field.equals("managedFields") && value == JsonToken.START_ARRAY
            ? managedFields(parser)
            : kept(parser));
      }
      return metadata;
    }

    /** Each entry with only its {@code time}. */
    private ArrayNode managedFields(JsonParser parser) throws IOException {
      ArrayNode entries = NODES.arrayNode();
      treeBytes += TreeSize.ARRAY;
      JsonToken item;
      while ((item = parser.nextToken()) != JsonToken.END_ARRAY) {
        if (item != JsonToken.START_OBJECT) {
          entries.add(kept(parser));
          continue;
        }
        ObjectNode entry = NODES.objectNode();
        treeBytes += TreeSize.OBJECT;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String field = parser.currentName();
          parser.nextToken();
          if (field.equals("time")) {
            entry.set(field, kept(parser));
          } else {
            parser.skipChildren();
          }
        }
        entries.add(entry);
      }
      return entries;
    }

    /**
     * An object's spec, of which only what the rules read is kept ({@link #spec}). A status update sends
     * the new object and the old one with the same spec (the status subresource cannot change it): the
     * second spec, where it is the first byte for byte and at least {@link ReviewDecoder#PASSED_OVER_SPEC} bytes long,
     * is passed over as a second status is ({@link #readOnAfter}: neither tokenised nor built; a pod
     * template's names and values were tokenised twice only to be skipped) and the first's kept part
     * stands for it. Otherwise it is read, and, after a first spec that long, where what is kept of it is
     * the first's, in the same order, the first's stands for it too (so that what is counted does not
     * depend on whether the body's bytes could be compared).
     */
    private JsonNode specOnce(JsonParser parser) throws IOException {
      long from = tokenOffset();
      if (firstSpec != null && firstSpecLength < PASSED_OVER_SPEC) {
        // A short spec is read, as it costs less than a parser to read on after it.
        return spec(parser);
      }
      if (firstSpec != null) {
        if (!specComparedInPlace) {
          specComparedInPlace = true;
          if (source.sameBytes(firstSpecFrom, from, firstSpecLength)) {
            if (!passOver || !readOnAfter(from + firstSpecLength)) {
              parser.skipChildren();
            }
            return firstSpec;
          }
        }
        long counted = treeBytes;
        JsonNode spec = spec(parser);
        if (sameInOrder(spec, firstSpec)) {
          treeBytes = counted;
          return firstSpec;
        }
        return spec;
      }
      JsonNode spec = spec(parser);
      firstSpec = spec;
      if (from >= 0) {
        firstSpecFrom = from;
        firstSpecLength = base + parser.currentLocation().getByteOffset() - from;
      }
      return spec;
    }

    /** Equal trees whose objects also name their fields in the same order. */
    private static boolean sameInOrder(JsonNode a, JsonNode b) {
      if (a.isObject() && b.isObject()) {
        if (a.size() != b.size()) {
          return false;
        }
        Iterator<Map.Entry<String, JsonNode>> x = a.fields();
        Iterator<Map.Entry<String, JsonNode>> y = b.fields();
        while (x.hasNext()) {
          Map.Entry<String, JsonNode> p = x.next();
          Map.Entry<String, JsonNode> q = y.next();
          if (!p.getKey().equals(q.getKey()) || !sameInOrder(p.getValue(), q.getValue())) {
            return false;
          }
        }
        return true;
      }
      if (a.isArray() && b.isArray()) {
        if (a.size() != b.size()) {
          return false;
        }
        for (int i = 0; i < a.size(); i++) {
          if (!sameInOrder(a.get(i), b.get(i))) {
            return false;
          }
        }
        return true;
      }
      return a.equals(b);
    }

    private ObjectNode spec(JsonParser parser) throws IOException {
      ObjectNode spec = NODES.objectNode();
      treeBytes += TreeSize.OBJECT;
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        parser.nextToken();
        if (SPEC_FIELDS.contains(field)) {
          spec.set(field, kept(parser));
        } else {
          parser.skipChildren();
        }
      }
      return spec;
    }

    /**
     * The value the parser is at, as {@link ObjectMapper#readTree(JsonParser)} decodes it; counted: its
     * nodes, and its text for its strings.
     */
    private JsonNode kept(JsonParser parser) throws IOException {
      JsonToken token = parser.currentToken();
      if (token == JsonToken.VALUE_STRING) {
        String text = parser.getText();
        treeBytes += TreeSize.TEXT + text.length();
        return NODES.textNode(text);
      }
      if (token == JsonToken.VALUE_NULL) {
        return NullNode.getInstance();
      }
      long from = parser.currentTokenLocation().getByteOffset();
      JsonNode node = built(parser);
      treeBytes += Math.max(0, parser.currentLocation().getByteOffset() - from);
      return node;
    }

    /**
     * The value the parser is at, built as Jackson's tree deserializer builds it (the same node types;
     * a repeated key's last value, in the first one's place) and counted as {@link TreeSize#of} counts
     * it, as it is built rather than by a second walk over the tree (a replaced value of a repeated key
     * stays counted: erring high). Recursive: the parser bounds the nesting
     * ({@code StreamReadConstraints}, 1,000 levels by default).
     */
    private JsonNode built(JsonParser parser) throws IOException {
      switch (parser.currentToken()) {
        case START_OBJECT -> {
          return builtObject(parser, null);
        }
        case START_ARRAY -> {
          ArrayNode array = NODES.arrayNode();
          // The field names of the object items so far, which the next object item is expected to have
          // in the same order (a list's items are one type, written by one encoder: a condition list's
          // items name type, status, observedGeneration, lastTransitionTime, reason and message, each
          // in that order), and how often they were learnt.
          SerializableString[] expected = null;
          int learnt = 0;
          JsonToken item;
          while ((item = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (item == JsonToken.START_OBJECT) {
              ObjectNode object = builtObject(parser, expected);
              array.add(object);
              if (!asExpected && learnt < RELEARNT) {
                learnt++;
                expected = namesOf(object);
              }
            } else {
              array.add(built(parser));
            }
          }
          treeBytes += TreeSize.ARRAY + 4L * array.size();
          return array;
        }
        case VALUE_STRING -> {
          treeBytes += TreeSize.TEXT;
          return NODES.textNode(parser.getText());
        }
        case VALUE_TRUE -> {
          return BooleanNode.TRUE;
        }
        case VALUE_FALSE -> {
          return BooleanNode.FALSE;
        }
        case VALUE_NULL -> {
          return NullNode.getInstance();
        }
        case VALUE_NUMBER_INT -> {
          treeBytes += TreeSize.NUMBER;
          return parser.getNumberType() == JsonParser.NumberType.INT
              ? NODES.numberNode(parser.getIntValue())
              : (JsonNode) trees.deserialize(parser, context);
        }
        default -> {
          // Other numbers, as Jackson makes them (double, or big decimal as configured).
          JsonNode node = (JsonNode) trees.deserialize(parser, context);
          treeBytes += TreeSize.of(node);
          return node;
        }
      }
    }

    /** Whether the last {@link #builtObject} had the field names it was given, all and in order. */
    private boolean asExpected;

    /**
     * The object the parser is at, built as {@link #built} builds it. Where {@code expected} gives the
     * field names a list's object item had before it, each field's name is first compared, as it lies
     * in the body, with the one expected in its place ({@link JsonParser#nextFieldName(SerializableString)}):
     * a name that is the expected one, byte for byte, is that name without a lookup in the parser's
     * table of names (the lookup, byte by byte and by four-byte words, was about a third of the
     * decode's samples at 20 KB); any other is read as before. The same names, the same nodes.
     */
    private ObjectNode builtObject(JsonParser parser, SerializableString[] expected) throws IOException {
      ObjectNode object = NODES.objectNode();
      int predicted = expected == null ? 0 : expected.length;
      boolean all = expected != null;
      int i = 0;
      while (true) {
        String name;
        if (i < predicted) {
          SerializableString next = expected[i];
          if (parser.nextFieldName(next)) {
            name = next.getValue();
          } else if (parser.currentToken() == JsonToken.FIELD_NAME) {
            name = parser.currentName();
            all = false;
          } else {
            all = false;
            break;
          }
        } else {
          name = parser.nextFieldName();
          if (name == null) {
            break;
          }
          all = false;
        }
        i++;
        parser.nextToken();
        object.replace(name, built(parser));
      }
      treeBytes += TreeSize.OBJECT + (4L + TreeSize.FIELD) * object.size();
      asExpected = all;
      return object;
    }

    /** The first {@link #EXPECTED_FIELDS} field names of an object, as a parser compares them. */
    private static SerializableString[] namesOf(ObjectNode object) {
      SerializableString[] names = new SerializableString[Math.min(object.size(), EXPECTED_FIELDS)];
      Iterator<String> fields = object.fieldNames();
      for (int i = 0; i < names.length; i++) {
        names[i] = serialized(fields.next());
      }
      return names;
    }

    /**
     * A request field {@link AdmissionRequest#parse} reads as text or a boolean: a scalar is kept as it
     * is; an object or array, which reads as {@code ""} or {@code false} either way, as an empty one.
     */
    private JsonNode scalar(JsonParser parser, JsonToken value) throws IOException {
      if (value == JsonToken.START_OBJECT) {
        parser.skipChildren();
        return NODES.objectNode();
      }
      if (value == JsonToken.START_ARRAY) {
        parser.skipChildren();
        return NODES.arrayNode();
      }
      return kept(parser);
    }

    /** Skips a value {@link AdmissionRequest#parse} only tells apart from an object: null stands for it. */
    private JsonNode skipped(JsonParser parser) throws IOException {
      parser.skipChildren();
      return NullNode.getInstance();
    }
  }
}
