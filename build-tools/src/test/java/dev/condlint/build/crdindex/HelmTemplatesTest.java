package dev.condlint.build.crdindex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.schema.ConditionColumn;
import dev.condlint.rules.schema.ConditionListSchemas;
import dev.condlint.rules.schema.CrdIndex;
import dev.condlint.rules.schema.KindSchema;
import dev.condlint.yaml.YamlDocuments;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distiller on CRDs a Helm chart keeps as templates ({@code "templates": "helm"}): control lines are
 * dropped (every branch read), a value a template gives is unknown (the keyword that holds it is dropped),
 * and a document whose identity or schema a template writes, or that has an {@code else}, is not read and
 * counted. The same files in a source without the flag are read as plain YAML and fail to parse, as before.
 */
class HelmTemplatesTest {
  private static final String WIDGETS = """
      {{/*
        The chart's CRDs, installed unless installCRDs is false.
      */}}
      {{- if .Values.installCRDs }}
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.example.com
        annotations:
          {{- include "chart.annotations" . | nindent 4 }}
        labels:
          helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
      spec:
        {{- include "chart.conversion" . }}
        group: example.com
        names:
          kind: Widget
          plural: widgets
          singular: widget
        scope: Namespaced
        versions:
        {{- if .Values.legacy }}
        - name: v1alpha1
          served: true
          storage: false
          schema:
            openAPIV3Schema:
              type: object
              properties:
                status:
                  type: object
                  properties:
                    conditions:
                      type: array
                      items:
                        type: object
                        required: [type, status]
                        properties:
                          type: {type: string}
                          status: {type: string, enum: ["True", "False", "Unknown"]}
        {{- end }}
        - name: v1
          served: true
          storage: {{ not .Values.legacy }}
          additionalPrinterColumns:
          - name: Ready
            type: string
            jsonPath: .status.conditions[?(@.type=="Ready")].status
          - name: {{ .Values.syncedColumn }}
            type: string
            jsonPath: .status.conditions[?(@.type=="Synced")].status
          schema:
            openAPIV3Schema:
              type: object
              properties:
                status:
                  type: object
                  properties:
                    conditions:
                      type: array
                      x-kubernetes-list-type: map
                      x-kubernetes-list-map-keys: [type]
                      items:
                        type: object
                        required: [type, status, reason]
                        properties:
                          type: {type: string, maxLength: 316}
                          status:
                            type: string
                            enum: ["True", "False", "{{ .Values.extraStatus }}"]
                          reason:
                            type: string
                            default: {{ .Values.defaultReason | quote }}
                            pattern: "^[A-Za-z]+$"
      {{- end }}
      """;

  /** What the v1 schema of widgets.yaml says whatever the chart's values: the enum and default it leaves unknown dropped. */
  private static final String WIDGET_V1_KNOWN = """
      type: object
      properties:
        status:
          type: object
          properties:
            conditions:
              type: array
              x-kubernetes-list-type: map
              x-kubernetes-list-map-keys: [type]
              items:
                type: object
                required: [type, status, reason]
                properties:
                  type: {type: string, maxLength: 316}
                  status:
                    type: string
                  reason:
                    type: string
                    pattern: "^[A-Za-z]+$"
      """;

  private static final String OTHERS = """
      # A group the chart's values give: not read.
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: gadgets.{{ .Values.group }}
      spec:
        group: {{ .Values.group }}
        names: {kind: Gadget, plural: gadgets}
        versions:
        - name: v1
          schema: {openAPIV3Schema: {type: object, properties: {status: {type: object, properties: {conditions: {type: array, items: {type: object}}}}}}}
      ---
      # Two branches that exclude each other: not read.
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      spec:
        group: example.com
        names: {kind: Sprocket, plural: sprockets}
        versions:
      {{- if .Values.v2 }}
        - name: v2
      {{- else }}
        - name: v1
      {{- end }}
          schema: {openAPIV3Schema: {type: object, properties: {status: {type: object, properties: {conditions: {type: array, items: {type: object}}}}}}}
      ---
      # A schema a template writes: not read.
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      spec:
        group: example.com
        names: {kind: Cog, plural: cogs}
        versions:
        - name: v1
          schema:
            openAPIV3Schema:
              type: object
              properties:
                status:
                  {{- include "chart.statusSchema" . | nindent 10 }}
      ---
      # A value a template gives where YAML wants a block: does not parse, not read.
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      spec:
        group: example.com
        names: {kind: Gear, plural: gears}
        versions: [{{ .Values.versions }}
      """;

  private record Run(int exit, String out, String err) {}

