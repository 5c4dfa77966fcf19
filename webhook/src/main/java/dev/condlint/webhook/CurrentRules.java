package dev.condlint.webhook;

import dev.condlint.admission.Admission;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/** The admission code in use: the defaults, or the {@code --config} file's, replaced when the file changes. */
final class CurrentRules implements Supplier<Admission> {
  private final RulesLoader loader;
  private final Optional<Path> file;
  private final Optional<FileWatcher> watcher;
  private final JsonLog log;
  private final AtomicReference<Admission> admission = new AtomicReference<>();

  CurrentRules(RulesLoader loader, Optional<Path> file, JsonLog log) {
    this.loader = loader;
    this.file = file;
    this.watcher = file.map(f -> new FileWatcher(List.of(f)));
    this.log = log;
  }

  /** Loads the first configuration; fails with every problem of the file. */
  void load() throws IOException {
    if (watcher.isEmpty()) {
      admission.set(loader.defaults());
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

  /** The admission code in use; null until {@link #load} succeeded. */
  @Override
  public Admission get() {
    return admission.get();
  }

  private Admission apply(List<String> contents) {
    String name = file.orElseThrow().toString();
    Admission loaded = loader.load(name, contents.get(0));
    admission.set(loaded);
    log.info("configuration loaded", line -> line.put("file", name));
    return loaded;
  }
}
