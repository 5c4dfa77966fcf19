package dev.condlint.rules.engine;

import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.IgnoreAnnotation;
import dev.condlint.model.LineSuppression;
import dev.condlint.rules.api.SuppressionCheck.Unused;
import dev.condlint.rules.api.TransitionRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The suppressions stage: drops the findings that the object's {@code condlint.dev/ignore} annotation
 * or a {@code condlint:ignore} comment on their line names (by rule id or catalogue code), and tells
 * which suppressions matched nothing (the unused-suppression rule reports those, by the name written).
 * Immutable.
 */
final class Suppressions {

  /** The findings that survive, and the suppressed ids that matched none. */
  record Outcome(List<Finding> kept, List<Unused> unused) {}

  private final RuleLevels levels;

  Suppressions(RuleLevels levels) {
    this.levels = levels;
  }

  /**
   * Applies the document's suppressions to the findings of one pass.
   *
   * @param update whether the pass ran the UPDATE rules. The webhook runs both passes on a /status
   *     UPDATE, so each judges only the annotation's ids of its own rules (the object pass the unknown
   *     ids too), lest one call the other's suppression unused.
   */
  Outcome apply(Document document, List<Finding> findings, boolean update) {
    Map<String, Integer> annotationUse = new LinkedHashMap<>();
    for (String id : IgnoreAnnotation.ruleIds(document.object())) {
      if (isUpdateRule(id) == update) {
        annotationUse.put(id, 0);
      }
    }
    List<LineSuppression> comments = document.lineSuppressions();
    Map<LineSuppression, Set<String>> usedByComment = new LinkedHashMap<>();
    List<Finding> kept = new ArrayList<>();
    for (Finding f : findings) {
      Optional<String> byAnnotation = annotationUse.keySet().stream().filter(n -> names(n, f.ruleId())).findFirst();
      if (byAnnotation.isPresent()) {
        annotationUse.merge(byAnnotation.get(), 1, Integer::sum);
        continue;
      }
      boolean suppressed = false;
      for (int i = 0; i < comments.size() && f.position().isPresent(); i++) {
        LineSuppression s = comments.get(i);
        if (s.targetLine() != f.position().get().line()) {
          continue;
        }
        for (String name : s.rules()) {
          if (names(name, f.ruleId())) {
            usedByComment.computeIfAbsent(s, k -> new LinkedHashSet<>()).add(name);
            suppressed = true;
          }
        }
      }
      if (!suppressed) {
        kept.add(f);
      }
    }
    return new Outcome(kept, unused(comments, annotationUse, usedByComment));
  }

  private List<Unused> unused(
      List<LineSuppression> comments, Map<String, Integer> annotationUse, Map<LineSuppression, Set<String>> used) {
    List<Unused> unused = new ArrayList<>();
    annotationUse.forEach((id, uses) -> {
      if (uses == 0) {
        unused.add(new Unused(id, levels.findByIdOrCode(id).isPresent(), Optional.empty()));
      }
    });
    for (LineSuppression s : comments) {
      Set<String> usedIds = used.getOrDefault(s, Set.of());
      for (String id : s.rules()) {
        if (!usedIds.contains(id)) {
          unused.add(new Unused(id, levels.findByIdOrCode(id).isPresent(), Optional.of(s)));
        }
      }
    }
    return unused;
  }

  /** Whether a suppression's name (an id or a catalogue code) is the rule of this id. */
  private boolean names(String name, String ruleId) {
    return name.equals(ruleId) || levels.findByIdOrCode(name).filter(e -> e.id().equals(ruleId)).isPresent();
  }

  private boolean isUpdateRule(String id) {
    return levels.findByIdOrCode(id).filter(e -> e.rule() instanceof TransitionRule).isPresent();
  }
}
