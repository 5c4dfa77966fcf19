package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.engine.ContractView;
import dev.condlint.rules.contract.Known;
import dev.condlint.rules.contract.ListContract;
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
      return new KindContract(kind, contracts.declared(object, ListPath.TOP_LEVEL),
          contracts.resolver().catalogue().vocabulary(), nested);
    });
  }

  /** {@code status.FIELD[].conditions}: the conditions of each entry of a list in status. */
  private static final Pattern ENTRY_CONDITIONS = Pattern.compile("status\\.([A-Za-z0-9_]+)\\[\\]\\.conditions");
}
