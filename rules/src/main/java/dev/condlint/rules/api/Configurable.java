package dev.condlint.rules.api;

/**
 * A rule that takes options ({@code rules.<id>.options} in the configuration): a record, one component
 * per option, read from the configuration by Jackson once, when the engine is built, and handed back to
 * the rule's checks by {@link Check#options(Configurable)}. A component's name is its key, its type the
 * kind of value it takes (a string, a boolean, an integer, a list of strings, or a {@code Duration} in
 * Go syntax, where {@code none} and {@code 0} read as zero: off), and its
 * {@code @JsonPropertyDescription} what it does. The configuration loader and its JSON Schema take
 * exactly these keys and values, and report a bad one at its key. An option the configuration does not
 * set is {@code null} (zero or false for a primitive): the rule chooses its default.
 */
public interface Configurable<O extends Record> {

  /** The record this rule's options are read into. */
  Class<O> optionsType();
}
