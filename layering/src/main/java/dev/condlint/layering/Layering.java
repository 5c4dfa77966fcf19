package dev.condlint.layering;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The layers of one module's main code, declared top to bottom, checked with ArchUnit on its compiled
 * classes; every module's {@code LayeringTest} is written with it (this module depends on no condlint
 * module, so that all of them may), so that they all say the same things the same way:
 *
 * <ul>
 *   <li>each layer uses only the layers below it (and itself), never one above;
 *   <li>the module uses no condlint package that no layer declares: the layers below the module's own
 *       are the modules (or the parts of them) it may use, so module dependencies stay one-way too;
 *   <li>no package cycle: no two of the module's packages use each other, even within one layer;
 *   <li>the packages of an {@link #independent} layer use none of each other;
 *   <li>every class of the module is in a layer, so that a new package is placed on purpose.
 * </ul>
 *
 * A layer is a list of ArchUnit package identifiers ({@code dev.condlint.cli.common..} for a package
 * and its subpackages, {@code dev.condlint.cli} for one package, {@code dev.condlint.cli.*..} for each
 * subpackage). Where several layers' identifiers name a package, the most specific one (the longest
 * without its wildcards) places it: {@code dev.condlint.cli.*..} then takes what the other layers
 * leave of {@code dev.condlint.cli}'s subpackages. A failure names the class, the dependency and the
 * line.
 */
public final class Layering {
  private static final String CONDLINT = "dev.condlint..";

  private final String module;
  private final JavaClasses classes;
  private final List<Layer> layers = new ArrayList<>();
  private final Map<String, Optional<Layer>> layerByPackage = new ConcurrentHashMap<>();
  private final Map<String, PackageMatcher> matchers = new ConcurrentHashMap<>();

  private record Layer(String name, List<String> packages, boolean independent) {
    Layer independently() {
      return new Layer(name, packages, true);
    }
  }

  static {
    // The rules need only the packages of what a class uses, not those classes themselves: reading
    // them from the class path too (fabric8, Vert.x, the JDK) would make each check take seconds.
    ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
  }

  private Layering(String module, JavaClasses classes) {
    this.module = module;
    this.classes = classes;
  }

  /** The main classes of the module that holds {@code member}: its class directory (or jar), nothing else. */
  public static Layering ofModuleOf(Class<?> member) {
    try {
      var location = member.getProtectionDomain().getCodeSource().getLocation();
      return new Layering(location.toURI().toString(), new ClassFileImporter().importUrl(location));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The classes of these packages, wherever they are (for the tests of this class). */
  static Layering ofPackages(String... packages) {
    return new Layering(String.join(", ", packages), new ClassFileImporter().importPackages(packages));
  }

  /** The next layer down: the classes of these packages. */
  public Layering layer(String name, String... packages) {
    layerByPackage.clear();
    layers.add(new Layer(name, List.of(packages), false));
    return this;
  }

  /** The last layer declared is made of packages that use none of each other (each subpackage a {@code *} names). */
  public Layering independent() {
    layerByPackage.clear();
    layers.set(layers.size() - 1, layers.get(layers.size() - 1).independently());
    return this;
  }

  /** Checks every rule and fails with all that are broken. */
  public void check() {
    List<String> failures = new ArrayList<>();
    for (ArchRule rule : rules()) {
      EvaluationResult result = rule.evaluate(classes);
      if (result.hasViolation()) {
        failures.add(result.getFailureReport().toString());
      }
    }
    if (classes.isEmpty()) {
      failures.add("no classes in " + module);
    }
    if (!failures.isEmpty()) {
      throw new AssertionError("Layering of " + module + ":\n" + String.join("\n", failures));
    }
  }

  /** Each broken rule's violations, one line each, in the order of the rules above (for the tests of this class). */
  List<String> violations() {
    List<String> violations = new ArrayList<>();
    for (ArchRule rule : rules()) {
      violations.addAll(rule.evaluate(classes).getFailureReport().getDetails());
    }
    return violations;
  }

  private List<ArchRule> rules() {
    List<ArchRule> rules = new ArrayList<>();
    LayeredArchitecture architecture = layeredArchitecture().consideringOnlyDependenciesInLayers()
        .withOptionalLayers(true);
    for (Layer layer : layers) {
      architecture = architecture.layer(layer.name()).definedBy(in(layer));
    }
    for (int i = 0; i < layers.size(); i++) {
      List<String> below = layers.subList(i + 1, layers.size()).stream().map(Layer::name).toList();
      architecture = below.isEmpty()
          ? architecture.whereLayer(layers.get(i).name()).mayNotAccessAnyLayer()
          : architecture.whereLayer(layers.get(i).name()).mayOnlyAccessLayers(below.toArray(String[]::new));
    }
    rules.add(architecture.ensureAllClassesAreContainedInArchitecture()
        .because("each layer only looks down, and each class is in a layer"));
    rules.add(noClasses().should().dependOnClassesThat(inCondlintOutsideTheLayers())
        .because("a module uses only the modules its layers declare"));
    rules.add(slices().matching("dev.condlint.(**)").should().beFreeOfCycles()
        .because("no two packages use each other"));
    for (Layer layer : layers) {
      if (layer.independent()) {
        rules.add(slices().assignedFrom(slicesOf(layer)).should().notDependOnEachOther()
            .because("the packages of " + layer.name() + " stand side by side"));
      }
    }
    return rules;
  }

  /** The layer a package is in: the one whose identifier names it most specifically. */
  private Optional<Layer> layerOf(String packageName) {
    // Asked for every dependency of every class: each package's answer is worked out once.
    return layerByPackage.computeIfAbsent(packageName, name -> {
      Layer best = null;
      int bestLength = -1;
      for (Layer layer : layers) {
        for (String identifier : layer.packages()) {
          int length = identifier.replace("..", "").replace("*", "").length();
          if (matcher(identifier).matches(name) && length > bestLength) {
            best = layer;
            bestLength = length;
          }
        }
      }
      return Optional.ofNullable(best);
    });
  }

  private PackageMatcher matcher(String identifier) {
    return matchers.computeIfAbsent(identifier, PackageMatcher::of);
  }

  private DescribedPredicate<JavaClass> in(Layer layer) {
    return DescribedPredicate.describe("in " + String.join(", ", layer.packages()),
        c -> layerOf(c.getPackageName()).filter(l -> l == layer).isPresent());
  }

  private DescribedPredicate<JavaClass> inCondlintOutsideTheLayers() {
    return DescribedPredicate.describe("are condlint classes in no layer",
        c -> matcher(CONDLINT).matches(c.getPackageName()) && layerOf(c.getPackageName()).isEmpty());
  }

  /** Each package an identifier of the layer names, or each subpackage its {@code *} stands for. */
  private SliceAssignment slicesOf(Layer layer) {
    return new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        if (layerOf(c.getPackageName()).filter(l -> l == layer).isEmpty()) {
          return SliceIdentifier.ignore();
        }
        for (String identifier : layer.packages()) {
          if (!matcher(identifier).matches(c.getPackageName())) {
            continue;
          }
          int star = identifier.indexOf('*');
          if (star < 0) {
            return SliceIdentifier.of(identifier.replace("..", ""));
          }
          String rest = c.getPackageName().substring(star);
          return SliceIdentifier.of(identifier.substring(0, star) + rest.split("\\.")[0]);
        }
        return SliceIdentifier.ignore();
      }

      @Override
      public String getDescription() {
        return "the packages of " + layer.name();
      }
    };
  }
}
