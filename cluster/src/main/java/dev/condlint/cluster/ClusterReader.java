package dev.condlint.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.rules.schema.CrdCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a cluster for an audit: discovers its resources, reads its CRDs (the contracts of their
 * custom resources), then lists every resource that has a status, a bounded number at a time, handing
 * each object to a {@link Sink} as it is read. What cannot be read (a refused or failing list, a group
 * version that cannot be discovered) is a {@link ReadProblem}; the rest is still read.
 */
public final class ClusterReader {
  /**
   * What to read: a namespace (empty: all, and cluster-scoped resources too), a label selector, the
   * kinds, the page size and how many resources are listed at a time.
   */
  public record Options(Optional<String> namespace, Optional<String> selector, KindFilter kinds, int chunkSize,
      int concurrency) {
    public Options {
      if (chunkSize < 1 || concurrency < 1) {
        throw new IllegalArgumentException("chunk size and concurrency must be at least 1");
      }
    }
  }

  /** Where what is read goes. */
  public interface Sink {
    /** Every CRD of the cluster, once, before any object; {@code audited} when CRDs are audited objects as well. */
    default void crd(ObjectNode crd, boolean audited) {}

    /** The CRDs' catalogue, before any object. */
    void contracts(CrdCatalog catalog);

    /**
     * An object of the resource at {@code index} of {@link Read#resources}. Called from several threads
     * at once; the objects of one resource on one thread, in the order listed.
     */
    void object(int index, ApiResource resource, ObjectNode object);
  }

  /** The resources listed (in discovery order), how many objects each had, and what could not be read. */
  public record Read(List<ApiResource> resources, List<Long> objects, List<ReadProblem> problems) {
    public Read {
      resources = List.copyOf(resources);
      objects = List.copyOf(objects);
      problems = List.copyOf(problems);
    }
  }

  private final ApiServer api;
  private final Options options;
  private final Progress progress;

  public ClusterReader(ApiServer api, Options options, Progress progress) {
    this.api = api;
    this.options = options;
    this.progress = progress;
  }

  /** Reads the cluster into the sink; an {@link ApiException} when not even discovery can start. */
  public Read read(Sink sink) throws ApiException {
    Discovery.Result discovered = new Discovery(api).discover();
    List<ReadProblem> problems = new ArrayList<>(discovered.problems());
    Optional<ApiResource> crds = discovered.resources().stream().filter(ApiResource::isCustomResourceDefinitions)
        .findFirst();
    boolean crdsAudited = crds.filter(this::inScope).isPresent();
    Contracts contracts = readContracts(crds, crdsAudited, sink, problems);
    sink.contracts(contracts.catalog);
    List<ApiResource> audited = discovered.resources().stream()
        .filter(r -> inScope(r) && contracts.hasStatus(r))
        .toList();
    List<Long> counts = listAll(audited, sink, problems);
    return new Read(audited, counts, problems);
  }

  private boolean inScope(ApiResource r) {
    return r.verbs().contains("list") && (options.namespace().isEmpty() || r.namespaced()) && options.kinds().audits(r);
  }

  /** The catalogue of the cluster's CRDs, and which custom resources their schemas give a status. */
  private static final class Contracts {
    final CrdCatalog.Builder builder = CrdCatalog.builder();
    final StatusSchemas statusSchemas = new StatusSchemas();
    CrdCatalog catalog = CrdCatalog.EMPTY;

    void add(JsonNode crd) {
      builder.add(builder.compact(crd));
      statusSchemas.add(crd);
    }

    boolean hasStatus(ApiResource r) {
      return statusSchemas.hasStatus(r);
    }
  }

  private Contracts readContracts(Optional<ApiResource> crds, boolean crdsAudited, Sink sink, List<ReadProblem> problems) {
    Contracts contracts = new Contracts();
    if (crds.isEmpty()) {
      return contracts;
    }
    try {
      // All of them, whatever the selector: a custom resource is judged by its CRD, labelled or not.
      new ListPager(api, options.chunkSize()).list(crds.get(), Optional.empty(), Optional.empty(), crd -> {
        contracts.add(crd);
        sink.crd(crd, crdsAudited);
      });
    } catch (ApiException e) {
      problems.add(new ReadProblem(crds.get().displayName(),
          e.describe() + "; custom resources are judged without their CRDs"));
    }
    contracts.catalog = contracts.builder.build();
    return contracts;
  }

  private List<Long> listAll(List<ApiResource> audited, Sink sink, List<ReadProblem> problems) {
    AtomicInteger done = new AtomicInteger();
    AtomicLong objects = new AtomicLong();
    progress.advanced(0, audited.size(), 0);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(options.concurrency(), audited.size())),
        r -> {
          Thread t = new Thread(r, "condlint-list");
          t.setDaemon(true);
          return t;
        });
    try {
      List<CompletableFuture<Listing>> listings = new ArrayList<>();
      for (int i = 0; i < audited.size(); i++) {
        int index = i;
        listings.add(CompletableFuture.supplyAsync(() -> {
          Listing listing = list(index, audited.get(index), sink, objectRead(done, audited.size(), objects));
          progress.advanced(done.incrementAndGet(), audited.size(), objects.get());
          return listing;
        }, pool));
      }
      List<Long> counts = new ArrayList<>();
      for (CompletableFuture<Listing> future : listings) {
        Listing listing = future.join();
        counts.add(listing.objects);
        listing.problem.ifPresent(problems::add);
      }
      return counts;
    } catch (CompletionException e) {
      // A sink that failed (a bug): as if it had failed on this thread.
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw e;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Counts an object read and tells the progress, so that a long list shows that it advances. */
  private Runnable objectRead(AtomicInteger done, int total, AtomicLong objects) {
    return () -> progress.advanced(done.get(), total, objects.incrementAndGet());
  }

  /** One resource's list: how many objects it handed on, and why it stopped short if it did. */
  private record Listing(long objects, Optional<ReadProblem> problem) {}

  private Listing list(int index, ApiResource resource, Sink sink, Runnable objectRead) {
    AtomicLong count = new AtomicLong();
    try {
      new ListPager(api, options.chunkSize()).list(resource, options.namespace(), options.selector(), o -> {
        count.incrementAndGet();
        objectRead.run();
        sink.object(index, resource, o);
      });
      return new Listing(count.get(), Optional.empty());
    } catch (ApiException e) {
      return new Listing(count.get(), Optional.of(new ReadProblem(resource.displayName(), e.describe())));
    }
  }
}