  private static Run distil(Path dir, String templates) throws IOException {
    Path chart = dir.resolve("checkout/charts/widgets/templates");
    Files.createDirectories(chart);
    Files.writeString(chart.resolve("widgets.yaml"), WIDGETS);
    Files.writeString(chart.resolve("others.yaml"), OTHERS);
    Files.writeString(chart.resolve("_helpers.tpl"), "{{- define \"chart.annotations\" -}}\n{{- end -}}\n");
    Files.writeString(dir.resolve("sources.json"), """
        {"sources": [{"id": "chart", "repository": "example/chart", "commit": "0123456789abcdef0123456789abcdef01234567",
          "license": "Apache-2.0", "layout": "crd-manifests", "include": ["charts/*/templates/*.yaml"]%s}]}
        """.formatted(templates));
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int exit = DistilCrdIndex.run(new String[] {"--sources", dir.resolve("sources.json").toString(),
        "--checkout", "chart=" + dir.resolve("checkout"), "--out", dir.resolve("out").toString()},
        new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
    return new Run(exit, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
  }

  private static JsonNode yaml(String text) {
    return YamlDocuments.documents("t.yaml", text).documents().get(0).object();
  }

  @Test
  void aHelmTemplateSourceReadsWhatTheTemplateStatesWhateverTheValues(@TempDir Path dir) throws IOException {
    Run run = distil(dir, ", \"templates\": \"helm\"");

    assertEquals(0, run.exit(), run.err());
    assertEquals("""
        source chart: %1$s/checkout is no git work tree; taken as example/chart@0123456789abcdef0123456789abcdef01234567
        source chart: 2 kind versions read, 2 with condition lists, 4 template documents not read
          not read: charts/widgets/templates/others.yaml:22: Helm template not read: a template action 'else' (its branches or blocks cannot all be read as one document)
          not read: charts/widgets/templates/others.yaml:49: while parsing a flow sequence: expected ',' or ']', but got <stream end>
          not read: charts/widgets/templates/others.yaml:6: Helm template not read: a template expression in the CRD's group, names or version names
          not read: charts/widgets/templates/others.yaml:30: Helm template not read: a template writes into the schema of Cog v1
        index: 1 groups, 1 kinds, 2 kind versions, 2 condition lists, 2 distinct item schemas; kind versions by source: {chart=2}
        """.formatted(dir), run.out());

    CrdIndex index = CrdIndex.fromClasspath(new URLClassLoader(new URL[] {dir.resolve("out").toUri().toURL()}, null), "");
    assertEquals(List.of("v1", "v1alpha1"), index.versions("example.com", "Widget").stream().map(KindSchema::version).sorted().toList(),
        "both branches of an if are read");
    KindSchema v1 = index.find("example.com", "v1", "Widget").orElseThrow();
    assertEquals(ConditionListSchemas.of(yaml(WIDGET_V1_KNOWN)), v1.conditionLists(),
        "the enum and the default a value completes are unknown, the rest as written");
    assertEquals(List.of(new ConditionColumn("Ready", "Ready",
        "example/chart charts/widgets/templates/widgets.yaml@0123456789ab")), v1.conditionColumns(),
        "a column whose name a value gives is not read");
    assertEquals(List.of(), index.versions("example.com", "Sprocket"));
    assertEquals(List.of(), index.versions("example.com", "Cog"));
    assertEquals(List.of(), index.versions("example.com", "Gear"));
  }

  @Test
  void withoutTheFlagTheSameFilesAreReadAsPlainYamlAndNotRead(@TempDir Path dir) throws IOException {
    Run run = distil(dir, "");

    assertEquals(0, run.exit(), run.err());
    assertEquals(List.of(
        "source chart: 0 kind versions read, 0 with condition lists",
        "index: 0 groups, 0 kinds, 0 kind versions, 0 condition lists, 0 distinct item schemas; kind versions by source: {chart=0}"),
        run.out().lines().filter(l -> l.startsWith("source chart: 0") || l.startsWith("index:")).toList());
  }

  @Test
  void linesKeepTheirNumbersAndOnlyControlLinesVanish() {
    HelmTemplates.Stripped stripped = HelmTemplates.strip("""
        {{- if .Values.on }}
        a: {{ .Values.a }}
          {{- toYaml .Values.b | nindent 2 }}
        {{- $x := .Values.c }}
        {{- end }}
        ---
        {{- range .Values.items }}
        b: {{ . }}
        {{- end }}
        ---
        c: {{ .Values.c
          }}
        """);

    assertEquals("""

        a: condlint-helm-template-expression
          condlint-helm-template-expression: condlint-helm-template-expression


        ---

        b: condlint-helm-template-expression

        ---


        """, stripped.yaml());
    assertEquals(List.of(new HelmTemplates.Refused(11, "a template action across lines")), stripped.refused());
  }
}
