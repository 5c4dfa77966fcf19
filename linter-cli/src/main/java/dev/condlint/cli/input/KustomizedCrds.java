package dev.condlint.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.yaml.YamlDocuments;
import io.fabric8.zjsonpatch.CompatibilityFlags;
import io.fabric8.zjsonpatch.JsonPatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A CRD as kustomize installs it. A kubebuilder project keeps its generated CRDs under
 * {@code config/crd/bases} and lists them in {@code config/crd/kustomization.yaml}, which may patch them
 * before they reach the cluster: a field whose schema cannot be written (a {@code json.RawMessage}
 * generated as {@code type: string, format: byte}) is removed, so that the objects that fill it with a
 * mapping are accepted (k8ssandra/cass-operator config/crd/patches/config_removal.yaml). Objects are judged
 * by the schema the API server has, so a CRD read from a file that a kustomization in its directory, or
 * one or two above it, lists as a resource gets that kustomization's JSON 6902 patches whose target
 * names it ({@code patches} with a {@code target}, and {@code patchesJson6902}), in order, as kustomize
 * applies them. Strategic-merge patches are not applied (kubebuilder's scaffolded ones, conversion
 * webhooks and CA injection, leave the schema alone); a patch that does not apply leaves the CRD as
 * written (kustomize itself would fail). The CRD file itself is still linted as written. Safe for the
 * linter's threads.
 */
public final class KustomizedCrds {
  private static final List<String> NAMES = List.of("kustomization.yaml", "kustomization.yml", "Kustomization");
  /** How many directories above the CRD's own a kustomization that lists it is looked for in. */
  private static final int LEVELS_ABOVE = 2;

  /** A kustomization that was read: its directory and its parsed text (empty where there is none or it cannot be read). */
  private record Kustomization(Path directory, JsonNode root) {}

  private final Map<Path, Optional<Kustomization>> byDirectory = new ConcurrentHashMap<>();

  /** The CRD {@code crd} read from {@code file} as its project's kustomization installs it; {@code crd} itself where none patches it. */
  public JsonNode installed(Optional<Path> file, JsonNode crd) {
    if (file.isEmpty() || !"CustomResourceDefinition".equals(crd.path("kind").asText())) {
      return crd;
    }
    Path path = file.get().toAbsolutePath().normalize();
    JsonNode result = crd;
    Path directory = path.getParent();
    for (int level = 0; directory != null && level <= LEVELS_ABOVE; level++, directory = directory.getParent()) {
      Optional<Kustomization> k = byDirectory.computeIfAbsent(directory, KustomizedCrds::read);
      if (k.isPresent() && lists(k.get(), path)) {
        result = patched(k.get(), result);
      }
    }
    return result;
  }

  private static Optional<Kustomization> read(Path directory) {
    for (String name : NAMES) {
      Path file = directory.resolve(name);
      if (Files.isRegularFile(file)) {
        try {
          JsonNode root = YamlDocuments.documents(file.toString(), Files.readString(file)).documents().stream()
              .findFirst().map(d -> d.object()).orElse(null);
          return root == null || !root.isObject() ? Optional.empty() : Optional.of(new Kustomization(directory, root));
        } catch (IOException | RuntimeException e) {
          // A kustomization that cannot be read patches nothing here; it is linted (or not) as any other file.
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  /** Whether a resource of the kustomization is the file or a directory it is in. */
  private static boolean lists(Kustomization k, Path file) {
    for (JsonNode r : k.root().path("resources")) {
      if (r.isTextual() && !r.asText().contains("://")) {
        Path resource = k.directory().resolve(r.asText()).normalize();
        if (resource.equals(file) || (!resource.equals(k.directory()) && file.startsWith(resource))) {
          return true;
        }
      }
    }
    return false;
  }

  private static JsonNode patched(Kustomization k, JsonNode crd) {
    List<JsonNode> entries = new ArrayList<>();
    k.root().path("patches").forEach(entries::add);
    k.root().path("patchesJson6902").forEach(entries::add);
    JsonNode result = crd;
    for (JsonNode entry : entries) {
      if (!targets(entry.path("target"), result)) {
        continue;
      }
      Optional<JsonNode> operations = operations(k, entry);
      if (operations.isPresent()) {
        try {
          result = Rfc6902.apply(operations.get(), result);
        } catch (RuntimeException e) {
          // kustomize stops on a patch that does not apply; what it would install is unknown, so the CRD stays as written.
          return crd;
        }
      }
    }
    return result;
  }

  /** Whether a patch's target selects this CRD: every field it gives matches (the name as kustomize's selectors match it, a regular expression). */
  private static boolean targets(JsonNode target, JsonNode crd) {
    if (!target.isObject()) {
      return false;
    }
    String apiVersion = crd.path("apiVersion").asText();
    int slash = apiVersion.indexOf('/');
    return matches(target.path("kind"), "CustomResourceDefinition")
        && matches(target.path("group"), slash < 0 ? "" : apiVersion.substring(0, slash))
        && matches(target.path("version"), slash < 0 ? apiVersion : apiVersion.substring(slash + 1))
        && matches(target.path("name"), crd.path("metadata").path("name").asText());
  }

  private static boolean matches(JsonNode selector, String value) {
    if (selector.isMissingNode() || selector.isNull()) {
      return true;
    }
    String wanted = selector.asText();
    try {
      return Pattern.compile("^(?:" + wanted + ")$").matcher(value).matches();
    } catch (PatternSyntaxException e) {
      return wanted.equals(value);
    }
  }

  /** A patch entry's JSON 6902 operations (a list), from its file or inline; empty for a strategic-merge patch or one that cannot be read. */
  private static Optional<JsonNode> operations(Kustomization k, JsonNode entry) {
    String text;
    String name;
    if (entry.path("patch").isTextual()) {
      text = entry.path("patch").asText();
      name = k.directory().resolve("kustomization.yaml").toString();
    } else if (entry.path("path").isTextual()) {
      Path file = k.directory().resolve(entry.path("path").asText()).normalize();
      try {
        text = Files.readString(file);
      } catch (IOException | RuntimeException e) {
        return Optional.empty();
      }
      name = file.toString();
    } else {
      return Optional.empty();
    }
    try {
      return YamlDocuments.documents(name, text).documents().stream().findFirst().map(d -> d.object())
          .filter(JsonNode::isArray);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * RFC 6902 as kustomize applies it: removing a member that is not there is an error, as the RFC says.
   * A class of its own so that fabric8's classes load only when a patch is applied (lint loads no
   * cluster class at startup: StartupClassesTest).
   */
  private static final class Rfc6902 {
    private static final EnumSet<CompatibilityFlags> AS_KUSTOMIZE = EnumSet.of(CompatibilityFlags.FORBID_REMOVE_MISSING_OBJECT);

    static JsonNode apply(JsonNode operations, JsonNode document) {
      return JsonPatch.apply(operations, document, AS_KUSTOMIZE);
    }
  }
}
