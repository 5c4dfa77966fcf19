package dev.condlint.rules.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ConditionList;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.model.KubernetesGroups;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Pointers;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import dev.condlint.model.SourceMap;
import dev.condlint.rules.api.Check.Report;
import dev.condlint.rules.api.CrdCheck;
import dev.condlint.rules.api.CrdRule;
import dev.condlint.rules.api.ObjectCheck;
import dev.condlint.rules.api.ObjectContext;
import dev.condlint.rules.api.ObjectRule;
import dev.condlint.rules.api.Scope;
import dev.condlint.rules.api.SuppressionCheck;
import dev.condlint.rules.api.SuppressionRule;
import dev.condlint.rules.api.TransitionCheck;
import dev.condlint.rules.api.TransitionRule;
import dev.condlint.rules.api.UpdateContext;
import dev.condlint.rules.contract.Catalogue;
import dev.condlint.rules.engine.RuleLevels.Entry;
import dev.condlint.rules.profile.Level;
import dev.condlint.rules.profile.Profile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The dispatch stage: runs, in registry order, the rules of the scopes a pass asks for, each at its
 * level (a rule that is off, or that skips built-in kinds on one, does not run), and turns what they
 * report into findings positioned through the document's source map. Each rule, and each finding a rule
 * reports, is a {@link Cancellation} checkpoint. Immutable.
 */
final class Dispatch {
  private final RuleLevels levels;
  private final ProfileChoice profiles;
  private final Catalogue catalogue;

  Dispatch(RuleLevels levels, ProfileChoice profiles, Catalogue catalogue) {
    this.levels = levels;
    this.profiles = profiles;
    this.catalogue = catalogue;
  }

  /** The {@link Scope#OBJECT} and {@link Scope#CRD} rules of {@code scopes} over one document ({@code ref} its object's). */
  List<Finding> document(Set<Scope> scopes, Document document, ObjectRef ref, Profile profile, Optional<Instant> now,
      ObjectContext context) {
    JsonNode object = document.object();
    boolean builtIn = KubernetesGroups.isBuiltIn(ref.group());
    boolean crd = ref.isCustomResourceDefinition();
    Cancellation token = Cancellation.current();
    List<Finding> findings = new ArrayList<>();
    List<Entry> entries = levels.entries();
    Level[] profileLevels = levels.levelsFor(profile);
    // One list of reports for every rule in turn: what a rule reports becomes findings (collect) before the
    // next rule runs, and most rules report nothing.
    List<Report> reports = token.reports();
    // On an object that is no CRD only the object rules can run.
    for (int i : crd ? levels.documentRules() : levels.objectRules()) {
      Entry entry = entries.get(i);
      token.checkpoint();
      if (entry.rule() instanceof ObjectRule rule && scopes.contains(Scope.OBJECT)) {
        Level level = profileLevels[i];
        if (runs(entry, level, builtIn)) {
          rule.check(new ObjectCheck(document, ref, profile, entry.options(), now, context, reports));
          collect(entry, level, reports, ref, document.source(), findings);
          reports.clear();
        }
      } else if (entry.rule() instanceof CrdRule rule && scopes.contains(Scope.CRD) && crd
          && object.path("spec").path("versions").isArray()) {
        // Versions that are not a list are no CRD the API server accepts, and have no version to check.
        JsonNode versions = object.path("spec").path("versions");
        String group = object.path("spec").path("group").asText("");
        for (int v = 0; v < versions.size(); v++) {
          // One CRD can serve Cluster API v1beta1 and v1beta2 side by side: each version gets its own profile.
          Profile versionProfile = profiles.forVersion(group, versions.get(v).path("name").asText(""));
          Level level = RuleLevels.levelOf(entry, versionProfile);
          if (level != Level.OFF) {
            token.checkpoint();
            rule.check(new CrdCheck(object, versions.get(v), Pointers.of("spec", "versions", v), ref, versionProfile,
                entry.options(), now, catalogue, reports));
            collect(entry, level, reports, ref, document.source(), findings);
            reports.clear();
          }
        }
      }
    }
    return findings;
  }

