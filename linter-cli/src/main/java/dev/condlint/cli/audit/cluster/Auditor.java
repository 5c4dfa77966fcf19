package dev.condlint.cli.audit.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.cli.report.ClusterSummary;
import dev.condlint.cli.report.FileReport;
import dev.condlint.cli.report.LintReport;
import dev.condlint.cli.report.LiveObject;
import dev.condlint.cluster.ApiException;
import dev.condlint.cluster.ApiResource;
import dev.condlint.cluster.ApiServer;
import dev.condlint.cluster.ClusterReader;
import dev.condlint.cluster.Progress;
import dev.condlint.cluster.ReadProblem;
import dev.condlint.cluster.SavedObjects;
import dev.condlint.cluster.Writers;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.engine.CheckResult;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lints the live objects of a cluster as {@link ClusterReader} reads them: each object is checked
 * when it arrives, by the engine with the cluster's CRDs as contracts, as {@code lint} checks an object
 * of a file, and then forgotten; only the findings are kept, with the object's identity and the
 * field manager that wrote each finding's field. The report lists the objects with findings in the
 * order read (resources in discovery order), whatever the number of lists at a time, then what could
 * not be read.
 */
public final class Auditor {
  private final Engine engine;
  private final Instant now;

  public Auditor(Engine engine, Instant now) {
    this.engine = engine;
    this.now = now;
  }

  /**
   * Audits what the options select; saves every object read when {@code saved} is given. An
   * {@link ApiException} when the cluster cannot be read at all (not even its API discovered).
   */
  public LintReport audit(ApiServer api, ClusterReader.Options options, Optional<SavedObjects> saved, Progress progress)
      throws ApiException {
    Collector collector = new Collector(saved);
    ClusterReader.Read read = new ClusterReader(api, options, progress).read(collector);
    List<FileReport> files = new ArrayList<>();
    List<ClusterSummary.Listed> listed = new ArrayList<>();
    for (int i = 0; i < read.resources().size(); i++) {
      files.addAll(collector.byResource.getOrDefault(i, List.of()));
      listed.add(new ClusterSummary.Listed(read.resources().get(i).groupKind(), read.objects().get(i)));
    }
    List<ReadProblem> problems = new ArrayList<>(read.problems());
    saved.flatMap(SavedObjects::problem).ifPresent(problems::add);
    for (ReadProblem p : problems) {
      files.add(FileReport.unread(p.where(), p.message()));
    }
    return new LintReport(files, Optional.of(new ClusterSummary(api.url(), listed)));
  }

  /** Lints each object as it is read, and saves it. */
  private final class Collector implements ClusterReader.Sink {
    private final Optional<SavedObjects> saved;
    /** The reports of objects with findings, by resource; each list is filled by one thread, in list order. */
    final Map<Integer, List<FileReport>> byResource = new ConcurrentHashMap<>();
    private volatile Engine withCrds = engine;

    Collector(Optional<SavedObjects> saved) {
      this.saved = saved;
    }

    @Override
    public void crd(ObjectNode crd, boolean audited) {
      if (!audited) {
        saved.ifPresent(s -> s.saveContract(crd));
      }
    }

    @Override
    public void contracts(CrdCatalog catalog) {
      withCrds = engine.withCrds(catalog);
    }

    @Override
    public void object(int index, ApiResource resource, ObjectNode object) {
      saved.ifPresent(s -> s.save(resource, object));
      CheckResult result = withCrds.check(Document.of(object), Optional.of(now));
      List<Finding> findings = result.findings();
      if (!findings.isEmpty()) {
        byResource.computeIfAbsent(index, i -> new ArrayList<>())
            .add(FileReport.live(live(object, findings), result.profile().name(), findings));
      }
    }
  }

  /** The object's identity and the writer of each finding's field. */
  private static LiveObject live(JsonNode object, List<Finding> findings) {
    Writers writers = Writers.of(object);
    Map<String, String> byPointer = new HashMap<>();
    findings.forEach(f -> byPointer.computeIfAbsent(f.pointer(), writers::writerOf));
    JsonNode metadata = object.path("metadata");
    return new LiveObject(ObjectRef.of(object), metadata.path("uid").asText(""),
        metadata.path("resourceVersion").asText(""), byPointer);
  }
}
