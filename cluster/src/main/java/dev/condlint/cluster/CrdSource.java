package dev.condlint.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.ReducedStateItemStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The cluster's CRDs as a {@link CrdCatalog} kept current by an informer (list, then watch): a CRD
 * created, changed or deleted is in the catalogue as soon as the API server tells of it, without a
 * restart. The informer keeps only each CRD's name and resource version; the catalogue keeps the
 * compact schemas, and is built when it is read after a change: a burst of events (the first list of
 * hundreds of CRDs) builds it once, not once per CRD. Until the first list is in, the catalogue is
 * empty: a caller that must not wait for ever waits a bounded time ({@link #awaitSynced}) and then
 * judges without CRDs.
 */
public final class CrdSource implements AutoCloseable {
  private final KubernetesClient client;
  private final SharedIndexInformer<GenericKubernetesResource> informer;
  private final CrdCatalog.Builder compactor = CrdCatalog.builder();
  private final Map<String, List<CrdVersion>> byName = new ConcurrentHashMap<>();
  private final AtomicLong changes = new AtomicLong();
  private final Listener listener;
  // The catalogue as of the change count `built`; both guarded by this.
  private CrdCatalog catalog = CrdCatalog.EMPTY;
  private long built;

  /** What a change was: the CRD's name, and the CRD as it now is (empty once it is deleted). */
  @FunctionalInterface
  public interface Listener {
    void changed(String name, Optional<JsonNode> crd);
  }

  /**
   * Ready to watch the CRDs once {@link #start}ed; {@code onChange} is called after every change, on
   * the informer's thread, from the first CRD listed on.
   */
  public CrdSource(KubernetesClient client, Runnable onChange) {
    this(client, (name, crd) -> onChange.run());
  }

  /**
   * Ready to watch the CRDs once {@link #start}ed; {@code listener} hears of every change, on the
   * informer's thread, after the catalogue has it, from the first CRD listed on.
   */
  public CrdSource(KubernetesClient client, Listener listener) {
    this.client = client;
    this.listener = listener;
    this.informer = client.genericKubernetesResources("apiextensions.k8s.io/v1", "CustomResourceDefinition")
        .runnableInformer(0);
    informer.itemStore(new ReducedStateItemStore<>(ReducedStateItemStore.NAME_KEY_STATE,
        GenericKubernetesResource.class, client.getKubernetesSerialization()));
    // fabric8's default gives up on an error before the first list is in (an API server not yet
    // reachable, RBAC not yet applied) and on a watch error after it, and the catalogue would stay as
    // it was for good. Lists and watches are tried again instead, with fabric8's growing backoff.
    informer.exceptionHandler((started, error) -> true);
    informer.addEventHandler(new ResourceEventHandler<>() {
      @Override
      public void onAdd(GenericKubernetesResource crd) {
        put(crd);
      }

      @Override
      public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource crd) {
        put(crd);
      }

      @Override
      public void onDelete(GenericKubernetesResource crd, boolean finalStateUnknown) {
        byName.remove(crd.getMetadata().getName());
        changed(crd.getMetadata().getName(), Optional.empty());
      }
    });
  }

  /** Starts watching the CRDs; returns at once, before the first list is in. */
  public CrdSource start() {
    informer.start();
    return this;
  }

  /** The CRDs as last heard of; empty before the first list is in. The same object until the next change. */
  public synchronized CrdCatalog catalog() {
    // Read before the CRDs are: a change made while they are read counts as not yet built.
    long now = changes.get();
    if (now != built) {
      CrdCatalog.Builder next = CrdCatalog.builder();
      byName.values().forEach(next::add);
      catalog = next.build();
      built = now;
    }
    return catalog;
  }

  /**
   * Whether the first list is in the catalogue: the informer has listed, and its handler has taken in
   * every CRD listed (it hears of them after the informer's store does).
   */
  public boolean synced() {
    return informer.hasSynced() && byName.keySet().containsAll(informer.getStore().listKeys());
  }

  /** Waits at most {@code max} for the first list to be in the catalogue; whether it is. */
  public boolean awaitSynced(Duration max) throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    try {
      informer.start().toCompletableFuture().get(max.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      // The first list failed; the informer tries again, and may be in by the deadline.
    }
    while (!synced()) {
      if (System.nanoTime() >= deadline) {
        return false;
      }
      Thread.sleep(10);
    }
    return true;
  }

  private void put(GenericKubernetesResource crd) {
    JsonNode tree = client.getKubernetesSerialization().convertValue(crd, JsonNode.class);
    byName.put(crd.getMetadata().getName(), compactor.compact(tree));
    changed(crd.getMetadata().getName(), Optional.of(tree));
  }

  private void changed(String name, Optional<JsonNode> crd) {
    changes.incrementAndGet();
    listener.changed(name, crd);
  }

  @Override
  public void close() {
    informer.stop();
  }
}
