package dev.condlint.rules.contract;

import dev.condlint.model.ContractBasis;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The condition type names whose polarity is the same in every project that uses them (kstatus's
 * Stalled and Reconciling, the Node pressures, Failed, Degraded), and name endings that say the same
 * ({@code ...Failed}, {@code ...Pressure}). condlint falls back on it for types no declared source
 * classifies; what it gives rests on the type's name alone, so its basis is {@code inferred}.
 */
public final class TypeVocabulary {

  /** A type name, or a name ending, with its polarity and where the convention is written down. */
  public record Word(String name, Polarity polarity, String source) {}

  private final Map<String, Word> names;
  private final List<Word> endings;
  private final Set<String> summaryNames;
  private final Set<String> coexistWithSummary;
  private final Set<String> workUnderWay;
  /**
   * What the name alone says of each type met so far, and whether it may stand beside a True summary:
   * rules ask both of every condition of every object, and the answer depends on the name only. At most
   * {@link #MAX_REMEMBERED} names are kept; past that, names are judged each time.
   */
  private final Map<String, Optional<Known<Polarity>>> polarityByName = new ConcurrentHashMap<>();
  private final Map<String, Boolean> coexistsByName = new ConcurrentHashMap<>();
  private static final int MAX_REMEMBERED = 8192;

  public TypeVocabulary(Map<String, Word> names, List<Word> endings, Set<String> summaryNames,
      Set<String> coexistWithSummary, Set<String> workUnderWay) {
    this.names = Map.copyOf(names);
    this.endings = List.copyOf(endings);
    this.summaryNames = Set.copyOf(summaryNames);
    this.coexistWithSummary = Set.copyOf(coexistWithSummary);
    this.workUnderWay = Set.copyOf(workUnderWay);
  }

  public static final TypeVocabulary EMPTY =
      new TypeVocabulary(Map.of(), List.of(), Set.of(), Set.of(), Set.of());

  /**
   * Whether a True of this type may stand beside a True summary: it reports work under way or a
   * deliberate state (RollingOut, Paused), not a problem, whatever its polarity.
   */
  public boolean coexistsWithSummary(String type) {
    Boolean known = coexistsByName.get(type);
    if (known == null) {
      known = namedBy(type, coexistWithSummary);
      if (coexistsByName.size() < MAX_REMEMBERED) {
        coexistsByName.putIfAbsent(type, known);
      }
    }
    return known;
  }

  /**
   * Whether a type or reason names work under way or a deliberate wait ({@code Creating},
   * {@code ReconcilePaused}, {@code UnpackingInProgress}): a condition in that state reports progress,
   * not a problem.
   */
  public boolean namesWorkUnderWay(String typeOrReason) {
    if (namedBy(typeOrReason, workUnderWay)) {
      return true;
    }
    // By its first word (Cluster API's WaitingForInfrastructure, Crossplane's UnpackingPackage), unless
    // the rest names an outcome of its own (ProvisioningFailed is a failure, not work under way).
    String name = typeOrReason.substring(typeOrReason.lastIndexOf('/') + 1);
    return polarity(name).isEmpty() && workUnderWay.stream().anyMatch(word -> startsWithWord(name, word));
  }

  private static boolean namedBy(String typeOrReason, Set<String> words) {
    String name = typeOrReason.substring(typeOrReason.lastIndexOf('/') + 1);
    for (String word : words) {
      if (name.equals(word) || endsWithWord(name, word)) {
        return true;
      }
    }
    return false;
  }

  /** {@code WaitingForInfrastructure} starts with the word {@code Waiting}; {@code Waitingroom} does not. */
  private static boolean startsWithWord(String name, String word) {
    return name.length() > word.length() && name.startsWith(word) && Character.isUpperCase(name.charAt(word.length()));
  }

  /**
   * {@code RolloutProgressing} ends with the word {@code Progressing}, and so do {@code DNSError} and
   * {@code Step2Failed}: the capital that starts a CamelCase word starts it whatever comes before;
   * {@code Unprogressing} does not.
   */
  private static boolean endsWithWord(String name, String word) {
    return name.length() > word.length() && name.endsWith(word) && Character.isUpperCase(word.charAt(0));
  }

  /** The polarity the name alone gives a type (the part after an optional {@code prefix/}). */
  public Optional<Known<Polarity>> polarity(String type) {
    Optional<Known<Polarity>> known = polarityByName.get(type);
    if (known == null) {
      known = polarityByNameAlone(type);
      if (polarityByName.size() < MAX_REMEMBERED) {
        polarityByName.putIfAbsent(type, known);
      }
    }
    return known;
  }

  private Optional<Known<Polarity>> polarityByNameAlone(String type) {
    String name = type.substring(type.lastIndexOf('/') + 1);
    Word word = names.get(name);
    if (word != null) {
      return Optional.of(new Known<>(word.polarity(), new ContractBasis(ContractBasis.Source.INFERRED,
          "the type name " + name, word.source())));
    }
    for (Word ending : endings) {
      if (endsWithWord(name, ending.name())) {
        return Optional.of(new Known<>(ending.polarity(), new ContractBasis(ContractBasis.Source.INFERRED,
            "the type name ending " + ending.name(), ending.source())));
      }
    }
    return Optional.empty();
  }

  /** Names that summarise an object wherever they appear (Ready, Succeeded). */
  public Set<String> summaryNames() {
    return summaryNames;
  }

  public Map<String, Word> names() {
    return names;
  }

  public List<Word> endings() {
    return endings;
  }

  /** The types (and word endings) whose True may stand beside a True summary. */
  public Set<String> coexistWithSummary() {
    return coexistWithSummary;
  }

  /** The words that name work under way, in a type or a reason. */
  public Set<String> workUnderWay() {
    return workUnderWay;
  }
}
