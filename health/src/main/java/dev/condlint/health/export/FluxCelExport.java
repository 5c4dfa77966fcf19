package dev.condlint.health.export;

import dev.condlint.health.KindContract;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Writes a kind's health as a Flux Kustomization {@code healthCheckExprs} entry: CEL expressions that
 * Flux evaluates after its own generation pre-check ({@code status.observedGeneration} other than
 * {@code metadata.generation} is InProgress before any expression runs; fluxcd/pkg
 * {@code runtime/cel/status_evaluator.go}), {@code inProgress} first, then {@code failed}, then
 * {@code current}, InProgress when none holds. The expressions judge as {@code condlint health} does:
 * Healthy and Suspended are Current, Progressing is InProgress, Degraded is Failed, and Unknown makes no
 * expression true (InProgress: Flux waits). Kinds that record the generation per condition get the
 * check Flux's pre-check cannot make for them.
 *
 * <p>Flux's CEL has no functions of one's own and no {@code cel.bind}, so a value used more than once is
 * bound by a comprehension over a one-element list ({@code [value].exists(name, body)}): the
 * conditions are read once into {@code cs}, each with its polarity and what its type and reason name,
 * and each summary condition once. Written inline instead, the expressions grew past cel-go's limit
 * of 100,000 code points for kinds with a large vocabulary, and Flux would refuse them.
 */
public final class FluxCelExport {
  private FluxCelExport() {}

  /** The three expressions of an entry. */
  public record Expressions(String inProgress, String failed, String current) {}

  private static final String CONDS = "(has(status.conditions) && type(status.conditions) == list"
      + " ? status.conditions : [])";
  /** A condition the judgement reads: a map with a string type. */
  private static final String IS_COND = "type(c) == map && has(c.type) && type(c.type) == string";

  public static Expressions expressions(KindContract contract) throws ExportRefused {
    ExportData d = ExportData.of(contract);
    List<String> summaryTypes;
    boolean all;
    if (d.summary().isPresent()) {
      summaryTypes = d.summary().get().types();
      all = d.summary().get().all();
    } else {
      summaryTypes = d.summaryNames();
      all = false;
    }
    String deletion = "(has(metadata.deletionTimestamp) && type(metadata.deletionTimestamp) == string"
        + " && metadata.deletionTimestamp != '')";
    String generationSet = integral("metadata.generation", "has(metadata.generation)");
    // A string of decimal digits where the kind's API keeps the generation as a string (an Argo Rollout's).
    String og = "status.observedGeneration";
    String statusGeneration = "(" + generationSet + " && ((" + integral(og, "has(" + og + ")") + " && metadata.generation != "
        + og + ") || (has(" + og + ") && type(" + og + ") == string && " + og + ".matches('^[0-9]{1,15}$') && int(" + og
        + ") != int(metadata.generation))))";
    String specSuspended = specSuspended(d);
    // A generation the controller records in an annotation, not yet the one status records observing.
    List<String> unobserved = new ArrayList<>();
    for (var o : d.observedAnnotations()) {
      String wanted = "metadata.annotations[" + cel(o.annotation()) + "]";
      List<String> checks = new ArrayList<>(List.of("has(metadata.annotations)", "type(metadata.annotations) == map",
          cel(o.annotation()) + " in metadata.annotations", "type(" + wanted + ") == string", wanted + " != ''"));
      String at = "status";
      for (String segment : o.observedSegments()) {
        checks.add("type(" + at + ") == map && has(" + at + "." + segment + ")");
        at = at + "." + segment;
      }
      checks.add("type(" + at + ") == string && " + at + " != '' && " + at + " != " + wanted);
      unobserved.add("(" + String.join(" && ", checks) + ")");
    }
    // A field under status where the kind's API records the generation observed (unset: the API's value for it).
    for (var o : d.observedGenerations()) {
      String set = isSet(o.path());
      String differs = "(" + set + " && " + integral(at(o.path()), "true") + " && int(" + at(o.path())
          + ") < int(metadata.generation))";
      if (o.unsetIs().isPresent()) {
        differs = "(" + differs + " || (!" + set + " && int(metadata.generation) > " + o.unsetIs().getAsLong() + "))";
      }
      unobserved.add("(" + generationSet + " && " + differs + ")");
    }
    if (!unobserved.isEmpty()) {
      statusGeneration = "(" + statusGeneration + " || " + or(unobserved) + ")";
    }
    Parts declared = parts(d, contract, summaryTypes, all);
    Optional<String> before = d.summaryWhenAbsent().filter(t -> d.summary().isPresent());
    Optional<Parts> instead = before.isPresent() ? Optional.of(parts(d, contract, before.map(List::of).get(), false))
        : Optional.empty();
    String failed = "!" + specSuspended + " && " + bind(d, summaryTypes, declared.failed(), before, instead.map(Parts::failed));
    String current = specSuspended + " || " + bind(d, summaryTypes, declared.current(), before, instead.map(Parts::current));
    if (!d.degradedByLabel().isEmpty()) {
      // A label the managing controller's API says is a failure: after the generation, before anything else.
      String label = labelFailed(d);
      failed = label + " || (" + failed + ")";
      current = "!" + label + " && (" + current + ")";
    }
    return new Expressions(
        deletion + " || " + statusGeneration + " || " + bind(d, summaryTypes, declared.inProgress(), before,
            instead.map(Parts::inProgress)),
        failed, current);
  }

  /** The three expressions' bodies under the bindings of {@link #bind}, for one set of summary types. */
  private record Parts(String inProgress, String failed, String current) {}

