package dev.condlint.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a deterministic corpus shaped like {@code ../shared/corpus}: multi-document YAML files of
 * objects from several profiles (k8s, flux, cert-manager, gateway-api with nested listener
 * conditions, cluster-api, knative) and custom resources next to the CRDs that define them, with
 * about one object in twenty carrying a convention violation. The same seed gives the same bytes.
 */
public final class CorpusGenerator {
  /** One kind of generated object: its apiVersion, kind and the condition types it reports. */
  private record Shape(String apiVersion, String kind, List<String> types, boolean nestedListeners) {}

  private static final List<Shape> SHAPES = List.of(
      new Shape("apps/v1", "Deployment", List.of("Available", "Progressing"), false),
      new Shape("kustomize.toolkit.fluxcd.io/v1", "Kustomization", List.of("Ready", "Healthy"), false),
      new Shape("helm.toolkit.fluxcd.io/v2", "HelmRelease", List.of("Ready", "Released", "TestSuccess"), false),
      new Shape("cert-manager.io/v1", "Certificate", List.of("Ready", "Issuing"), false),
      new Shape("gateway.networking.k8s.io/v1", "Gateway", List.of("Accepted", "Programmed"), true),
      new Shape("cluster.x-k8s.io/v1beta2", "Machine",
          List.of("Available", "Ready", "UpToDate", "BootstrapConfigReady", "InfrastructureReady"), false),
      new Shape("serving.knative.dev/v1", "Service", List.of("Ready", "ConfigurationsReady", "RoutesReady"), false));

  private static final String[] REASONS = {
    "Succeeded", "ReconciliationSucceeded", "MinimumReplicasAvailable", "NewReplicaSetAvailable", "Ready", "Issued"
  };
  private static final String NOW = "2024-06-01T00:00:00Z";

  private final SplittableRandom random;

