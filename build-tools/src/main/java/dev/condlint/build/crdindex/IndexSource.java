package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One public source of CRD schemas, pinned to a commit, as {@code build-tools/crd-index/sources.json}
 * describes it: where its checkout's files are ({@code layout} and {@code include}), and, where it keeps
 * several manifests of one CRD (OpenShift's feature sets), the annotations that pick the one a default
 * cluster runs ({@code prefer}, strongest first). {@code exclude} names files of either layout that are
 * not read (globs on the path in the checkout), such as groups that condlint's own catalogue declares
 * by a group pattern, whose copies would only grow the index. {@code newest} (a glob such as
 * {@code operators/*}{@code /*}) names the directories that hold one release each of a project, as an
 * operator bundle catalogue keeps them: only the files of each project's newest release are read (the
 * greatest last segment in version order), so a kind is read as its project last shipped it.
 * {@code templates} ({@code "helm"}) says the manifests are Helm chart templates, read as
 * {@link HelmTemplates} describes; without it they are read as plain YAML. A {@code json-schemas} source
 * may say where its schemas are: {@code root}, the folder that holds the group folders (the checkout's
 * root without it), and {@code schemaPaths}, how a schema's path below it names the kind and version
 * ({@link SchemaPaths}); {@code exclude} globs stay relative to the checkout's root.
 */
record IndexSource(
    String id, String repository, String commit, String license, Layout layout, List<String> include,
    List<String> exclude, List<Preference> prefer, java.util.Optional<String> newest, Templates templates,
    String root, SchemaPaths schemaPaths) {

  enum Layout {
    /** JSON Schemas of kinds at {@code GROUP/KIND_VERSION.json}, the kind in lower case (datreeio/CRDs-catalog). */
    JSON_SCHEMAS,
    /** CustomResourceDefinition manifests in YAML or JSON, at the paths {@code include} matches. */
    CRD_MANIFESTS,
    /**
     * A project's Go API types ({@link GoTypes}), in the .go files {@code include} matches, for a project that
     * commits no CRD manifests: what controller-gen would write of each root kind's condition lists.
     */
    GO_TYPES;

    /** Whether the source spells a kind's name (a CRD's names.kind, a Go type's name), not in lower case alone. */
    boolean spellsKinds() {
      return this != JSON_SCHEMAS;
    }
  }

  /** How a {@code json-schemas} source's file paths, below its root, name a schema's group, kind and version. */
  enum SchemaPaths {
    /** {@code GROUP/KIND_VERSION.json}, datreeio/CRDs-catalog's layout. */
    KIND_VERSION("GROUP/KIND_VERSION.json"),
    /** {@code GROUP/VERSION/KIND.json}, one folder per version (the kind in lower case). */
    VERSION_KIND("GROUP/VERSION/KIND.json");

    final String spelling;

    SchemaPaths(String spelling) {
      this.spelling = spelling;
    }
  }

  /** How the source's manifests are written: as YAML, or as Helm chart templates ({@link HelmTemplates}). */
  enum Templates {
    NONE,
    HELM
  }

  /** A manifest whose annotation lists this value (among comma-separated ones) is preferred. */
  record Preference(String annotation, String value) {}

  IndexSource {
    include = List.copyOf(include);
    exclude = List.copyOf(exclude);
    prefer = List.copyOf(prefer);
  }

  static List<IndexSource> read(JsonNode file) {
    List<IndexSource> out = new ArrayList<>();
    for (JsonNode s : file.path("sources")) {
      List<String> include = new ArrayList<>();
      s.path("include").forEach(i -> include.add(i.asText()));
      List<String> exclude = new ArrayList<>();
      s.path("exclude").forEach(e -> exclude.add(e.asText()));
      List<Preference> prefer = new ArrayList<>();
      s.path("prefer").forEach(p -> prefer.add(new Preference(p.path("annotation").asText(), p.path("value").asText())));
      String layout = s.path("layout").asText();
      String root = s.path("root").asText("").replaceAll("^/+|/+$", "");
      String paths = s.path("schemaPaths").asText(SchemaPaths.KIND_VERSION.spelling);
      SchemaPaths schemaPaths = java.util.Arrays.stream(SchemaPaths.values()).filter(v -> v.spelling.equals(paths))
          .findFirst().orElseThrow(() -> new IllegalArgumentException("source " + s.path("id").asText()
              + ": unknown schemaPaths '" + paths + "' (GROUP/KIND_VERSION.json or GROUP/VERSION/KIND.json)"));
      if (!layout.equals("json-schemas") && (s.has("root") || s.has("schemaPaths"))) {
        throw new IllegalArgumentException("source " + s.path("id").asText()
            + ": root and schemaPaths are for a json-schemas source; a crd-manifests source names its files with include");
      }
      out.add(new IndexSource(require(s, "id"), require(s, "repository"), require(s, "commit"), require(s, "license"),
          switch (layout) {
            case "json-schemas" -> Layout.JSON_SCHEMAS;
            case "crd-manifests" -> Layout.CRD_MANIFESTS;
            case "go-types" -> Layout.GO_TYPES;
            default -> throw new IllegalArgumentException("source " + s.path("id").asText() + ": unknown layout '"
                + layout + "' (json-schemas, crd-manifests or go-types)");
          }, include, exclude, prefer,
          s.hasNonNull("newest") ? java.util.Optional.of(s.get("newest").asText()) : java.util.Optional.empty(),
          switch (s.path("templates").asText("")) {
            case "" -> Templates.NONE;
            case "helm" -> Templates.HELM;
            default -> throw new IllegalArgumentException("source " + s.path("id").asText() + ": unknown templates '"
                + s.path("templates").asText() + "' (helm, or no templates key for plain manifests)");
          }, root, schemaPaths));
    }
    return out;
  }

  private static String require(JsonNode source, String key) {
    String value = source.path(key).asText("");
    if (value.isEmpty()) {
      throw new IllegalArgumentException("a source without " + key + ": " + source);
    }
    return value;
  }
}
