package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.engine.ContractView;
import dev.condlint.rules.contract.Known;
import dev.condlint.model.ContractBasis;
import dev.condlint.rules.contract.ShownConditions;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.Polarity;
import dev.condlint.rules.contract.Summary;
import dev.condlint.rules.contract.TypeVocabulary;
import dev.condlint.rules.schema.ConditionColumn;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Assesses objects' health from the contracts an engine resolves (configuration, CRDs, catalogue,
 * profile): what {@code condlint health} prints. Safe to share across threads.
 */
public final class HealthAssessor {
  private final ContractView contracts;
  private final Map<String, KindContract> byKind = new ConcurrentHashMap<>();

  public HealthAssessor(ContractView contracts) {
    this.contracts = contracts;
  }

  /** The health of an object, with kstatus's results as of {@code now}. */
  public Assessment assess(JsonNode object, Instant now) {
    return assess(object, Optional.of(now));
  }

  /** The health of an object; without a reference time, nothing of it depends on the clock (a file's object). */
  public Assessment assess(JsonNode object, Optional<Instant> now) {
    return Judgement.assess(object, contractOf(object), now);
  }

  /** What the judgement reads of the object's kind. */
  public KindContract contractOf(JsonNode object) {
    ObjectRef ref = ObjectRef.of(object);
    return byKind.computeIfAbsent(ref.apiVersion() + "|" + ref.kind(), k -> {
      ObjectRef kind = new ObjectRef(ref.apiVersion(), ref.kind(), "", "");
      List<KindContract.Nested> nested = new ArrayList<>();
      for (String path : contracts.resolver().declaredListPaths(kind)) {
        Matcher m = ENTRY_CONDITIONS.matcher(path);
        if (m.matches()) {
          ListContract list = contracts.declared(object, path);
          list.summary().filter(Known::isDeclared)
              .ifPresent(s -> nested.add(new KindContract.Nested(m.group(1), list, s.value())));
        }
      }
      ListContract declared = contracts.declared(object, ListPath.TOP_LEVEL);
      TypeVocabulary vocabulary = contracts.resolver().catalogue().vocabulary();
      Optional<Known<Summary>> shown = declared.summary().filter(Known::isDeclared).isPresent() ? Optional.empty()
          : shownSummary(kind, declared, vocabulary);
      return new KindContract(kind, declared, vocabulary, nested, shown);
    });
  }

  /**
   * The condition the kind's CRD shows in a printer column ({@code .status.conditions[?(@.type=="Ready")].status}):
   * the kind's own API telling its users which condition to watch. Taken as the summary only where exactly
   * one such column shows a type condlint knows True is the healthy state of (declared for the kind, or
   * by the vocabulary's cited names); else nothing.
   */
  private Optional<Known<Summary>> shownSummary(ObjectRef kind, ListContract declared, TypeVocabulary vocabulary) {
    Optional<ShownConditions> shown = contracts.resolver().conditionColumns(kind);
    if (shown.isEmpty()) {
      return Optional.empty();
    }
    Map<String, ConditionColumn> positive = new LinkedHashMap<>();
    for (ConditionColumn c : shown.get().columns()) {
      Optional<Known<Polarity>> p = declared.polarity(c.type()).filter(Known::isDeclared).or(() -> vocabulary.polarity(c.type()));
      if (p.isPresent() && p.get().value() == Polarity.NORMAL_TRUE) {
        positive.putIfAbsent(c.type(), c);
      }
    }
    if (positive.size() != 1) {
      return Optional.empty();
    }
    ConditionColumn c = positive.values().iterator().next();
    return Optional.of(new Known<>(new Summary(List.of(c.type()), false),
        new ContractBasis(shown.get().source(), "summary from printer column " + c.name() + " of " + shown.get().crd(),
            shown.get().origin())));
  }

  /** {@code status.FIELD[].conditions}: the conditions of each entry of a list in status. */
  private static final Pattern ENTRY_CONDITIONS = Pattern.compile("status\\.([A-Za-z0-9_]+)\\[\\]\\.conditions");
}
