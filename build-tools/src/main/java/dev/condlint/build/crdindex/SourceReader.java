package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.condlint.model.Document;
import dev.condlint.rules.schema.ConditionColumn;
import dev.condlint.rules.schema.ConditionListSchemas;
import dev.condlint.yaml.YamlDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a source's checkout into the kinds whose schemas declare condition lists, found with the
 * engine's own reader ({@link ConditionListSchemas#arrays}), so that the index holds exactly the lists
 * condlint would find in the same CRD among its inputs. What cannot be read is reported, not fatal.
 */
final class SourceReader {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final java.util.regex.Pattern RUN = java.util.regex.Pattern.compile("[0-9]+|[^0-9]+");
  private static final java.util.regex.Pattern KUBE_VERSION =
      java.util.regex.Pattern.compile("v[0-9]+((alpha|beta)[0-9]+)?");

  private final IndexSource source;
  private final Path checkout;
  private final List<String> problems = new ArrayList<>();
  private int schemas;
  private int templatesNotRead;

  SourceReader(IndexSource source, Path checkout) {
    this.source = source;
    this.checkout = checkout;
  }

  /** Files that could not be read, each with why. */
  List<String> problems() {
    return problems;
  }

  /** How many documents of a Helm-template source were not read (each is among {@link #problems}). */
  int templatesNotRead() {
    return templatesNotRead;
  }

  /** Whether the source's manifests are Helm templates. */
  boolean templated() {
    return source.templates() == IndexSource.Templates.HELM;
  }

  /** How many kind/version schemas were read, with condition lists or without. */
  int schemas() {
    return schemas;
  }

  List<DistilledKind> read() throws IOException {
    return switch (source.layout()) {
      case JSON_SCHEMAS -> jsonSchemas();
      case CRD_MANIFESTS -> crdManifests();
      case GO_TYPES -> goTypes();
    };
  }

  /**
   * The schemas below the source's root, at {@code GROUP/KIND_VERSION.json} or {@code GROUP/VERSION/KIND.json}
   * as its {@code schemaPaths} says: a group is a directory whose name has a dot (the others hold tools), a
   * version folder is a Kubernetes version ({@code v1}, {@code v1beta2}), and a kind's name has no dot (so a
   * catalogue's {@code KIND.provenance.json} or {@code sbom.cdx.json} beside its schemas is not read).
   */
  private List<DistilledKind> jsonSchemas() throws IOException {
    List<DistilledKind> out = new ArrayList<>();
    Path base = source.root().isEmpty() ? checkout : checkout.resolve(source.root());
    boolean versionFolders = source.schemaPaths() == IndexSource.SchemaPaths.VERSION_KIND;
    for (Path file : files(p -> {
      if (!p.startsWith(base)) {
        return false;
      }
      Path relative = base.relativize(p);
      String name = relative.getFileName().toString();
      if (!name.endsWith(".json") || !relative.getName(0).toString().contains(".")) {
        return false;
      }
      String stem = name.substring(0, name.length() - ".json".length());
      return versionFolders
          ? relative.getNameCount() == 3 && KUBE_VERSION.matcher(relative.getName(1).toString()).matches()
              && !stem.isEmpty() && !stem.contains(".")
          : relative.getNameCount() == 2 && stem.contains("_");
    })) {
      Path relative = base.relativize(file);
      String group = relative.getName(0).toString();
      String name = file.getFileName().toString();
      String stem = name.substring(0, name.length() - ".json".length());
      String kind;
      String version;
      if (versionFolders) {
        kind = stem;
        version = relative.getName(1).toString();
      } else {
        int split = stem.lastIndexOf('_');
        kind = stem.substring(0, split);
        version = stem.substring(split + 1);
      }
      JsonNode schema;
      try {
        schema = JSON.readTree(file.toFile());
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        problems.add(relative(file) + ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr() + ": "
            + e.getOriginalMessage());
        continue;
      }
      schemas++;
      Map<String, JsonNode> lists = ConditionListSchemas.arrays(schema);
      if (!lists.isEmpty()) {
        out.add(new DistilledKind(source.id(), group, kind, version, relative(file), lists,
            com.fasterxml.jackson.databind.node.MissingNode.getInstance(), List.of()));
      }
    }
    return out;
  }

