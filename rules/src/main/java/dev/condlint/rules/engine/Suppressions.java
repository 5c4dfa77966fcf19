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
 * or a {@code condlint:ignore} comment on their line names, and tells which suppressions matched
 * nothing (the unused-suppression rule reports those). Immutable.
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
      if (annotationUse.containsKey(f.ruleId())) {
        annotationUse.merge(f.ruleId(), 1, Integer::sum);
        continue;
      }
      boolean suppressed = false;
      for (int i = 0; i < comments.size() && f.position().isPresent(); i++) {
        LineSuppression s = comments.get(i);
        if (s.targetLine() == f.position().get().line() && s.rules().contains(f.ruleId())) {
          usedByComment.computeIfAbsent(s, k -> new LinkedHashSet<>()).add(f.ruleId());
          suppressed = true;
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
        unused.add(new Unused(id, levels.find(id).isPresent(), Optional.empty()));
      }
    });
    for (LineSuppression s : comments) {
      Set<String> usedIds = used.getOrDefault(s, Set.of());
      for (String id : s.rules()) {
        if (!usedIds.contains(id)) {
          unused.add(new Unused(id, levels.find(id).isPresent(), Optional.of(s)));
        }
      }
    }
    return unused;
  }

  private boolean isUpdateRule(String id) {
    return levels.find(id).filter(e -> e.rule() instanceof TransitionRule).isPresent();
  }
}
