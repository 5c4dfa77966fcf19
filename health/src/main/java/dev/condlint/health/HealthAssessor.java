package dev.condlint.health;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.contract.ListPath;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.engine.ContractView;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
    return byKind.computeIfAbsent(ref.apiVersion() + "|" + ref.kind(), k -> new KindContract(
        new ObjectRef(ref.apiVersion(), ref.kind(), "", ""),
        contracts.declared(object, ListPath.TOP_LEVEL),
        contracts.resolver().catalogue().vocabulary()));
  }
}
