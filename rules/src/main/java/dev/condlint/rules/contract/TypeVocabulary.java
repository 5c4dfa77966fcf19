package dev.condlint.rules.contract;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The condition type names whose polarity is the same in every project that uses them (kstatus's
 * Stalled and Reconciling, the Node pressures, Failed, Degraded), and name endings that say the same
 * ({@code ...Failed}, {@code ...Pressure}). condlint falls back on it for types no declared source
 * classifies; what it gives rests on the type's name alone, so its basis is {@link Source#INFERRED}.
 */
public final class TypeVocabulary {

  /** A type name, or a name ending, with its polarity and where the convention is written down. */
  public record Word(String name, Polarity polarity, String source) {}

  private final Map<String, Word> names;
  private final List<Word> endings;
  private final Set<String> summaryNames;

  public TypeVocabulary(Map<String, Word> names, List<Word> endings, Set<String> summaryNames) {
    this.names = Map.copyOf(names);
    this.endings = List.copyOf(endings);
    this.summaryNames = Set.copyOf(summaryNames);
  }

  public static final TypeVocabulary EMPTY = new TypeVocabulary(Map.of(), List.of(), Set.of());

  /** The polarity the name alone gives a type (the part after an optional {@code prefix/}). */
  public Optional<Known<Polarity>> polarity(String type) {
    String name = type.substring(type.lastIndexOf('/') + 1);
    Word word = names.get(name);
    if (word != null) {
      return Optional.of(new Known<>(word.polarity(), new Basis(Source.INFERRED,
          "the type name " + name + " (" + word.source() + ")")));
    }
    for (Word ending : endings) {
      if (name.length() > ending.name().length() && name.endsWith(ending.name())
          && Character.isLowerCase(name.charAt(name.length() - ending.name().length() - 1))) {
        return Optional.of(new Known<>(ending.polarity(), new Basis(Source.INFERRED,
            "the type name ending " + ending.name() + " (" + ending.source() + ")")));
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
}
