package dev.condlint.rules.api;

import dev.condlint.model.ContractBasis;

import dev.condlint.model.KubernetesGroups;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Position;
import dev.condlint.model.Severity;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.profile.ProfileSettings;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a rule sees while it runs, and where it reports: the profile and options in force, the
 * reference time, and {@link #report}. One instance per rule and document; not shared across
 * threads.
 */
public abstract sealed class Check permits ObjectCheck, CrdCheck, TransitionCheck, SuppressionCheck {

  /**
   * A finding as a rule reports it, before the engine positions and filters it; {@code at} is where it
   * stands when that is not where its pointer does (a comment in the source has no pointer); {@code basis}
   * what the rule knew of the condition type to say it; {@code missingField} the required field that is
   * absent, for the findings the engine merges per condition and lowers to info where the source marks
   * the mapping that lacks it as partial ({@link dev.condlint.model.SourceMap#partial}).
   */
  public record Report(
      String pointer,
      String message,
      String hint,
      Severity cap,
      Optional<Position> at,
      Optional<ContractBasis> basis,
      Optional<String> missingField) {

    Report(String pointer, String message, String hint, Severity cap, Optional<Position> at) {
      this(pointer, message, hint, cap, at, Optional.empty(), Optional.empty());
    }
  }

  private final ObjectRef ref;
  private final Profile profile;
  private final Object options;
  private final Optional<Instant> now;
  private final List<Report> reports;
  /** {@link #isBuiltinKind()}, once asked: rules ask it for every condition. */
  private Boolean builtinKind;

  /**
   * @param options the rule's options record, read from the configuration, when it is {@link Configurable};
   *     else {@code null}
   */
  protected Check(ObjectRef ref, Profile profile, Object options, Optional<Instant> now, List<Report> reports) {
    this.ref = ref;
    this.profile = profile;
    this.options = options;
    this.now = now;
    this.reports = reports;
  }

  public ObjectRef ref() {
    return ref;
  }

  public Profile profile() {
    return profile;
  }

  public ProfileSettings settings() {
    return profile.settings();
  }

  /** The options {@code rule}, the rule running this check, read from the configuration. */
  public <O extends Record> O options(Configurable<O> rule) {
    return rule.optionsType().cast(options);
  }

  /** The reference time for time-based rules; empty when the front end gave none. */
  public Optional<Instant> now() {
    return now;
  }

  /** Whether the object is of a kind the API server itself serves (Pod, Deployment, ...). */
  public boolean isBuiltinKind() {
    if (builtinKind == null) {
      builtinKind = KubernetesGroups.isBuiltIn(ref.group());
    }
    return builtinKind;
  }

  /**
   * Reports a finding at the rule's configured severity.
   *
   * @param pointer the offending node; for a missing field, the field's would-be pointer
   * @param message what is wrong and why
   * @param hint how to fix it
   */
  public void report(String pointer, String message, String hint) {
    reports.add(new Report(pointer, message, hint, Severity.ERROR, Optional.empty()));
  }

  /**
   * Reports a case that is at most {@code cap} severe (B04's Unknown case is info, A03's Go limits on
   * custom resources a warning): the finding gets the lesser of {@code cap} and the rule's level,
   * unless the user set the rule's level explicitly.
   */
  public void report(Severity cap, String pointer, String message, String hint) {
    reports.add(new Report(pointer, message, hint, cap, Optional.empty()));
  }

  /**
   * Reports a finding that rests on what condlint knows of the object's condition type: in the
   * webhook's enforce mode, one that rests on an inferred contract warns instead of denying.
   */
  public void report(ContractBasis basis, Severity cap, String pointer, String message, String hint) {
    reports.add(new Report(pointer, message, hint, cap, Optional.empty(), Optional.of(basis), Optional.empty()));
  }

  /**
   * {@link #report(ContractBasis, Severity, String, String, String)} where the basis may be absent
   * (the finding rests on no contract part); at the rule's level.
   */
  public void report(Optional<ContractBasis> basis, String pointer, String message, String hint) {
    reports.add(new Report(pointer, message, hint, Severity.ERROR, Optional.empty(), basis, Optional.empty()));
  }

  /**
   * Reports that a field the condition type requires is absent, at the field's would-be pointer; the
   * finding names the field ({@link dev.condlint.model.Finding#missingField}).
   */
  public void reportMissing(ContractBasis basis, String field, String pointer, String message, String hint) {
    reportMissing(basis, Severity.ERROR, field, pointer, message, hint);
  }

  /** As {@link #reportMissing(ContractBasis, String, String, String, String)}, at most at {@code cap}. */
  public void reportMissing(
      ContractBasis basis, Severity cap, String field, String pointer, String message, String hint) {
    reports.add(new Report(pointer, message, hint, cap, Optional.empty(), Optional.of(basis), Optional.of(field)));
  }

  /**
   * Reports that a field is absent (or null where its schema wants a value), resting on no condition
   * contract, at most at {@code cap}. Where the source marks the mapping that lacks it as partial (an
   * example that says it leaves fields out), the engine reports it at info ({@link Report#missingField}).
   */
  public void reportAbsent(Severity cap, String field, String pointer, String message, String hint) {
    reportAbsent(Optional.empty(), cap, field, pointer, message, hint);
  }

  /** {@link #reportAbsent(Severity, String, String, String, String)} resting on a contract part, if any. */
  public void reportAbsent(
      Optional<ContractBasis> basis, Severity cap, String field, String pointer, String message, String hint) {
    reports.add(new Report(pointer, message, hint, cap, Optional.empty(), basis, Optional.of(field)));
  }

  /** Adds a report that a subclass built, for the findings that stand somewhere other than at a node. */
  void add(Report report) {
    reports.add(report);
  }
}
