package dev.condlint.rules.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a rule that demands or forbids condition fields reports by a condition schema condlint inferred
 * rather than was told, rung by rung of the evidence ladder (docs/contracts.md): {@code condlint explain}
 * shows from this, per rule, whether an object's inferred contract turns the rule on, and a test holds
 * it to what the rule reports. A rung left empty reports nothing.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface InferredSchemaUse {
  /** What it reports where the evidence holds the values present to the schema ({@code Known.Hold.VALUES}). */
  String values() default "";

  /**
   * The claim on the values {@link #values()} rests on ({@code closed}, {@code reason.minLength}): reported at
   * warning only where the rung makes it ({@code Known.claims}); empty: any rung that holds the values.
   */
  String claim() default "";

  /** What it reports, as an info naming metav1.Condition's convention, where the rung does not make {@link #claim()}. */
  String valuesInfo() default "";

  /**
   * What it also reports where the evidence asks for the absent field {@link #field()} ({@code Known.Hold.FIELDS},
   * or a rung whose {@code asks} names the field).
   */
  String fields() default "";

  /** The field whose absence {@link #fields()} reports. */
  String field() default "";

  /**
   * What it reports on any list nothing declares, whatever the evidence, where the catalogue has the ladder's
   * bottom rung (families.json {@code unfamiliarFields}): a field no condition family has.
   */
  String unfamiliar() default "";
}
