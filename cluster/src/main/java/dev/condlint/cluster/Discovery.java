package dev.condlint.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which resources the API server serves, each once at its group's most preferred version that has
 * it (as {@code kubectl api-resources}). Aggregated discovery ({@code apidiscovery.k8s.io/v2}, two
 * requests) where the server has it, else a request per group version. A group version that cannot
 * be discovered (an aggregated API whose service is down) is a problem; the others are still found.
 */
public final class Discovery {
  static final String AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
      + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
  static final String PLAIN = "application/json";

  private final ApiServer api;

  public Discovery(ApiServer api) {
    this.api = api;
  }

  /** What was discovered, in the server's order (core first), and what could not be. */
  public record Result(List<ApiResource> resources, List<ReadProblem> problems) {
    public Result {
      resources = List.copyOf(resources);
      problems = List.copyOf(problems);
    }
  }

  /**
   * Discovers every resource; an {@link ApiException} when not even the root documents ({@code /api},
   * {@code /apis}) can be read, which means the cluster cannot be read at all.
   */
  public Result discover() throws ApiException {
    Collector found = new Collector();
    for (String root : List.of("/api", "/apis")) {
      JsonNode doc = api.get(root, AGGREGATED);
      if ("APIGroupDiscoveryList".equals(doc.path("kind").asText())) {
        aggregated(doc, found);
      } else if (root.equals("/api")) {
        for (JsonNode version : doc.path("versions")) {
          legacyGroupVersion("", version.asText(), found);
        }
      } else {
        for (JsonNode group : doc.path("groups")) {
          for (JsonNode version : group.path("versions")) {
            legacyGroupVersion(group.path("name").asText(), version.path("version").asText(), found);
          }
        }
      }
    }
    return new Result(new ArrayList<>(found.resources.values()), found.problems);
  }

  /** Resources by group and plural, the first (most preferred) version of each kept. */
  private static final class Collector {
    final Map<String, ApiResource> resources = new LinkedHashMap<>();
    final List<ReadProblem> problems = new ArrayList<>();

    void add(ApiResource r) {
      resources.putIfAbsent(r.group() + "/" + r.plural(), r);
    }

    void problem(String group, String version, String message) {
      String gv = group.isEmpty() ? version : group + "/" + version;
      problems.add(new ReadProblem("discovery of " + gv, message + "; its resources are not audited"));
    }
  }

  private static void aggregated(JsonNode list, Collector found) {
    for (JsonNode group : list.path("items")) {
      String name = group.path("metadata").path("name").asText("");
      for (JsonNode version : group.path("versions")) {
        String v = version.path("version").asText();
        if ("Stale".equals(version.path("freshness").asText())) {
          found.problem(name, v, "the API server could not refresh it (its API service is unavailable)");
          continue;
        }
        for (JsonNode r : version.path("resources")) {
          Set<String> subresources = new HashSet<>();
          r.path("subresources").forEach(s -> subresources.add(s.path("subresource").asText()));
          JsonNode kind = r.path("responseKind");
          found.add(new ApiResource(name, v, r.path("resource").asText(), kind.path("kind").asText(),
              "Namespaced".equals(r.path("scope").asText()), strings(r.path("verbs")), subresources.contains("status"),
              r.path("singularResource").asText(""), strings(r.path("shortNames"))));
        }
      }
    }
  }

  private void legacyGroupVersion(String group, String version, Collector found) {
    String path = group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
    JsonNode list;
    try {
      // Tried once, as kubectl does: a group version that fails is most often an aggregated API whose
      // service is down, which waiting does not bring back; the API server itself answered the roots.
      list = api.get(path, PLAIN, Retry.ONCE);
    } catch (ApiException e) {
      found.problem(group, version, e.describe());
      return;
    }
    Set<String> names = new HashSet<>();
    list.path("resources").forEach(r -> names.add(r.path("name").asText()));
    for (JsonNode r : list.path("resources")) {
      String name = r.path("name").asText();
      if (name.contains("/")) {
        continue;
      }
      found.add(new ApiResource(group, version, name, r.path("kind").asText(), r.path("namespaced").asBoolean(),
          strings(r.path("verbs")), names.contains(name + "/status"), r.path("singularName").asText(""),
          strings(r.path("shortNames"))));
    }
  }

  private static Set<String> strings(JsonNode array) {
    Set<String> out = new HashSet<>();
    array.forEach(v -> out.add(v.asText()));
    return out;
  }
}
