package dev.condlint.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ContractBasis;
import dev.condlint.model.KubernetesGroups;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.engine.Engine;
import dev.condlint.rules.schema.CrdCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CRD discovery for one run of a command that reads files: when an object's kind is defined by no CRD
 * of the run (the inputs, {@code --crds}) and declared by no {@code contracts} entry of the
 * configuration, and whose condition type neither a schema location nor the catalogue declares (the bundled CRD
 * index, one published revision's condition lists, is no reason to stand aside), the
 * project the object's file belongs to ({@link ProjectCrds#root}) is walked for
 * CRDs, once per root and only then (each further kind parses only the files not parsed before that name
 * it, {@link ProjectCrds.Project}), and the object is checked by the run's engine with the CRDs found
 * there as well, as if they had been given with {@code --crds}; the run's own CRDs win. Objects of
 * built-in kinds, of kinds the run knows, and objects read from no file (standard input, rendered
 * charts) never start a walk. The engine knows nothing of this: it receives CRDs as it does from
 * {@code --crds}. Safe for the linter's threads.
 */
public final class CrdDiscovery {
  /**
   * What a command's run of discovery is set to do: on or off ({@code --no-crd-discovery},
   * {@code crdDiscovery: false}), the home directory (never walked), what names are shown relative to,
   * and how far a walk goes.
   */
  public record Settings(boolean enabled, Optional<Path> home, Path workingDirectory, ProjectCrds.Limits limits) {
    public static final Settings OFF = new Settings(false, Optional.empty(), Path.of(""), ProjectCrds.Limits.DEFAULT);

    /**
     * Discovery as a command's environment and configuration set it: the home directory from
     * {@code HOME}, else the JVM's {@code user.home}.
     */
    public static Settings of(boolean enabled, Map<String, String> environment, Path workingDirectory) {
      String home = environment.getOrDefault("HOME", "");
      Optional<Path> homeDirectory = Optional.of(home.isEmpty() ? System.getProperty("user.home", "") : home)
          .filter(h -> !h.isEmpty())
          .map(Path::of);
      return new Settings(enabled, homeDirectory, workingDirectory, ProjectCrds.Limits.DEFAULT);
    }

    public Settings withLimits(ProjectCrds.Limits limits) {
      return new Settings(enabled, home, workingDirectory, limits);
    }
  }

  private final Settings settings;
  private final Engine run;
  private final Map<String, Boolean> undeclaredKinds = new ConcurrentHashMap<>();
  private final Map<Path, Optional<Path>> rootsByDirectory = new ConcurrentHashMap<>();
  /** The engine for a kind in a root, once that root was searched for that kind. */
  private final Map<Searched, Engine> engines = new ConcurrentHashMap<>();
  private final Map<Path, ProjectCrds.Project> projects = new HashMap<>();
  private final Map<Path, ProjectCrds.Walk> walks = new HashMap<>();
  private final Map<Path, Engine> latest = new HashMap<>();
  private int walkCount;

  /** A root and a kind looked for in it. */
  private record Searched(Path root, ProjectCrds.Wanted kind) {}

  /** @param run the engine of the run, with the run's CRDs */
  public CrdDiscovery(Settings settings, Engine run) {
    this.settings = settings;
    this.run = run;
  }

  /** The engine that checks an object of an input: the run's, or the run's with its project's CRDs. */
  public Engine engineFor(Input input, JsonNode object) {
    return input.rendered().isPresent() || input.stream() ? run : engineFor(input.path(), object);
  }

  /** The engine that checks an object read from this file (none: standard input). */
  public Engine engineFor(Optional<Path> file, JsonNode object) {
    if (!settings.enabled() || file.isEmpty() || !undeclared(object)) {
      return run;
    }
    Path directory = file.get().toAbsolutePath().normalize().getParent();
    ObjectRef ref = ObjectRef.of(object);
    return directory == null ? run : engineIn(directory, new ProjectCrds.Wanted(ref.group(), Optional.of(ref.version()), ref.kind()));
  }

  /**
   * The engine that explains a kind named on the command line ({@code condlint explain group/Kind}) run
   * in {@code directory}: with the CRDs of the directory's project where the kind is undeclared, as
   * {@link #engineFor(Optional, JsonNode)} has it for an object of that kind in a file there.
   */
  public Engine engineForKind(Path directory, String group, Optional<String> version, String kind) {
    if (!settings.enabled() || !undeclared(group, version, kind)) {
      return run;
    }
    return engineIn(directory.toAbsolutePath().normalize(), new ProjectCrds.Wanted(group, version, kind));
  }

  private Engine engineIn(Path directory, ProjectCrds.Wanted kind) {
    Optional<Path> root = rootsByDirectory.computeIfAbsent(directory,
        d -> ProjectCrds.root(d, settings.home()));
    if (root.isEmpty()) {
      return run;
    }
    Searched searched = new Searched(root.get(), kind);
    Engine engine = engines.get(searched);
    return engine != null ? engine : walked(searched);
  }

  /**
   * Whether no CRD of the run defines the object's kind (at any version) and no configured contract
   * declares it: only such a kind is worth a walk. Built-in kinds have no CRD to find.
   */
  private boolean undeclared(JsonNode object) {
    ObjectRef ref = ObjectRef.of(object);
    return undeclaredKinds.computeIfAbsent(ref.apiVersion() + "|" + ref.kind(), k -> undeclared(ref));
  }

  private boolean undeclared(ObjectRef ref) {
    return undeclared(ref.group(), Optional.of(ref.version()), ref.kind());
  }

  /** As {@link #undeclared(JsonNode)}; a kind named without a version is undeclared where no version of it is declared. */
  private boolean undeclared(String group, Optional<String> version, String kind) {
    if (kind.isEmpty() || group.isEmpty() || KubernetesGroups.isBuiltIn(group)) {
      return false;
    }
    if (!run.crds().versionsOf(group, kind).isEmpty()) {
      return false;
    }
    if (run.config().contracts().stream().anyMatch(c -> c.matches(group, version.orElse(""), kind, Set.of()))) {
      return false;
    }
    // A kind whose condition type a schema location or the catalogue declares is not worth a walk: those
    // name the kind's contract on purpose. The bundled CRD index is no such reason: it holds one published
    // revision's condition lists only, while the project's own CRD is the revision being linted and its whole
    // schema (a walk parses only the files that name the kind's group and kind).
    com.fasterxml.jackson.databind.node.ObjectNode probe = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
        .objectNode().put("apiVersion", group + "/" + version.orElse("")).put("kind", kind);
    return run.contracts().declared(probe, "status.conditions").schema()
        .filter(Known::isDeclared)
        .map(schema -> schema.basis().source() == ContractBasis.Source.CRD_CATALOGUE)
        .orElse(true);
  }

  /**
   * Looks for a kind in a root: the root's first look walks it, later ones parse only files not parsed
   * before; the threads that ask meanwhile wait. The engine has every CRD the root's looks found so far.
   */
  private synchronized Engine walked(Searched searched) {
    Engine engine = engines.get(searched);
    if (engine != null) {
      return engine;
    }
    Path root = searched.root();
    ProjectCrds.Project project = projects.get(root);
    if (project == null) {
      walkCount++;
      project = new ProjectCrds.Project(root, settings.limits(), CrdCatalog.builder(), this::display);
      projects.put(root, project);
    }
    ProjectCrds.Walk walk = project.find(List.of(searched.kind()));
    ProjectCrds.Walk before = walks.put(root, walk);
    engine = latest.get(root);
    if (engine == null || before == null || before.crds().size() != walk.crds().size()) {
      engine = walk.crds().isEmpty() ? run : run.withCrds(run.crds().withWeaker(walk.crds()));
      latest.put(root, engine);
    }
    engines.put(searched, engine);
    return engine;
  }

  /** How many walks this run started: one per root at most, none where no object asked for one. */
  public synchronized int walkCount() {
    return walkCount;
  }

  /** The walks this run made, by root in the order of their names. */
  public synchronized List<ProjectCrds.Walk> walks() {
    List<ProjectCrds.Walk> out = new ArrayList<>(walks.values());
    out.sort(java.util.Comparator.comparing(w -> w.root().toString()));
    return out;
  }

  /**
   * The lines for standard error after the run: where a walk stopped at its limit, always (what it
   * found may be incomplete); with {@code verbose}, what each walk read, found and skipped.
   */
  public List<String> notes(boolean verbose) {
    List<String> out = new ArrayList<>();
    if (verbose) {
      // A directory of an undeclared kind's object that is in no project: say so, or a user who expected the
      // CRDs beside the object to be found cannot tell discovery was off there.
      rootsByDirectory.entrySet().stream().filter(e -> e.getValue().isEmpty()).map(e -> display(e.getKey())).sorted()
          .forEach(d -> out.add("condlint: CRD discovery did not look in " + d + ": no " + ConfigFile.NAME
              + " or .git at or above it below the home directory, so it is in no project; name the CRDs with --crds"));
    }
    for (ProjectCrds.Walk w : walks()) {
      String root = display(w.root());
      if (verbose) {
        out.add("condlint: CRD discovery in " + root + ": read " + w.files() + (w.files() == 1 ? " file" : " files")
            + " (" + w.bytes() + " bytes), parsed " + w.parsed() + " naming the kinds looked for, found "
            + w.crds().size() + " CRD "
            + (w.crds().size() == 1 ? "version" : "versions") + ", skipped " + w.skipped().size());
        w.skipped().forEach(s -> out.add("condlint: CRD discovery skipped " + s));
      }
      w.stoppedAt().ifPresent(at -> out.add("condlint: note: CRD discovery in " + root + " stopped " + at
          + "; name the CRDs with --crds"));
    }
    return out;
  }

  /** A path as users think of it: relative to the working directory ({@code ../config/crd/x.yaml}). */
  private String display(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    Path base = settings.workingDirectory().toAbsolutePath().normalize();
    if (absolute.equals(base)) {
      return ".";
    }
    Path shown = absolute.getRoot() != null && absolute.getRoot().equals(base.getRoot()) ? base.relativize(absolute) : absolute;
    return shown.toString().replace('\\', '/');
  }
}