  /**
   * The {@link Scope#UPDATE} rules over an old and a new object ({@code ref} the new one's); findings point
   * into the new one.
   */
  List<Finding> update(Document oldDocument, Document newDocument, List<ConditionList> newLists, ObjectRef ref,
      Profile profile, Optional<Instant> now) {
    boolean builtIn = KubernetesGroups.isBuiltIn(ref.group());
    // Status written back unchanged: the rules that judge only what changed have nothing to judge, and
    // the lists are not paired for them.
    boolean statusUnchanged = oldDocument.object().path("status").equals(newDocument.object().path("status"));
    UpdateContext update = new UpdateContext(oldDocument.object(), newDocument.object(), newLists);
    Cancellation token = Cancellation.current();
    List<Finding> findings = new ArrayList<>();
    List<Entry> entries = levels.entries();
    Level[] profileLevels = levels.levelsFor(profile);
    List<Report> reports = token.reports(); // one for every rule in turn, as in document()
    for (int i : levels.transitionRules()) {
      Entry entry = entries.get(i);
      token.checkpoint();
      if (entry.rule() instanceof TransitionRule rule && !(statusUnchanged && rule.reportsOnlyStatusChanges())) {
        Level level = profileLevels[i];
        if (runs(entry, level, builtIn)) {
          rule.check(new TransitionCheck(ref, profile, entry.options(), now, update, reports));
          collect(entry, level, reports, ref, newDocument.source(), findings);
          reports.clear();
        }
      }
    }
    return findings;
  }

  /** The suppression rules (the unused-suppression rule) over what the suppressions stage left unused. */
  List<Finding> suppressions(
      Document document, Profile profile, Optional<Instant> now, List<SuppressionCheck.Unused> unused) {
    if (unused.isEmpty()) {
      // A suppression rule judges what was left unused; nothing was (the case of almost every object).
      return List.of();
    }
    ObjectRef ref = ObjectRef.of(document.object());
    Cancellation token = Cancellation.current();
    List<Finding> findings = new ArrayList<>();
    for (Entry entry : levels.entries()) {
      token.checkpoint();
      if (entry.rule() instanceof SuppressionRule rule) {
        Level level = RuleLevels.levelOf(entry, profile);
        if (level != Level.OFF) {
          List<Report> reports = token.reports();
          rule.check(new SuppressionCheck(ref, profile, entry.options(), now, unused, reports));
          collect(entry, level, reports, ref, document.source(), findings);
        }
      }
    }
    return findings;
  }

  private static boolean runs(Entry entry, Level level, boolean builtInKind) {
    return level != Level.OFF && (entry.builtinKinds() || !builtInKind);
  }

  private static void collect(
      Entry entry, Level level, List<Report> reports, ObjectRef ref, SourceMap source, List<Finding> out) {
    Severity ruleSeverity = level.severity().orElseThrow();
    for (Report r : reports) {
      Severity severity = entry.explicit() ? ruleSeverity : Severity.min(r.cap(), ruleSeverity);
      String message = r.message();
      Optional<Position> elision = r.missingField().isPresent() ? source.partial(r.pointer()) : Optional.empty();
      if (elision.isPresent()) {
        // The example says it leaves fields out here: a field it lacks is no claim about the object.
        severity = Severity.min(Severity.INFO, severity);
        message = elided(message, elision.get());
      }
      out.add(new Finding(entry.id(), severity, message, r.hint(), r.pointer(), ref,
          r.at().or(() -> source.nearest(r.pointer())), r.basis(), r.missingField()));
    }
  }

  /** A missing field's message where the source marks the mapping as partial, naming the comment's line. */
  static String elided(String message, Position comment) {
    String base = message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
    return base + "; the example marks fields as left out here (line " + comment.line() + ").";
  }
}
