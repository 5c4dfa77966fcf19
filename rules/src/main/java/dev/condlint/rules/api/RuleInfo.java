package dev.condlint.rules.api;

import dev.condlint.model.Severity;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A rule's metadata, on the rule's class, as Error Prone's {@code @BugPattern} is: the registry, the
 * {@code rules} command and the generated reference all read it from here.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RuleInfo {
  /** Stable kebab-case id, as in CONVENTIONS.md (e.g. {@code condition-type-required}). */
  String id();

  /** The catalogue's reading-order code (e.g. {@code A02}); empty for rules outside the catalogue. */
  String code() default "";

  /** One line: what the rule checks. */
  String title();

  /** Severity in the default {@code k8s} profile; profiles and configuration may change it. */
  Severity severity();

  Scope scope();

  /** Why the convention exists, in a few sentences. */
  String rationale();

  /** Where the convention comes from (documents, code paths). */
  String source();

  /**
   * Whether the rule applies to conditions of built-in kinds (Pod, Node, Deployment, ...). Their
   * condition types are not {@code metav1.Condition} (PodCondition has an optional reason and no
   * observedGeneration), so the rules that model metav1's requiredness skip them.
   */
  boolean builtinKinds() default true;

  /**
   * False for rules that are off unless a profile or the configuration turns them on (for example
   * the Flux-only checks); {@link #severity()} is then their severity once on.
   */
  boolean onByDefault() default true;

  /** True only for rules that need the YAML source (e.g. unquoted scalars); the webhook sees JSON. */
  boolean needsSource() default false;

  /**
   * True for rules whose findings repeat, less helpfully, what other rules say (the CRD schema rules:
   * a missing condition message breaks the item schema too). The engine drops such a finding where a
   * finding of another rule that survives suppression is on the same node and at least as severe.
   */
  boolean stepsBackForOtherRules() default false;
}
