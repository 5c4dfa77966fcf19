package dev.condlint.health.export;

import dev.condlint.health.KindContract;
import dev.condlint.rules.contract.GenerationTracking;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.contract.TypeVocabulary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The data of a kind's contract that an exported script carries: what the judgement reads, in the
 * order the contract resolver reads it.
 */
record ExportData(
    String kindName,
    Optional<Summary> summary,
    List<String> summaryNames,
    boolean perConditionGeneration,
    Map<String, String> declaredTypes,
    List<Map.Entry<String, String>> declaredEndings,
    Map<String, String> vocabularyNames,
    List<Map.Entry<String, String>> vocabularyEndings,
    List<String> workUnderWay,
    List<String> coexistWithSummary,
    List<Nested> nested,
    Map<String, List<String>> completeWhen,
    List<dev.condlint.health.HealthFacts.StateField> stateFields,
    List<dev.condlint.health.HealthFacts.Converge> converge,
    dev.condlint.health.HealthFacts.Counts counts,
    Optional<String> summaryWhenAbsent,
    List<String> underWayWhileTrue,
    Map<String, String> suspendedByAnnotation,
    List<dev.condlint.health.HealthFacts.ObservedAnnotation> observedAnnotations,
    List<dev.condlint.health.HealthFacts.ObservedGeneration> observedGenerations,
    List<dev.condlint.health.HealthFacts.FieldValues> suspendedWhen,
    List<List<String>> alternatives,
    List<dev.condlint.health.HealthFacts.FieldValues> staticWhen,
    List<String> failureReportedBy,
    List<String> failedWhenUnknown,
    List<String> failedWhenTrue,
    List<String> suspendedWhileTrue,
    Map<String, List<String>> suspendedWhileTrueWithReason,
    Optional<dev.condlint.health.EntryHealth.Kind> entryHealth,
    Map<String, String> degradedByLabel,
    List<String> noticeTypes) {

  /** A condition list of each entry of a list in status, with its summary and the summary types abnormal when True. */
  record Nested(String field, List<String> summary, boolean all, List<String> abnormal) {}

  static ExportData of(KindContract contract) throws ExportRefused {
    if (contract.builtInRule()) {
      throw new ExportRefused(contract.kindName() + " is a built-in kind that kstatus judges by a rule of its own,"
          + " and Argo CD and Flux judge it themselves: there is no script to export.");
    }
    TypeVocabulary v = contract.vocabulary();
    Map<String, String> declared = new LinkedHashMap<>();
    contract.declared().types().forEach((type, known) -> declared.put(type, known.value().label()));
    List<Map.Entry<String, String>> endings = new ArrayList<>();
    contract.declared().typeEndings().forEach((end, known) -> endings.add(Map.entry(end, known.value().label())));
    Map<String, String> names = new TreeMap<>();
    v.names().forEach((name, word) -> names.put(name, word.polarity().label()));
    List<Map.Entry<String, String>> vocabularyEndings = new ArrayList<>();
    for (TypeVocabulary.Word w : v.endings()) {
      if (capitalised(w.name())) {
        vocabularyEndings.add(Map.entry(w.name(), w.polarity().label()));
      }
    }
    return new ExportData(
        contract.kindName(),
        contract.declaredSummary().map(Known::value),
        List.copyOf(new TreeSet<>(v.summaryNames())),
        contract.declaredGeneration().map(GenerationTracking::perCondition).orElse(true),
        declared,
        endings,
        names,
        vocabularyEndings,
        contract.workUnderWay().stream().filter(ExportData::capitalised).sorted().toList(),
        java.util.stream.Stream.concat(v.coexistWithSummary().stream().filter(ExportData::capitalised)
            .filter(t -> !contract.degradedMode(t)), contract.facts().noticeTypes().stream()).distinct().sorted().toList(),
        contract.nested().stream().map(n -> new Nested(n.field(), n.summary().types(), n.summary().all(),
            n.summary().types().stream().filter(n::abnormalTrue).toList())).toList(),
        new TreeMap<>(contract.facts().completeWhen()),
        contract.facts().stateFields(),
        contract.facts().converge(),
        contract.facts().counts(),
        contract.facts().summaryWhenAbsent().stream().findFirst(),
        contract.facts().underWayWhileTrue(),
        contract.facts().suspendedByAnnotation(),
        contract.facts().observedAnnotations(),
        contract.facts().observedGenerations(),
        contract.facts().suspendedWhen(),
        contract.facts().alternatives(),
        contract.facts().staticWhen(),
        contract.facts().failureReportedBy(),
        contract.facts().failedWhenUnknown(),
        contract.facts().failedWhenTrue(),
        contract.facts().suspendedWhileTrue(),
        contract.facts().suspendedWhileTrueWithReason(),
        contract.entryHealth(),
        contract.facts().degradedByLabel(),
        contract.facts().noticeTypes());
  }

  /** Matching at a word boundary needs the word to start with a capital, as the vocabulary's matching does. */
  private static boolean capitalised(String word) {
    return !word.isEmpty() && Character.isUpperCase(word.charAt(0));
  }

  /** Types whose polarity the contract declares as abnormal-true, for messages. */
  List<String> declaredAbnormal() {
    return declaredTypes.entrySet().stream()
        .filter(e -> e.getValue().equals(Polarity.ABNORMAL_TRUE.label())).map(Map.Entry::getKey).toList();
  }
}
