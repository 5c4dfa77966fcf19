package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The admission code in use: the defaults or the {@code --config} file's, replaced when the file
 * changes, with the cluster's CRDs ({@link ClusterCrds}) when it learns them. Requests read it without a
 * lock; a new configuration or catalogue builds a new one off the event loop.
 */
final class CurrentRules implements Supplier<Admission> {
  private final RulesLoader loader;
  private final Optional<Path> file;
  private final Optional<FileWatcher> watcher;
  private final JsonLog log;
  private final AtomicReference<Admission> admission = new AtomicReference<>();
  // The engine of the configuration, and the CRDs it is given; guarded by this.
  private Engine configured;
  private CrdCatalog crds = CrdCatalog.EMPTY;

  CurrentRules(RulesLoader loader, Optional<Path> file, JsonLog log) {
    this.loader = loader;
    this.file = file;
    this.watcher = file.map(f -> new FileWatcher(List.of(f)));
    this.log = log;
  }

  /** Loads the first configuration; fails with every problem of the file. */
  void load() throws IOException {
    if (watcher.isEmpty()) {
      use(loader.defaults());
    } else {
      reload();
    }
  }

  boolean fromFile() {
    return watcher.isPresent();
  }

  /** Applies the file when it changed; present when a new configuration was loaded. */
  Optional<Admission> reload() throws IOException {
    return watcher.orElseThrow().poll(this::apply);
  }

  /** Judges custom resources by these CRDs from now on. */
  synchronized void useCrds(CrdCatalog catalog) {
    crds = catalog;
    if (configured != null) {
      publish();
    }
  }

  /** The admission code in use; null until {@link #load} succeeded. */
  @Override
  public Admission get() {
    return admission.get();
  }

  private Admission apply(List<String> contents) {
    String name = file.orElseThrow().toString();
    Admission loaded = use(loader.load(name, contents.get(0)));
    log.info("configuration loaded", line -> line.put("file", name));
    return loaded;
  }

  private synchronized Admission use(Engine engine) {
    configured = engine;
    return publish();
  }

  private synchronized Admission publish() {
    Admission next = loader.admission(crds.isEmpty() ? configured : configured.withCrds(crds));
    admission.set(next);
    return next;
  }
}
