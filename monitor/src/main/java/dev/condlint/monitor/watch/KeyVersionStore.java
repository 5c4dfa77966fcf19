package dev.condlint.monitor.watch;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * What an informer must remember of each object and no more: its resourceVersion (to tell a change
 * from a relist of the same object) and its uid (to forget it from the store when a relist finds it
 * gone), read from the object's metadata as it is, without converting the object (fabric8's
 * ReducedStateItemStore converts each object to a map, on the thread that read the list). Each object
 * put that its informer will hand on to a handler counts in the {@link Backlog}, where the thread
 * that reads the lists waits while the handlers are too far behind.
 */
final class KeyVersionStore implements ItemStore<GenericKubernetesResource> {
  /** What is kept of an object: the strings are the object's own, not copies. */
  private record Kept(String resourceVersion, String uid) {}

  private final Map<String, Kept> kept = new ConcurrentHashMap<>();
  private final Backlog.Share backlog;

  KeyVersionStore(Backlog.Share backlog) {
    this.backlog = backlog;
  }

  @Override
  public String getKey(GenericKubernetesResource object) {
    return Cache.metaNamespaceKeyFunc(object);
  }

  @Override
  public GenericKubernetesResource put(String key, GenericKubernetesResource object) {
    ObjectMeta metadata = object.getMetadata();
    Kept before = kept.put(key, new Kept(metadata.getResourceVersion(), metadata.getUid()));
    // The informer hands on an object it did not know, or a new version of one it did (a relist
    // hands on nothing for an object it already has at that version).
    if (before == null || !before.resourceVersion().equals(metadata.getResourceVersion())) {
      backlog.added();
    }
    return restore(key, before);
  }

  @Override
  public GenericKubernetesResource remove(String key) {
    return restore(key, kept.remove(key));
  }

  @Override
  public Stream<String> keySet() {
    return kept.keySet().stream();
  }

  @Override
  public Stream<GenericKubernetesResource> values() {
    return kept.entrySet().stream().map(e -> restore(e.getKey(), e.getValue()));
  }

  @Override
  public int size() {
    return kept.size();
  }

  @Override
  public GenericKubernetesResource get(String key) {
    return restore(key, kept.get(key));
  }

  @Override
  public boolean isFullState() {
    return false;
  }

  private static GenericKubernetesResource restore(String key, Kept k) {
    if (k == null) {
      return null;
    }
    int slash = key.indexOf('/');
    ObjectMeta metadata = new ObjectMeta();
    metadata.setNamespace(slash < 0 ? null : key.substring(0, slash));
    metadata.setName(slash < 0 ? key : key.substring(slash + 1));
    metadata.setResourceVersion(k.resourceVersion());
    metadata.setUid(k.uid());
    GenericKubernetesResource restored = new GenericKubernetesResource();
    restored.setMetadata(metadata);
    return restored;
  }
}
