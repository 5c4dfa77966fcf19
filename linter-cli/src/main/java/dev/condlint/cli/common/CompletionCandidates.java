package dev.condlint.cli.common;

import dev.condlint.cli.report.Format;
import dev.condlint.cli.report.ListFormat;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.catalogue.BuiltInProfiles;
import dev.condlint.rules.catalogue.BuiltInRules;
import dev.condlint.rules.kstatus.Flavour;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The values shell completion offers for options: enum values written as users type them (in lower
 * case, as the help shows them), and the names of profiles and rules. picocli creates these with
 * every command's model, so the values are computed only when completion asks for them.
 */
public abstract class CompletionCandidates implements Iterable<String> {
  private final Supplier<List<String>> values;

  protected CompletionCandidates(Supplier<List<String>> values) {
    this.values = values;
  }

  protected CompletionCandidates(Enum<?>[] constants) {
    this(() -> Arrays.stream(constants).map(c -> c.name().toLowerCase(Locale.ROOT)).toList());
  }

  @Override
  public Iterator<String> iterator() {
    return values.get().iterator();
  }

  static final class Formats extends CompletionCandidates {
    Formats() {
      super(Format.values());
    }
  }

  static final class FailOnLevels extends CompletionCandidates {
    FailOnLevels() {
      super(FailOn.values());
    }
  }

  public static final class ListFormats extends CompletionCandidates {
    ListFormats() {
      super(ListFormat.values());
    }
  }

  public static final class Flavours extends CompletionCandidates {
    Flavours() {
      super(Flavour.values());
    }
  }

  static final class ProfileNames extends CompletionCandidates {
    ProfileNames() {
      super(BuiltInProfiles::names);
    }
  }

  static final class RuleIds extends CompletionCandidates {
    RuleIds() {
      super(() -> BuiltInRules.registry().rules().stream().map(Rule::id).toList());
    }
  }
}
