import com.fasterxml.jackson.databind.*;
import com.fasterxml.jackson.databind.node.*;
import dev.condlint.admission.*;
import dev.condlint.model.*;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.engine.Engine;
import dev.condlint.yaml.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.time.*;
import java.util.*;
import java.util.stream.*;

/**
 * What the rules find and what the webhook answers, for every object and AdmissionReview under the given
 * files or folders (YAML or JSON), in a text file two builds' runs can be compared by, byte for byte: a
 * change meant for speed must leave it unchanged. Each object is checked as a document and as the
 * reviews of its CREATE, its status UPDATE (from an older object whose conditions had the other status),
 * its UPDATE, and a status UPDATE that writes the status back unchanged; each review (or bare request, wrapped) in every mode: the answer, the counts and the
 * findings the decision keeps. Built-in rules, a fixed clock.
 *
 * <p>{@code java -cp OTHER/benchmarks.jar benchmarks/cpu/FindingsDump.java OUT FILE_OR_DIR...}
 */
public class FindingsDump {
  static final ObjectMapper JSON = new ObjectMapper();
  public static void main(String[] a) throws Exception {
    Clock clock = Clock.fixed(Instant.parse("2024-06-01T00:00:00Z"), ZoneOffset.UTC);
    Engine engine = new Engine(Ruleset.builtIn(), Config.DEFAULT);
    Optional<Instant> now = Optional.of(clock.instant());
    Map<AdmissionMode, Admission> admissions = new EnumMap<>(AdmissionMode.class);
    for (AdmissionMode m : AdmissionMode.values()) admissions.put(m, new Admission(engine, m, clock));
    PrintStream out = new PrintStream(new FileOutputStream(a[0]), false, StandardCharsets.UTF_8);
    for (int d = 1; d < a.length; d++) {
      List<Path> files;
      try (Stream<Path> s = Files.walk(Path.of(a[d]))) {
        files = s.filter(p -> p.toString().matches(".*\\.(ya?ml|json)$")).sorted().toList();
      }
      for (Path f : files) {
        List<JsonNode> docs;
        try {
          ParsedFile parsed = new YamlReader().read(f.getFileName().toString(), Files.readString(f));
          docs = parsed.documents().stream().map(x -> x.root()).filter(JsonNode::isObject).toList();
        } catch (Exception e) { out.println("# " + f + " unreadable"); continue; }
        for (int i = 0; i < docs.size(); i++) {
          JsonNode doc = docs.get(i);
          out.println("## " + f + " #" + i);
          List<JsonNode> reviews = new ArrayList<>();
          if (doc.has("request")) {
            reviews.add(doc);
          } else if (doc.has("uid") && doc.has("operation")) {
            ObjectNode w = JSON.createObjectNode(); w.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview").set("request", doc); reviews.add(w);
          } else if (doc.has("kind") && doc.has("apiVersion")) {
            engine.check(Document.of(doc), now).findings().forEach(x -> out.println("check " + x));
            reviews.addAll(reviewsOf(doc));
          }
          for (JsonNode review : reviews) {
            byte[] body = JSON.writeValueAsBytes(review);
            for (AdmissionMode m : AdmissionMode.values()) {
              Admission adm = admissions.get(m);
              try {
                // As the webhook reads it: a status sent twice byte for byte is compared in place.
                ReviewDecoder.Decoded dec = adm.decoder().decode(ReviewDecoder.Source.of(body));
                Decision decision = adm.decide(dec.request());
                out.println(m + " " + JSON.writeValueAsString(AdmissionResponses.of(decision)));
                out.println(m + " count " + decision.findingCount() + " errors " + decision.errorCount() + " " + decision.outcome() + " " + decision.ruleIds() + " " + decision.counts());
                decision.findings().forEach(x -> out.println(m + " kept " + x));
              } catch (MalformedReviewException e) { out.println(m + " malformed " + e.getMessage()); }
            }
          }
        }
      }
    }
    out.close();
  }

  static List<JsonNode> reviewsOf(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText();
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
    String kind = object.path("kind").asText();
    JsonNode old = object.deepCopy();
    for (JsonNode c : old.path("status").path("conditions")) {
      if (c.isObject()) ((ObjectNode) c).put("status", c.path("status").asText().equals("True") ? "False" : "True").put("observedGeneration", 99);
    }
    List<JsonNode> out = new ArrayList<>();
    // The last: a status written back unchanged (the old object is the new one).
    for (String[] op : new String[][] {{"CREATE", ""}, {"UPDATE", "status"}, {"UPDATE", ""}, {"UPDATE", "status", "same"}}) {
      ObjectNode r = JSON.createObjectNode(); r.put("apiVersion", "admission.k8s.io/v1").put("kind", "AdmissionReview");
      ObjectNode q = r.putObject("request"); q.put("uid", "u1").put("operation", op[0]);
      if (!op[1].isEmpty()) q.put("subResource", op[1]);
      q.putObject("kind").put("group", group).put("version", version).put("kind", kind);
      q.put("name", object.path("metadata").path("name").asText("")).put("namespace", object.path("metadata").path("namespace").asText(""));
      q.set("object", object);
      if (op[0].equals("UPDATE")) q.set("oldObject", op.length > 2 ? object : old);
      out.add(r);
    }
    return out;
  }
}
