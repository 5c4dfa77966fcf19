package dev.condlint.cli.common;

import dev.condlint.cli.report.Format;
import dev.condlint.cli.report.ListFormat;
import dev.condlint.rules.api.Rule;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.kstatus.Flavour;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * The values shell completion offers for options: enum values written as users type them (in lower
 * case, as the help shows them), and the names of profiles and rules of the ruleset in use. picocli
 * creates these with every command's model ({@link #factory}), so the values are computed only when
 * completion asks for them.
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

  /** picocli's factory, which gives the candidates that name profiles and rules those of {@code ruleset}. */
  public static CommandLine.IFactory factory(Ruleset ruleset) {
    CommandLine.IFactory defaults = CommandLine.defaultFactory();
    return new CommandLine.IFactory() {
      @Override
      public <K> K create(Class<K> type) throws Exception {
        if (type == ProfileNames.class) {
          return type.cast(new ProfileNames(ruleset));
        }
        if (type == RuleIds.class) {
          return type.cast(new RuleIds(ruleset));
        }
        return defaults.create(type);
      }
    };
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

  static final class SeverityLevels extends CompletionCandidates {
    SeverityLevels() {
      super(MinSeverity.values());
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
    ProfileNames(Ruleset ruleset) {
      super(ruleset::profileNames);
    }
  }

  static final class RuleIds extends CompletionCandidates {
    RuleIds(Ruleset ruleset) {
      super(() -> ruleset.registry().rules().stream().map(Rule::id).toList());
    }
  }
}