  private static Parts parts(ExportData d, KindContract contract, List<String> summaryTypes, boolean all) {
    // s0, s1, ...: the conditions of each summary type (the first is the one judged).
    List<String> s = new ArrayList<>();
    for (int i = 0; i < summaryTypes.size(); i++) {
      s.add("s" + i);
    }
    String summaryPresent = d.summary().isPresent() ? "true"
        : or(s.stream().map(v -> "size(" + v + ") > 0").toList());
    String generationSet = integral("metadata.generation", "has(metadata.generation)");
    List<String> stale = new ArrayList<>();
    if (d.perConditionGeneration()) {
      for (String v : s) {
        stale.add("(size(" + v + ") > 0 && " + v + "[0].og != '' && " + v + "[0].og != string(int(metadata.generation)))");
      }
    }
    String conditionGeneration = stale.isEmpty() ? "false" : "(" + generationSet + " && " + or(stale) + ")";

    String specSuspended = specSuspended(d);
    List<String> suspended = new ArrayList<>();
    suspended.add("cs.exists(c, c.status == 'True' && (['Suspended', 'Paused', 'Stopped'].exists(w, c.type.endsWith(w))"
        + (d.suspendedWhileTrue().isEmpty() ? "" : " || c.type in " + list(d.suspendedWhileTrue()))
        + (d.suspendedWhileTrueWithReason().isEmpty() ? "" : " || (c.type in " + suspendedWithReason(d)
            + " && c.reason in " + suspendedWithReason(d) + "[c.type])") + "))");
    for (String v : s) {
      suspended.add("(size(" + v + ") > 0 && " + v + "[0].status != 'True' && ['Paused', 'Suspended'].exists(w, "
          + v + "[0].reason.endsWith(w)))");
    }
    String conditionSuspended = or(suspended);

    List<String> good = new ArrayList<>();
    List<String> bad = new ArrayList<>();
    // A condition whose True the kind's API says is the controller at work makes a failing summary work under way.
    List<String> atWorkTerms = new ArrayList<>();
    if (!d.underWayWhileTrue().isEmpty()) {
      atWorkTerms.add("cs.exists(c, c.status == 'True' && c.type in " + list(d.underWayWhileTrue()) + ")");
    }
    // ... and so does a state field whose verdict is work under way (fv: the fields' verdicts, then the
    // counts', bound below).
    int stateFields = d.stateFields().size();
    int fields = stateFields + (d.counts().checks().isEmpty() ? 0 : 1);
    // The first field whose verdict is work under way or a deliberate stop explains a failing summary.
    String explains = "''";
    for (int i = stateFields - 1; i >= 0; i--) {
      explains = "(fv[" + i + "] in ['Progressing', 'Suspended'] ? fv[" + i + "] : " + explains + ")";
    }
    if (stateFields > 0) {
      atWorkTerms.add(explains + " == 'Progressing'");
    }
    // ... and so does the absence of every type by whose True the kind's API reports a failure (ACK.Terminal).
    if (!d.failureReportedBy().isEmpty()) {
      atWorkTerms.add("!cs.exists(c, c.status == 'True' && c.type in " + list(d.failureReportedBy()) + ")");
    }
    String atWork = or(atWorkTerms);
    List<String> terminal = new ArrayList<>();
    List<String> unexplained = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    for (int i = 0; i < summaryTypes.size(); i++) {
      boolean abnormal = contract.polarity(summaryTypes.get(i)).map(k -> k.value() == Polarity.ABNORMAL_TRUE).orElse(false);
      String v = s.get(i);
      String st = v + "[0].status";
      String present = "size(" + v + ") > 0";
      // True with a reason by which the kind's controller reports that the work ended in failure is failing.
      String failedTrue = abnormal || d.failedWhenTrue().isEmpty() ? ""
          : "(" + st + " == 'True' && " + v + "[0].reason in " + list(d.failedWhenTrue()) + ")";
      good.add(abnormal ? "false" : "(" + present + " && " + st + " == 'True'" + (failedTrue.isEmpty() ? "" : " && !" + failedTrue)
          + ")");
      // Unknown with a reason by which the kind's controller reports a failure it found is failing too.
      String failedUnknown = d.failedWhenUnknown().isEmpty() ? "false"
          : "(" + st + " == 'Unknown' && " + v + "[0].reason in " + list(d.failedWhenUnknown()) + ")";
      String failing = st + " in ['" + (abnormal ? "True" : "False") + "', 'Degraded']"
          + (d.failedWhenUnknown().isEmpty() ? "" : " || " + failedUnknown)
          + (failedTrue.isEmpty() ? "" : " || " + failedTrue);
      String isBad = "(" + present + " && (" + failing + "))";
      bad.add(isBad);
      // A summary False with no reason, message or severity says nothing of a failure that lasts.
      String says = "(" + st + " == 'False' && " + v + "[0].reason == '' && " + v + "[0].msg == '' && " + v
          + "[0].severity == '')";
      unexplained.add("(" + isBad + " && " + says + ")");
      terminal.add("(" + isBad + " && !" + says + " && " + v + "[0].severity != 'Info' && " + v + "[0].wr != 'y' && !"
          + atWork + ")");
      pending.add("(" + present + " && !(" + st + " in ['True', 'False', 'Degraded'])"
          + (d.failedWhenUnknown().isEmpty() ? "" : " && !" + failedUnknown) + ")");
    }
    String anyBad = or(bad);
    if (stateFields > 0) {
      conditionSuspended = "(" + conditionSuspended + " || (" + anyBad + " && " + explains + " == 'Suspended'))";
    }
    String anyTerminal = or(terminal);
    String healthySummary = all ? and(good) : or(good);
    String anyPending = or(pending);
    String aouDegraded = "cs.exists(c, c.status == 'True' && c.pol == 'abnormal-true' && !(c.pol != 'normal-true'"
        + " && c.wt == 'y') && c.co != 'y')";
    String complete = d.completeWhen().isEmpty() ? "" : " || (c.type in " + completeWhen(d) + " && !(c.reason in "
        + completeWhen(d) + "[c.type]))";
    String aouProgressing = "cs.exists(c, c.status == 'True' && ((c.pol != 'normal-true' && c.wt == 'y')" + complete + "))";

    // The summary not yet decided or not reported: a condition reporting a problem or work under way decides,
    // else a pending summary is work under way, else the first state field with a verdict (sw), else waiting.
    String sw = "''";
    for (int i = fields - 1; i >= 0; i--) {
      sw = "(fv[" + i + "] != '' ? fv[" + i + "] : " + sw + ")";
    }
    String notHealthyDegraded = "(" + aouDegraded + " || (!" + aouProgressing + " && !" + anyPending + " && " + sw
        + " == 'Degraded'))";
    String notHealthyProgressing = "(!" + aouDegraded + " && (" + aouProgressing + " || " + anyPending + " || !(" + sw
        + " in ['Degraded', 'Suspended', 'Healthy', 'Unknown'])))";
    String notHealthyCurrent = "(!" + aouDegraded + " && !" + aouProgressing + " && !" + anyPending + " && " + sw
        + " in ['Suspended', 'Healthy'])";
    // No summary condition: a condition reporting a problem or work under way decides, else the first state
    // field with a verdict (sw; Unknown makes no expression true).
    String noSummaryDegraded = "(" + aouDegraded + " || (!" + aouProgressing + " && " + sw + " == 'Degraded'))";
    // ... and where none of the state fields is written yet, they are not yet reported: work under way.
    List<String> unwritten = new ArrayList<>();
    for (int i = 0; i < fields; i++) {
      unwritten.add("fv[" + (fields + i) + "] == 'n'");
    }
    String statesAbsent = fields == 0 ? "false" : and(unwritten);
    String noSummaryProgressing = "(!" + aouDegraded + " && (" + aouProgressing + " || " + sw + " == 'Progressing' || "
        + statesAbsent + "))";
    String stateCurrent = sw + " in ['Suspended', 'Healthy']";
    String noSummaryCurrent = "(!" + aouDegraded + " && !" + aouProgressing + " && " + stateCurrent + ")";
    // A failure no condition explains: Degraded only where a condition or a state field reports one.
    String unexplainedDegraded = "(!" + atWork + " && " + or(unexplained) + " && (" + aouDegraded + " || (!"
        + aouProgressing + " && " + sw + " == 'Degraded')))";
    anyTerminal = "(" + anyTerminal + " || " + unexplainedDegraded + ")";
    String degraded = "(" + summaryPresent + " ? (" + anyBad + " ? " + anyTerminal + " : (" + healthySummary + " ? "
        + aouDegraded + " : " + notHealthyDegraded + ")) : " + noSummaryDegraded + ")";
    String progressing = "(" + summaryPresent + " ? (" + anyBad + " ? !" + anyTerminal + " : (" + healthySummary + " ? (!"
        + aouDegraded + " && " + aouProgressing + ") : " + notHealthyProgressing + ")) : " + noSummaryProgressing + ")";
    String settled = "(" + summaryPresent + " && !" + anyBad + " && " + healthySummary + " && !" + aouDegraded + " && !"
        + aouProgressing + ")";
    // Another condition whose True is the healthy state is not True; a phase names a failure or work under way.
    // ... unless it is one of a group of alternatives of which another is True.
    String inUse = d.alternatives().stream().map(g -> "(c.type in " + list(g) + " && cs.exists(o, o.type != c.type && o.type in "
        + list(g) + " && o.status == 'True'))").collect(Collectors.joining(" || "));
    String contradicted = "cs.exists(c, !(c.type in " + list(summaryTypes) + ") && c.pol == 'normal-true'"
        + " && c.status != 'True'" + (inUse.isEmpty() ? "" : " && !(" + inUse + ")")
        + (d.noticeTypes().isEmpty() ? "" : " && !(c.type in " + list(d.noticeTypes()) + ")") + ")";
    List<String> entries = new ArrayList<>();
    for (ExportData.Nested n : d.nested()) {
      entries.add(entryNotHealthy(n));
    }
    contradicted = "(" + contradicted + " || " + or(entries) + ")";
    // The kind's state fields first, in order, each deciding Degraded or Progressing by its verdict; then phases.
    String phaseFails = phase("[" + vocabulary("q") + "].exists(p, p == 'abnormal-true')");
    String phaseUnderWay = phase("[" + vocabulary("q") + "].exists(p, " + workUnderWay("q", "p", d) + ")");
    List<String> stateProgressing = new ArrayList<>();
    for (int i = fields - 1; i >= 0; i--) {
      phaseFails = "(fv[" + i + "] == 'Degraded' || (fv[" + i + "] != 'Progressing' && " + phaseFails + "))";
      stateProgressing.add("fv[" + i + "] == 'Progressing'");
    }
    for (var c : d.converge()) {
      stateProgressing.add(converging(c));
    }
    if (!stateProgressing.isEmpty()) {
      phaseUnderWay = "(" + or(stateProgressing) + " || " + phaseUnderWay + ")";
    }
    degraded = "(" + degraded + " || (" + settled + " && !" + contradicted + " && " + phaseFails + "))";
    progressing = "(" + progressing + " || (" + settled + " && (" + contradicted + " || (!" + phaseFails + " && "
        + phaseUnderWay + "))))";
    String healthy = "((" + settled + " && !" + contradicted + " && !" + phaseFails + " && !" + phaseUnderWay + ") || ("
        + summaryPresent + " && !" + anyBad + " && !" + healthySummary + " && " + notHealthyCurrent + ") || (!"
        + summaryPresent + " && " + noSummaryCurrent + "))";
    if (d.entryHealth().isPresent()) {
      // The kind's API sums its health up in the entries of a list: that replaces the summary's steps.
      String verdicts = entryVerdicts(d, d.entryHealth().get());
      boolean noneHealthy = d.entryHealth().get().whenNone() == dev.condlint.health.HealthStatus.HEALTHY;
      degraded = "[" + verdicts + "].exists(vs, vs.exists(v, v == 'D'))";
      progressing = "[" + verdicts + "].exists(vs, size(vs) == 0 ? " + !noneHealthy
          + " : (!vs.exists(v, v == 'D') && vs.exists(v, v == 'P')))";
      healthy = "[" + verdicts + "].exists(vs, size(vs) == 0 ? " + noneHealthy + " : vs.all(v, v == 'H'))";
    }

    // A field whose value says the controller does not reconcile the object: without conditions, Healthy.
    List<String> staticTerms = new ArrayList<>();
    for (var w : d.staticWhen()) {
      List<String> segments = w.segments();
      staticTerms.add(fieldExists(segments.subList(1, segments.size()), 0, segments.get(0), "v in " + list(w.values())));
    }
    if (!staticTerms.isEmpty()) {
      conditionSuspended = "(" + conditionSuspended + " || (size(cs) == 0 && " + or(staticTerms) + "))";
    }
    String notLabelled = d.degradedByLabel().isEmpty() ? "" : "!" + labelFailed(d) + " && ";
    Parts out = new Parts(
        conditionGeneration + " || (" + notLabelled + "!" + specSuspended + " && !" + conditionSuspended + " && " + progressing + ")",
        "!" + conditionSuspended + " && " + degraded,
        conditionSuspended + " || " + healthy);
    if (fields == 0) {
      return out;
    }
    // fv: each state field's verdict ('' where it has none), then whether it has a value ('y' or 'n'), read once.
    List<String> fv = new ArrayList<>();
    d.stateFields().forEach(f -> fv.add(fieldVerdict(f)));
    if (!d.counts().checks().isEmpty()) {
      fv.add(countVerdict(d.counts()));
    }
    d.stateFields().forEach(f -> fv.add("(" + fieldExists(f, "true") + " ? 'y' : 'n')"));
    if (!d.counts().checks().isEmpty()) {
      fv.add("(" + countsWritten(d.counts()) + " ? 'y' : 'n')");
    }
    String bound = "[[" + String.join(", ", fv) + "]].exists(fv, ";
    return new Parts(bound + out.inProgress() + ")", bound + out.failed() + ")", bound + out.current() + ")");
  }