  public CorpusGenerator(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /**
   * Writes {@code objects} objects spread over {@code files} files under {@code out}; every 50th file
   * holds a CRD (which also counts as an object) followed by custom resources of its kind.
   */
  public void write(Path out, int objects, int files) {
    try {
      Files.createDirectories(out);
      int written = 0;
      for (int f = 0; f < files; f++) {
        int count = (objects - written) / (files - f);
        Path dir = out.resolve(String.format("team-%02d", f % 40));
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(String.format("file-%05d.yaml", f)), file(f, count), StandardCharsets.UTF_8);
        written += count;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A {@code kind: List} of generated objects of at least {@code bytes} bytes, as {@code kubectl get -o
   * yaml} prints it (keys in order, so kind after items): the one-large-file case of the memory benchmark.
   */
  public String list(long bytes) {
    StringBuilder y = new StringBuilder("apiVersion: v1\nitems:\n");
    for (int i = 0; y.length() < bytes; i++) {
      String item = object(SHAPES.get(random.nextInt(SHAPES.size())), "list-" + i, 5 + random.nextInt(6));
      y.append("- ").append(item.substring(0, item.length() - 1).replace("\n", "\n  ")).append('\n');
    }
    return y.append("kind: List\nmetadata:\n  resourceVersion: \"\"\n").toString();
  }

  /** One file of {@code count} objects. */
  String file(int index, int count) {
    StringBuilder y = new StringBuilder();
    if (index % 10 == 5) {
      // Some files carry comments, which the reader must then collect (for suppressions).
      y.append("# Rendered by the release pipeline; do not edit by hand.\n");
    }
    int first = 0;
    if (index % 50 == 0 && count > 0) {
      crd(y, index, 40);
      first = 1;
    }
    for (int i = first; i < count; i++) {
      y.append("---\n");
      if (index % 50 == 0) {
        customResource(y, index, i);
      } else {
        object(y, SHAPES.get(random.nextInt(SHAPES.size())), index + "-" + i, 5 + random.nextInt(6));
      }
    }
    return y.toString();
  }

  /** A typical object of a shape with {@code conditions} conditions (at least its shape's types). */
  private String object(Shape shape, String name, int conditions) {
    StringBuilder y = new StringBuilder();
    object(y, shape, name, conditions);
    return y.toString();
  }

  /** A Flux Kustomization of about 20 KB holding 30 conditions, the large-object case of the benchmarks. */
  public String largeObject() {
    return paddedObject(30, 20_000);
  }

  /** A Flux Kustomization with {@code conditions} conditions, padded with status notes to {@code bytes}. */
  public String paddedObject(int conditions, int bytes) {
    StringBuilder y = new StringBuilder();
    object(y, SHAPES.get(1), "large", conditions);
    for (int i = 0; y.length() < bytes; i++) {
      y.append("  note").append(i).append(": \"").append(words(12)).append("\"\n");
    }
    return y.toString();
  }

  /** A small Deployment with two conditions. */
  public String smallObject() {
    return object(SHAPES.get(0), "small", 2);
  }

  /** A CRD whose spec schema has {@code properties} properties at each of three levels. */
  public String largeCrd(int properties) {
    StringBuilder y = new StringBuilder();
    crd(y, 0, properties);
    return y.toString();
  }

  private void object(StringBuilder y, Shape shape, String name, int conditions) {
    boolean violation = random.nextInt(20) == 0;
    int generation = 1 + random.nextInt(9);
    y.append("apiVersion: ").append(shape.apiVersion()).append('\n')
        .append("kind: ").append(shape.kind()).append('\n');
    metadata(y, "obj-" + name, generation);
    y.append("spec:\n")
        .append("  replicas: ").append(1 + random.nextInt(5)).append('\n')
        .append("  interval: 10m\n")
        .append("  description: \"").append(words(20)).append("\"\n")
        .append("  template:\n    spec:\n      containers:\n");
    for (int c = 0; c < 3; c++) {
      y.append("        - name: app-").append(c).append('\n')
          .append("          image: registry.example.com/team/app-").append(c).append(":v1.").append(random.nextInt(40))
          .append(".0\n")
          .append("          args: [\"--port=8080\", \"--log-level=info\"]\n")
          .append("          resources:\n            limits: {cpu: 500m, memory: 256Mi}\n");
    }
    y.append("status:\n")
        .append("  observedGeneration: ").append(generation).append('\n')
        .append("  conditions:\n");
    // Built-in kinds and Gateway API have a closed set of condition types, and Deployment conditions
    // and Knative conditions carry no observedGeneration; only the other profiles get extra types.
    boolean builtin = shape.kind().equals("Deployment");
    boolean knative = shape.apiVersion().startsWith("serving.knative.dev");
    int count = builtin || shape.nestedListeners() ? shape.types().size() : conditions;
    conditions(y, "    ", shape.types(), count, builtin || knative ? 0 : generation, violation);
    if (shape.nestedListeners()) {
      y.append("  listeners:\n");
      for (String listener : List.of("http", "https")) {
        y.append("    - name: ").append(listener).append('\n')
            .append("      attachedRoutes: ").append(random.nextInt(8)).append('\n')
            .append("      supportedKinds: [{group: gateway.networking.k8s.io, kind: HTTPRoute}]\n")
            .append("      conditions:\n");
        conditions(y, "        ", List.of("Accepted", "Programmed", "ResolvedRefs"), 3, generation, false);
      }
    }
  }

  private void metadata(StringBuilder y, String name, int generation) {
    y.append("metadata:\n")
        .append("  name: ").append(name).append('\n')
        .append("  namespace: ns-").append(random.nextInt(30)).append('\n')
        .append("  generation: ").append(generation).append('\n')
        .append("  uid: ").append(Long.toHexString(random.nextLong())).append('\n')
        .append("  labels:\n")
        .append("    app.kubernetes.io/name: ").append(name).append('\n')
        .append("    app.kubernetes.io/part-of: corpus\n")
        .append("  annotations:\n")
        .append("    example.com/owner: \"").append(words(6)).append("\"\n");
  }

  /**
   * {@code count} conditions: the given types first, then numbered extra ones. A violation is one of
   * the catalogue's common mistakes: a lowercase reason, a non-enum status or a duplicated type.
   */
  private void conditions(
      StringBuilder y, String indent, List<String> types, int count, int generation, boolean violation) {
    int mistake = violation ? random.nextInt(3) : -1;
    for (int i = 0; i < count; i++) {
      String type = i < types.size() ? types.get(i) : "Extra" + i + "Ready";
      if (mistake == 2 && i == 1) {
        type = types.get(0);
      }
      String status = mistake == 1 && i == 0 ? "\"true\"" : "\"True\"";
      String reason = mistake == 0 && i == 0 ? "reconciliation failed" : reason(type);
      y.append(indent).append("- type: ").append(type).append('\n')
          .append(indent).append("  status: ").append(status).append('\n')
          .append(generation > 0 ? indent + "  observedGeneration: " + generation + "\n" : "")
          .append(indent).append("  lastTransitionTime: \"").append(NOW).append("\"\n")
          .append(indent).append("  reason: ").append(reason).append('\n')
          .append(indent).append("  message: \"").append(words(8)).append("\"\n");
    }
  }

  private String reason(String type) {
    return type.equals("Progressing") ? "NewReplicaSetAvailable" : REASONS[random.nextInt(REASONS.length)];
  }

  private void crd(StringBuilder y, int index, int properties) {
    String group = "gen" + index + ".example.com";
    String kind = "Widget" + index;
    y.append("---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n")
        .append("metadata:\n  name: widget").append(index).append("s.").append(group).append('\n')
        .append("spec:\n  group: ").append(group).append('\n')
        .append("  names:\n    kind: ").append(kind).append("\n    plural: widget").append(index).append("s\n")
        .append("  scope: Namespaced\n  versions:\n    - name: v1\n      served: true\n      storage: true\n")
        .append("      subresources:\n        status: {}\n")
        .append("      schema:\n        openAPIV3Schema:\n          type: object\n          properties:\n")
        .append("            spec:\n              type: object\n              properties:\n");
    for (int p = 0; p < properties; p++) {
      y.append("                field").append(p).append(":\n")
          .append("                  type: object\n")
          .append("                  description: ").append(words(10)).append('\n')
          .append("                  properties:\n");
      for (int q = 0; q < 5; q++) {
        y.append("                    leaf").append(q).append(": {type: string, maxLength: 253}\n");
      }
    }
    y.append("            status:\n              type: object\n              properties:\n")
        .append("                observedGeneration: {type: integer, format: int64, minimum: 0}\n")
        .append("                conditions:\n")
        .append("                  type: array\n")
        .append("                  x-kubernetes-list-type: map\n")
        .append("                  x-kubernetes-list-map-keys: [type]\n")
        .append("                  items:\n")
        .append("                    type: object\n")
        .append("                    required: [lastTransitionTime, message, reason, status, type]\n")
        .append("                    properties:\n")
        .append("                      lastTransitionTime: {type: string, format: date-time}\n")
        .append("                      message: {type: string, maxLength: 32768}\n")
        .append("                      observedGeneration: {type: integer, format: int64, minimum: 0}\n")
        .append("                      reason:\n")
        .append("                        type: string\n")
        .append("                        maxLength: 1024\n")
        .append("                        minLength: 1\n")
        .append("                        pattern: ^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$\n")
        .append("                      status: {type: string, enum: [\"True\", \"False\", Unknown]}\n")
        .append("                      type:\n")
        .append("                        type: string\n")
        .append("                        maxLength: 316\n")
        .append("                        pattern: ^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
            + "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$\n");
  }

  private void customResource(StringBuilder y, int index, int i) {
    object(y, new Shape("gen" + index + ".example.com/v1", "Widget" + index, List.of("Ready"), false),
        index + "-" + i, 2 + random.nextInt(3));
  }

  private static final String[] WORDS = {
    "replica", "rollout", "healthy", "applied", "revision", "source", "artifact", "waiting", "for", "the",
    "controller", "resource", "cluster", "gateway", "listener", "certificate", "issued", "renewal", "ready"
  };

  private String words(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
    }
    return s.toString();
  }
}
