package dev.condlint.cluster;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Lists one resource a page at a time ({@code limit} and {@code continue}), handing on each object as
 * it is parsed, so that no more than one object is held at a time. Each object is handed on once:
 * when a page is read again (a retry) or the list starts over (its {@code continue} token expired,
 * 410 Gone), objects already handed on are recognised by their uid and skipped.
 */
final class ListPager {
  /** Restarts after expired continue tokens before the list is given up: a list that never completes in time. */
  static final int MAX_RESTARTS = 3;

  private final ApiServer api;
  private final int chunkSize;

  ListPager(ApiServer api, int chunkSize) {
    this.api = api;
    this.chunkSize = chunkSize;
  }

  /** Lists the resource, in a namespace or all of them. */
  void list(ApiResource resource, Optional<String> namespace, Optional<String> selector, Consumer<ObjectNode> sink)
      throws ApiException {
    Page page = new Page(resource, sink);
    int restarts = 0;
    String token = "";
    boolean more = true;
    while (more) {
      String path = resource.listPath(namespace) + "?limit=" + chunkSize
          + selector.map(s -> "&labelSelector=" + encode(s)).orElse("")
          + (token.isEmpty() ? "" : "&continue=" + encode(token));
      try {
        token = api.get(path, Discovery.PLAIN, page::read);
        more = !token.isEmpty();
      } catch (ApiException e) {
        if (e.code() != 410 || token.isEmpty() || restarts == MAX_RESTARTS) {
          throw new ApiException(e.code(), e.reason(),
              page.handedOn == 0 ? e.getMessage() : e.getMessage() + " (the list broke off after "
                  + page.handedOn + (page.handedOn == 1 ? " object" : " objects") + ")");
        }
        restarts++;
        token = "";
      }
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** Reads pages of one list: hands on the objects not seen yet, returns the continue token. */
  private static final class Page {
    private final ApiResource resource;
    private final Consumer<ObjectNode> sink;
    private final Set<String> seen = new HashSet<>();
    long handedOn;

    Page(ApiResource resource, Consumer<ObjectNode> sink) {
      this.resource = resource;
      this.sink = sink;
    }

    String read(JsonParser parser) throws IOException {
      String token = "";
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("the answer is not a list");
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if (field.equals("items") && value == JsonToken.START_ARRAY) {
          while (parser.nextToken() == JsonToken.START_OBJECT) {
            item(parser.readValueAsTree());
          }
        } else if (field.equals("metadata") && value == JsonToken.START_OBJECT) {
          JsonNode metadata = parser.readValueAsTree();
          token = metadata.path("continue").asText("");
        } else {
          parser.skipChildren();
        }
      }
      return token;
    }

    private void item(ObjectNode object) {
      String uid = object.path("metadata").path("uid").asText("");
      if (!uid.isEmpty() && !seen.add(uid)) {
        return;
      }
      handedOn++;
      sink.accept(typed(object));
    }

    /** The API server leaves apiVersion and kind out of the items of built-in lists: put them back, first. */
    private ObjectNode typed(ObjectNode object) {
      if (object.hasNonNull("apiVersion") && object.hasNonNull("kind")) {
        return object;
      }
      ObjectNode typed = object.objectNode();
      typed.put("apiVersion", resource.apiVersion());
      typed.put("kind", resource.kind());
      object.remove("apiVersion");
      object.remove("kind");
      typed.setAll(object);
      return typed;
    }
  }
}