  /**
   * A state field's verdict, as the judgement reads it ({@code StateFieldJudgement.verdict}): 'Degraded',
   * 'Progressing', 'Unknown' (where the field's unlisted values are), 'Suspended', 'Healthy', or '' where
   * the field has no value or none that decides.
   */
  private static String fieldVerdict(dev.condlint.health.HealthFacts.StateField f) {
    if (f.ratio()) {
      // "ready/total": fewer ready than there are is under way; none at all, or no such pair, unknown.
      String pair = "v.matches('^[0-9]{1,9}/[0-9]{1,9}$')";
      String ready = "int(v.split('/')[0])";
      String total = "int(v.split('/')[1])";
      return "(" + fieldExists(f, pair + " && " + ready + " < " + total) + " ? 'Progressing' : ("
          + fieldExists(f, "!" + pair + " || " + total + " == 0") + " ? 'Unknown' : ("
          + fieldExists(f, pair + " && " + ready + " >= " + total + " && " + total + " > 0") + " ? 'Healthy' : '')))";
    }
    String out = "''";
    if (!f.healthy().isEmpty()) {
      out = "(" + fieldExists(f, "v in " + list(f.healthy())) + " ? 'Healthy' : " + out + ")";
    }
    if (!f.suspended().isEmpty()) {
      out = "(" + fieldExists(f, "v in " + list(f.suspended())) + " ? 'Suspended' : " + out + ")";
    }
    if (f.unlisted() == dev.condlint.health.HealthFacts.Unlisted.UNKNOWN) {
      List<String> known = new ArrayList<>(f.healthy());
      known.addAll(f.suspended());
      known.addAll(f.neutral());
      out = "(" + fieldExists(f, "!(v in " + list(known) + ")") + " ? 'Unknown' : " + out + ")";
    }
    if (!f.progressing().isEmpty()) {
      out = "(" + fieldExists(f, "v in " + list(f.progressing())) + " ? 'Progressing' : " + out + ")";
    }
    List<String> failure = new ArrayList<>();
    if (!f.degraded().isEmpty()) {
      failure.add("v in " + list(f.degraded()));
    }
    if (f.degradedWhenSet()) {
      failure.add("v != ''");
    }
    if (!failure.isEmpty()) {
      out = "(" + fieldExists(f, String.join(" || ", failure)) + " ? 'Degraded' : " + out + ")";
    }
    return out;
  }