  /**
   * The CRDs of the files {@code include} matches. Where several manifests define the same CRD, the
   * version of the one {@code prefer} scores highest is kept (the first in path order on a tie). An
   * apiextensions.k8s.io/v1beta1 CRD, as older projects and copies of them still ship, gives each version
   * without a schema of its own the schema of {@code spec.validation}, as the API server does.
   */
  private List<DistilledKind> crdManifests() throws IOException {
    List<PathMatcher> include = source.include().stream()
        .map(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob)).toList();
    Map<String, Candidate> chosen = new LinkedHashMap<>();
    for (Path file : files(p -> include.stream().anyMatch(m -> m.matches(checkout.relativize(p))))) {
      String text = Files.readString(file);
      if (templated()) {
        HelmTemplates.Stripped stripped = HelmTemplates.strip(text);
        stripped.refused().forEach(r -> notRead(file, r.line(), r.why()));
        text = stripped.yaml();
      }
      YamlDocuments.Loaded loaded = YamlDocuments.load(relative(file), text);
      loaded.problems().forEach(p -> problems.add(relative(file) + ":" + p.at().line() + ": " + p.message()));
      templatesNotRead += templated() ? loaded.problems().size() : 0;
      for (Document document : loaded.documents()) {
        JsonNode crd = document.object();
        if (!crd.path("kind").asText().equals("CustomResourceDefinition")) {
          continue;
        }
        if (templated() && HelmTemplates.identityTemplated(crd)) {
          notRead(file, document.source().position("/spec").map(p -> p.line()).orElse(0),
              "a template expression in the CRD's group, names or version names");
          continue;
        }
        String group = crd.path("spec").path("group").asText();
        String kind = crd.path("spec").path("names").path("kind").asText();
        int score = score(crd.path("metadata").path("annotations"));
        for (JsonNode v : versions(crd.path("spec"))) {
          JsonNode schema = v.path("schema").path("openAPIV3Schema");
          if (!schema.isObject()) {
            // apiextensions.k8s.io/v1beta1: one schema for every version, spec.validation's.
            schema = crd.path("spec").path("validation").path("openAPIV3Schema");
          }
          if (!schema.isObject()) {
            continue;
          }
          String version = v.path("name").asText();
          JsonNode columnsCrd = crd;
          JsonNode columnsVersion = v;
          if (templated()) {
            java.util.Optional<JsonNode> clean = HelmTemplates.schemaWithoutTemplates(schema);
            if (clean.isEmpty()) {
              notRead(file, document.source().position("/spec").map(p -> p.line()).orElse(0),
                  "a template writes into the schema of " + kind + " " + version);
              continue;
            }
            schema = clean.get();
            columnsCrd = crd.deepCopy();
            if (crd.path("spec").path("additionalPrinterColumns").isArray()) {
              ((com.fasterxml.jackson.databind.node.ObjectNode) columnsCrd.path("spec")).set("additionalPrinterColumns",
                  HelmTemplates.columnsWithoutTemplates(crd.path("spec").path("additionalPrinterColumns")));
            }
            columnsVersion = v.deepCopy();
            if (v.path("additionalPrinterColumns").isArray()) {
              ((com.fasterxml.jackson.databind.node.ObjectNode) columnsVersion).set("additionalPrinterColumns",
                  HelmTemplates.columnsWithoutTemplates(v.path("additionalPrinterColumns")));
            }
          }
          schemas++;
          DistilledKind found = new DistilledKind(source.id(), group, kind, version, relative(file),
              ConditionListSchemas.arrays(schema), crd.path("spec").path("names"),
              ConditionColumn.of(columnsCrd, columnsVersion));
          chosen.merge(group + "|" + kind + "|" + version, new Candidate(found, score),
              (old, candidate) -> candidate.score() > old.score() ? candidate : old);
        }
      }
    }
    return chosen.values().stream().map(Candidate::kind).filter(k -> !k.lists().isEmpty()).toList();
  }

  private record Candidate(DistilledKind kind, int score) {}

  /**
   * The root kinds of the Go API packages among the files {@code include} matches ({@link GoTypes}), each with the
   * condition lists of the status controller-gen would write; what GoTypes skips is reported.
   */
  private List<DistilledKind> goTypes() throws IOException {
    List<PathMatcher> include = source.include().stream()
        .map(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob)).toList();
    GoTypes reader = new GoTypes();
    List<GoTypes.Kind> kinds = reader.read(checkout,
        files(p -> include.stream().anyMatch(m -> m.matches(checkout.relativize(p)))));
    reader.skipped().forEach(problems::add);
    Map<String, DistilledKind> out = new LinkedHashMap<>();
    for (GoTypes.Kind k : kinds) {
      schemas++;
      com.fasterxml.jackson.databind.node.ObjectNode object = JSON.createObjectNode();
      object.putObject("properties").set("status", k.status());
      Map<String, JsonNode> lists = ConditionListSchemas.arrays(object);
      if (!lists.isEmpty()) {
        out.putIfAbsent(k.group() + "|" + k.kind() + "|" + k.version(), new DistilledKind(source.id(), k.group(),
            k.kind(), k.version(), k.file(), lists, com.fasterxml.jackson.databind.node.MissingNode.getInstance(),
            List.of()));
      }
    }
    return List.copyOf(out.values());
  }

  private void notRead(Path file, int line, String why) {
    problems.add(relative(file) + ":" + line + ": Helm template not read: " + why);
    templatesNotRead++;
  }

  /**
   * A CRD's versions: {@code spec.versions}, or, in an apiextensions.k8s.io/v1beta1 CRD that lists none,
   * its one {@code spec.version}.
   */
  private static List<JsonNode> versions(JsonNode spec) {
    List<JsonNode> out = new ArrayList<>();
    spec.path("versions").forEach(out::add);
    if (out.isEmpty() && spec.path("version").isTextual()) {
      out.add(JSON.createObjectNode().put("name", spec.path("version").asText()));
    }
    return out;
  }

  private int score(JsonNode annotations) {
    int score = 0;
    for (int i = 0; i < source.prefer().size(); i++) {
      IndexSource.Preference p = source.prefer().get(i);
      for (String value : annotations.path(p.annotation()).asText("").split(",")) {
        if (value.trim().equals(p.value())) {
          score += 1 << (source.prefer().size() - i);
        }
      }
    }
    return score;
  }

  private List<Path> files(java.util.function.Predicate<Path> wanted) throws IOException {
    List<PathMatcher> exclude = source.exclude().stream()
        .map(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob)).toList();
    try (Stream<Path> walk = Files.walk(checkout)) {
      return newestReleases(walk.filter(Files::isRegularFile)
          .filter(p -> !checkout.relativize(p).startsWith(".git"))
          .filter(p -> exclude.stream().noneMatch(m -> m.matches(checkout.relativize(p))))
          .filter(wanted)
          .sorted(Comparator.comparing(p -> checkout.relativize(p).toString()))
          .toList());
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * The files, less those of every release but the newest where {@code newest} names release
   * directories ({@code operators/NAME/VERSION}): a project's releases are its directories' siblings.
   */
  private List<Path> newestReleases(List<Path> files) {
    if (source.newest().isEmpty()) {
      return files;
    }
    PathMatcher release = FileSystems.getDefault().getPathMatcher("glob:" + source.newest().get());
    int depth = Path.of(source.newest().get()).getNameCount();
    Map<String, String> newest = new LinkedHashMap<>();
    for (Path file : files) {
      Path relative = checkout.relativize(file);
      if (relative.getNameCount() > depth && release.matches(relative.subpath(0, depth))) {
        newest.merge(relative.subpath(0, depth - 1).toString(), relative.getName(depth - 1).toString(),
            (a, b) -> VERSION_ORDER.compare(a, b) >= 0 ? a : b);
      }
    }
    return files.stream().filter(file -> {
      Path relative = checkout.relativize(file);
      return relative.getNameCount() <= depth || !release.matches(relative.subpath(0, depth))
          || relative.getName(depth - 1).toString().equals(newest.get(relative.subpath(0, depth - 1).toString()));
    }).toList();
  }

  /**
   * Release names in version order, as semantic versioning orders them: a leading {@code v} is no part of
   * the version ({@code v1.4.1} before {@code 1.5.2}: certified-operators' amd-gpu-operator has both
   * spellings); runs of digits compare as numbers, anything else as text ({@code 1.10.0} after
   * {@code 1.9.2}); and a pre-release ({@code 1.30.0-rc1}, what follows the first {@code -}) comes before
   * its release ({@code 1.30.0}), pre-releases of one release among themselves run by run.
   */
  static final Comparator<String> VERSION_ORDER = (a, b) -> {
    String x = a.matches("[vV][0-9].*") ? a.substring(1) : a;
    String y = b.matches("[vV][0-9].*") ? b.substring(1) : b;
    int dashX = x.indexOf('-');
    int dashY = y.indexOf('-');
    int c = compareRuns(dashX < 0 ? x : x.substring(0, dashX), dashY < 0 ? y : y.substring(0, dashY));
    if (c != 0) {
      return c;
    }
    if (dashX < 0 || dashY < 0) {
      return Boolean.compare(dashX < 0, dashY < 0);
    }
    return compareRuns(x.substring(dashX + 1), y.substring(dashY + 1));
  };

  private static int compareRuns(String a, String b) {
    java.util.regex.Matcher x = RUN.matcher(a);
    java.util.regex.Matcher y = RUN.matcher(b);
    while (true) {
      boolean hasX = x.find();
      boolean hasY = y.find();
      if (!hasX || !hasY) {
        return Boolean.compare(hasX, hasY);
      }
      String p = x.group();
      String q = y.group();
      int c = Character.isDigit(p.charAt(0)) && Character.isDigit(q.charAt(0))
          ? new java.math.BigInteger(p).compareTo(new java.math.BigInteger(q))
          : p.compareTo(q);
      if (c != 0) {
        return c;
      }
    }
  }

  private String relative(Path file) {
    return checkout.relativize(file).toString().replace('\\', '/');
  }
}