  /**
   * The counts' verdict, as the judgement reads it ({@code CountJudgement.verdict}): the first comparison
   * that can be read and falls short gives its verdict, else 'Unknown' where one cannot be read or every
   * target is 0, else 'Healthy'; '' where no count under status is set.
   */
  private static String countVerdict(dev.condlint.health.HealthFacts.Counts counts) {
    List<String> applies = new ArrayList<>();
    List<String[]> shortOf = new ArrayList<>();
    List<String> desired = new ArrayList<>();
    for (var c : counts.checks()) {
      String reads = and(c.paths().stream().map(p -> counts.defaults().containsKey(p)
          ? "(!" + isSet(p) + " || " + integral(at(p), "true") + ")" : "(" + isSet(p) + " && " + integral(at(p), "true") + ")")
          .toList());
      applies.add(reads);
      String target = operand(c.atLeast(), counts) + (c.minus().isEmpty() ? "" : " - " + operand(c.minus(), counts));
      desired.add("(" + target + " > 0)");
      shortOf.add(new String[] {"(" + reads + " && " + operand(c.count(), counts) + " < " + target + ")",
          cel(c.otherwise().label())});
    }
    String out = "(" + and(applies) + " && " + or(desired) + " ? 'Healthy' : 'Unknown')";
    for (int i = shortOf.size() - 1; i >= 0; i--) {
      out = "(" + shortOf.get(i)[0] + " ? " + shortOf.get(i)[1] + " : " + out + ")";
    }
    return "(" + countsWritten(counts) + " ? " + out + " : '')";
  }

  private static String countsWritten(dev.condlint.health.HealthFacts.Counts counts) {
    return or(counts.statusPaths().stream().map(FluxCelExport::isSet).toList());
  }

  /** A count's integer: its declared default where the path is not set (read only where the comparison can be). */
  private static String operand(String path, dev.condlint.health.HealthFacts.Counts counts) {
    if (!counts.defaults().containsKey(path)) {
      return "int(" + at(path) + ")";
    }
    return "(" + isSet(path) + " ? int(" + at(path) + ") : " + counts.defaults().get(path) + ")";
  }

  /** Whether the path from the object's root is set (to anything but null). */
  private static String isSet(String path) {
    List<String> segments = dev.condlint.health.HealthFacts.Count.segments(path);
    List<String> checks = new ArrayList<>();
    String at = segments.get(0);
    for (String segment : segments.subList(1, segments.size())) {
      checks.add("type(" + at + ") == map && " + cel(segment) + " in " + at);
      at = at + "[" + cel(segment) + "]";
    }
    checks.add("type(" + at + ") != null_type");
    return "(" + String.join(" && ", checks) + ")";
  }

  private static String at(String path) {
    List<String> segments = dev.condlint.health.HealthFacts.Count.segments(path);
    return segments.get(0) + segments.subList(1, segments.size()).stream().map(s -> "[" + cel(s) + "]")
        .collect(Collectors.joining());
  }

  /**
   * Whether some value of the state field holds the predicate on {@code v} (its text): a string, a
   * boolean as 'true' or 'false', an integer in decimal; {@code *} is every value of a map or entry of a list.
   */
  private static String fieldExists(dev.condlint.health.HealthFacts.StateField f, String predicate) {
    return fieldExists(f.segments(), 0, "status", predicate);
  }

  private static String fieldExists(List<String> segments, int i, String at, String predicate) {
    String segment = segments.get(i);
    if (i == segments.size() - 1) {
      String x = at + "[" + cel(segment) + "]";
      String ok = "(type(" + x + ") == string || type(" + x + ") == bool || type(" + x + ") == int || (type(" + x
          + ") == double && " + x + " == double(int(" + x + "))))";
      String value = "(type(" + x + ") == string ? " + x + " : type(" + x + ") == bool ? (" + x + " ? 'true' : 'false')"
          + " : type(" + x + ") == int ? string(" + x + ") : string(int(" + x + ")))";
      return "(type(" + at + ") == map && " + cel(segment) + " in " + at + " && " + ok + " && [" + value
          + "].exists(v, " + predicate + "))";
    }
    if (!segment.equals("*")) {
      return "(type(" + at + ") == map && " + cel(segment) + " in " + at + " && "
          + fieldExists(segments, i + 1, at + "[" + cel(segment) + "]", predicate) + ")";
    }
    String k = "k" + i;
    String e = "e" + i;
    return "((type(" + at + ") == map && " + at + ".exists(" + k + ", " + fieldExists(segments, i + 1, at + "[" + k + "]",
        predicate) + ")) || (type(" + at + ") == list && " + at + ".exists(" + e + ", "
        + fieldExists(segments, i + 1, e, predicate) + ")))";
  }

  /**
   * spec.suspend or spec.paused true, a field whose value the kind's API says stops the object, or an
   * annotation the kind's API says stops its controller.
   */
  private static String specSuspended(ExportData d) {
    // spec: null (a status-only dump of an object) is no map: a field selection on it would be an error.
    List<String> terms = new ArrayList<>(List.of("(type(spec) == map && ((has(spec.suspend) && spec.suspend == true)"
        + " || (has(spec.paused) && spec.paused == true)))"));
    for (var w : d.suspendedWhen()) {
      List<String> segments = w.segments();
      terms.add(fieldExists(segments.subList(1, segments.size()), 0, segments.get(0), "v in " + list(w.values())));
    }
    d.suspendedByAnnotation().forEach((name, value) -> terms.add("(has(metadata.annotations) && type(metadata.annotations)"
        + " == map && " + cel(name) + " in metadata.annotations && metadata.annotations[" + cel(name) + "] == " + cel(value) + ")"));
    return or(terms);
  }

  /** A label of the object whose value, by the API of the controller that manages it, says it failed. */
  private static String labelFailed(ExportData d) {
    List<String> terms = new ArrayList<>();
    d.degradedByLabel().forEach((name, value) -> terms.add("(has(metadata.labels) && type(metadata.labels) == map && "
        + cel(name) + " in metadata.labels && metadata.labels[" + cel(name) + "] == " + cel(value) + ")"));
    return or(terms);
  }

  /** Whether an entry of the list has conditions that, read with the list's summary, are not in their healthy state. */
  private static String entryNotHealthy(ExportData.Nested n) {
    String f = "status." + n.field();
    List<String> good = new ArrayList<>();
    List<String> bad = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    List<String> absent = new ArrayList<>();
    String inner = null;
    for (int i = 0; i < n.summary().size(); i++) {
      String t = n.summary().get(i);
      boolean abnormal = n.abnormal().contains(t);
      String v = "n" + i;
      String st = v + "[0].status";
      good.add(abnormal ? "false" : "(size(" + v + ") > 0 && " + st + " == 'True')");
      bad.add("(size(" + v + ") > 0 && " + st + " in ['" + (abnormal ? "True" : "False") + "', 'Degraded'])");
      pending.add("(size(" + v + ") > 0 && !(" + st + " in ['True', 'False', 'Degraded']))");
      absent.add(abnormal ? "(size(" + v + ") == 0 || " + st + " == 'False')" : "size(" + v + ") == 0");
    }
    String healthy = "(!" + or(bad) + " && " + (n.all() ? "!" + or(pending) + " && !" + or(absent) : or(good)) + ")";
    inner = "!" + healthy;
    for (int i = n.summary().size() - 1; i >= 0; i--) {
      inner = "[ec.filter(c, c.type == " + cel(n.summary().get(i)) + ")].exists(n" + i + ", " + inner + ")";
    }
    String conds = "e.conditions.filter(c, " + IS_COND + ").map(c, {'type': c.type, 'status': " + text("c", "status") + "})";
    return "(has(" + f + ") && type(" + f + ") == list && " + f + ".exists(e, type(e) == map && has(e.conditions)"
        + " && type(e.conditions) == list && [" + conds + "].exists(ec, size(ec) > 0 && " + inner + ")))";
  }

  /**
   * The verdict of each entry of the list whose entries sum the kind's health up, in order: 'D' (Degraded),
   * 'P' (Progressing) or 'H' (healthy), by the steps of {@code EntryJudgement}; [] where there is no list.
   */
  private static String entryVerdicts(ExportData d, dev.condlint.health.EntryHealth.Kind k) {
    List<String> guard = new ArrayList<>();
    String at = "status";
    for (String segment : k.entriesSegments()) {
      guard.add("type(" + at + ") == map && has(" + at + "." + segment + ")");
      at = at + "." + segment;
    }
    String list = "(" + String.join(" && ", guard) + " && type(" + at + ") == list ? " + at + " : [])";
    Map<String, String> declared = new java.util.LinkedHashMap<>();
    k.summary().forEach((t, p) -> declared.put(t, p.label()));
    k.types().forEach((t, p) -> declared.putIfAbsent(t, p.label()));
    String source = "(type(pe) == map && has(pe.conditions) && type(pe.conditions) == list ? pe.conditions : [])";
    String conds = conditions(d, source, "[" + map(declared) + "].map(dt, c.type in dt ? dt[c.type] : v[0])[0]");
    List<String> types = new ArrayList<>(k.summary().keySet());
    String summary = list(types);
    String generationSet = integral("metadata.generation", "has(metadata.generation)");
    List<String> stale = new ArrayList<>();
    List<String> failing = new ArrayList<>();
    List<String> terminal = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      String m = "m" + i;
      String bad = k.summary().get(types.get(i)) == Polarity.ABNORMAL_TRUE ? "True" : "False";
      stale.add("(size(" + m + ") > 0 && " + m + "[0].og != '' && " + m + "[0].og != string(int(metadata.generation)))");
      String isFailing = "(size(" + m + ") > 0 && " + m + "[0].status in ['" + bad + "', 'Degraded'])";
      failing.add(isFailing);
      terminal.add("(" + isFailing + " && " + m + "[0].severity != 'Info' && " + m + "[0].wr != 'y')");
      pending.add("(" + (k.required().contains(types.get(i)) ? "size(" + m + ") == 0 || " : "") + "(size(" + m
          + ") > 0 && !(" + m + "[0].status in ['True', 'False', 'Degraded'])))");
    }
    String abnormal = "ec.exists(c, !(c.type in " + summary + ") && c.status == 'True' && c.pol == 'abnormal-true'"
        + " && !(c.pol != 'normal-true' && c.wt == 'y') && c.co != 'y')";
    String others = "ec.exists(c, !(c.type in " + summary + ") && ((c.status == 'True' && c.pol != 'normal-true'"
        + " && c.wt == 'y') || (c.status != 'True' && c.pol != 'abnormal-true' && c.wr == 'y') || (c.status != 'True'"
        + " && c.pol == 'normal-true')))";
    String verdict = "((" + generationSet + " && " + or(stale) + ") ? 'P' : (" + or(terminal) + " ? 'D' : (" + or(failing)
        + " ? 'P' : (" + abnormal + " ? 'D' : (" + or(pending) + " ? 'P' : (" + others + " ? 'P' : 'H'))))))";
    for (int i = types.size() - 1; i >= 0; i--) {
      verdict = "[ec.filter(c, c.type == " + cel(types.get(i)) + ")].map(m" + i + ", " + verdict + ")[0]";
    }
    return list + ".map(pe, [" + conds + "].map(ec, " + verdict + ")[0])";
  }

  /**
   * Whether {@code status.phase}, or the phase of an entry of a list in status that records no past
   * transitions or history, satisfies {@code test}, which reads the phase capitalised as {@code q}.
   */
  private static String phase(String test) {
    String q = "[size(ph) > 0 ? ph.substring(0, 1).upperAscii() + ph.substring(1) : ''].exists(q, " + test + ")";
    // Entries of lists in status, and of lists two deep (an entry's list, or a list in an entry's map).
    String e3 = entryPhase("e3", q);
    String e2 = entryPhase("e2", q);
    String deeper = "e.exists(k2, type(k2) == string && " + present("k2") + " && ((type(e[k2]) == list && e[k2].exists(e2, "
        + e2 + ")) || (type(e[k2]) == map && e[k2].exists(k3, type(k3) == string && " + present("k3")
        + " && type(e[k2][k3]) == list && e[k2][k3].exists(e3, " + e3 + ")))))";
    return "((has(status.phase) && type(status.phase) == string && [status.phase].exists(ph, " + q + ")) || (type(status) == map"
        + " && status.exists(k, type(status[k]) == list && " + present("k") + " && status[k].exists(e, type(e) == map && ("
        + entryPhase("e", q) + " || " + deeper + ")))))";
  }

  private static String entryPhase(String e, String q) {
    return "(type(" + e + ") == map && has(" + e + ".phase) && type(" + e + ".phase) == string && [" + e
        + ".phase].exists(ph, " + q + "))";
  }

  /** A field that records no past transitions or history. */
  private static String present(String k) {
    return "!" + k + ".lowerAscii().contains('transition') && !" + k + ".lowerAscii().contains('history')";
  }

  /** Whether the map at the path, or an entry of the list there, has a proposed state not yet the active one. */
  private static String converging(dev.condlint.health.HealthFacts.Converge c) {
    List<String> guard = new ArrayList<>();
    String at = "status";
    for (String segment : c.pathSegments()) {
      guard.add("type(" + at + ") == map && has(" + at + "." + segment + ")");
      at = at + "." + segment;
    }
    String check = "(" + textAt("m", c.proposedSegments()) + " && " + textAt("m", c.activeSegments()) + " && m."
        + c.proposed() + " != m." + c.active() + ")";
    String body = "(type(" + at + ") == list ? " + at + ".exists(m, " + check + ") : [" + at + "].exists(m, " + check + "))";
    return guard.isEmpty() ? body : "(" + String.join(" && ", guard) + " && " + body + ")";
  }

  /** Whether the path below m holds a non-empty string. */
  private static String textAt(String m, List<String> segments) {
    List<String> checks = new ArrayList<>();
    String at = m;
    for (String segment : segments) {
      checks.add("type(" + at + ") == map && has(" + at + "." + segment + ")");
      at = at + "." + segment;
    }
    checks.add("type(" + at + ") == string && " + at + " != ''");
    return "(" + String.join(" && ", checks) + ")";
  }

  private static String suspendedWithReason(ExportData d) {
    return d.suspendedWhileTrueWithReason().entrySet().stream().map(e -> cel(e.getKey()) + ": " + list(e.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String completeWhen(ExportData d) {
    return d.completeWhen().entrySet().stream().map(e -> cel(e.getKey()) + ": " + list(e.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }


  private static String summaries(List<String> summaryTypes, String body) {
    String inner = body;
    for (int i = summaryTypes.size() - 1; i >= 0; i--) {
      inner = "[cs.filter(c, c.type == " + cel(summaryTypes.get(i)) + ")].exists(s" + i + ", " + inner + ")";
    }
    return inner;
  }

  /**
   * {@code body} with the vocabulary's names ({@code vn}), endings ({@code ve}) and words of work under
   * way ({@code ww}) bound, then {@code cs} to the conditions and {@code s0, s1, ...} to those of each
   * summary type.
   */
  private static String bind(ExportData d, List<String> summaryTypes, String body, Optional<String> before,
      Optional<String> beforeBody) {
    String inner = summaries(summaryTypes, body);
    if (before.isPresent()) {
      // None of the declared summary's types reported and the type that summed the kind up before is: judge by it.
      inner = "((!cs.exists(c, c.type in " + list(summaryTypes) + ") && cs.exists(c, c.type == " + cel(before.get())
          + ")) ? " + summaries(List.of(before.get()), beforeBody.get()) + " : " + inner + ")";
    }
    return "[" + map(d.vocabularyNames()) + "].exists(vn, [" + pairs(d.vocabularyEndings()) + "].exists(ve, ["
        + list(d.workUnderWay()) + "].exists(ww, [" + conditions(d) + "].exists(cs, " + inner + "))))";
  }

  /**
   * The conditions as the judgement reads them, each a map of strings: {@code type}, {@code status},
   * {@code reason}, {@code severity} ("" where absent or not a string), {@code og} (its
   * observedGeneration, "" where it has none), {@code pol} (its type's polarity as the contract resolver
   * gives it, "" where nothing does), {@code wt} and {@code wr} ("y" where its type, or its reason,
   * names work under way) and {@code co} ("y" where its type may stand beside a True summary).
   */
  private static String conditions(ExportData d) {
    return conditions(d, CONDS, polarity("c.type", "v[0]", d));
  }

  /** The conditions of a list ({@code source}) as above, each type's polarity given by {@code pol}. */
  private static String conditions(ExportData d, String source, String pol) {
    // x: [the type's last path segment, the reason, the reason's last path segment];
    // v: [the vocabulary's polarity of the type, of the reason].
    String map = "{'type': c.type, 'status': " + text("c", "status") + ", 'reason': x[1], 'msg': " + text("c", "message")
        + ", 'severity': "
        + text("c", "severity") + ", 'og': (" + integral("c.observedGeneration", "has(c.observedGeneration)")
        + " ? string(int(c.observedGeneration)) : ''), 'pol': " + pol
        + ", 'wt': (" + workUnderWay("x[0]", "v[0]", d) + " ? 'y' : 'n'), 'wr': (x[1] != '' && "
        + workUnderWay("x[2]", "v[1]", d) + " ? 'y' : 'n'), 'co': (" + namedBy("x[0]", list(d.coexistWithSummary()),
            d.coexistWithSummary().isEmpty()) + " ? 'y' : 'n')}";
    String each = "[[" + name("c.type") + ", " + text("c", "reason") + "]].map(r, [r[0], r[1], " + name("r[1]")
        + "])[0]";
    String list = source + ".filter(c, " + IS_COND + ").map(c, [" + each + "].map(x, [[" + vocabulary("x[0]") + ", "
        + vocabulary("x[2]") + "]].map(v, " + map + ")[0])[0])";
    return list;
  }

  /** The vocabulary's polarity of a name: its own entry, else the first ending it ends with at a word boundary. */
  private static String vocabulary(String n) {
    return "(" + n + " in vn ? vn[" + n + "] : [ve.filter(e, size(" + n + ") > size(e[0]) && " + n
        + ".endsWith(e[0]))].map(m, size(m) > 0 ? m[0][1] : '')[0])";
  }

  /** A type's polarity: declared for the type, else by the first declared ending, else the vocabulary's. */
  private static String polarity(String type, String vocabulary, ExportData d) {
    String byEnding = d.declaredEndings().isEmpty() ? vocabulary
        : "[" + pairs(d.declaredEndings()) + ".filter(e, " + type + ".endsWith(e[0]))].map(m, size(m) > 0 ? m[0][1] : "
            + vocabulary + ")[0]";
    if (d.declaredTypes().isEmpty()) {
      return byEnding;
    }
    return "[" + map(d.declaredTypes()) + "].map(dt, " + type + " in dt ? dt[" + type + "] : " + byEnding + ")[0]";
  }

  private static String text(String map, String field) {
    return "(has(" + map + "." + field + ") && type(" + map + "." + field + ") == string ? " + map + "." + field + " : '')";
  }

  private static String integral(String value, String has) {
    return "(" + has + " && (type(" + value + ") == int || (type(" + value + ") == double && " + value
        + " == double(int(" + value + ")))))";
  }

  private static String name(String s) {
    return s + ".substring(" + s + ".lastIndexOf('/') + 1)";
  }

  /** Whether a name is one of the words or ends with one. */
  private static String namedBy(String n, String words, boolean none) {
    if (none) {
      return "false";
    }
    return words + ".exists(w, " + n + " == w || (size(" + n + ") > size(w) && " + n + ".endsWith(w)))";
  }

  /**
   * Whether a name names work under way: it is or ends with one of the words, or, where the vocabulary
   * gives it no polarity ({@code vocabulary} is ""), it starts with one followed by a capital.
   */
  private static String workUnderWay(String n, String vocabulary, ExportData d) {
    if (d.workUnderWay().isEmpty()) {
      return "false";
    }
    String upper = n + ".charAt(size(w))";
    return "(" + namedBy(n, "ww", false) + " || (" + vocabulary + " == '' && ww"
        + ".exists(w, size(" + n + ") > size(w) && " + n + ".startsWith(w) && " + upper + ".upperAscii() == " + upper
        + " && " + upper + ".lowerAscii() != " + upper + ")))";
  }

  private static String or(List<String> terms) {
    return terms.isEmpty() ? "false" : terms.stream().collect(Collectors.joining(" || ", "(", ")"));
  }

  private static String and(List<String> terms) {
    return terms.isEmpty() ? "true" : terms.stream().collect(Collectors.joining(" && ", "(", ")"));
  }

  private static String list(List<String> items) {
    return items.stream().map(FluxCelExport::cel).collect(Collectors.joining(", ", "[", "]"));
  }

  private static String pairs(List<Map.Entry<String, String>> entries) {
    return entries.stream().map(e -> "[" + cel(e.getKey()) + ", " + cel(e.getValue()) + "]")
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String map(Map<String, String> entries) {
    return entries.entrySet().stream().map(e -> cel(e.getKey()) + ": " + cel(e.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  static String cel(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'";
  }

  /** The summary the entry judges by, for messages. */
  static String describe(KindContract contract) {
    return contract.declaredSummary().map(Known::value).map(Summary::describe).orElse("Ready or Succeeded, where present");
  }
}
