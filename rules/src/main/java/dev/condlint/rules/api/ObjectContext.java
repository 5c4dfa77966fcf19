package dev.condlint.rules.api;

import dev.condlint.rules.contract.ContractResolver;
import dev.condlint.rules.contract.ListContract;
import dev.condlint.rules.contract.ObjectContract;
import dev.condlint.rules.contract.ProfileKnowledge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.Condition;
import dev.condlint.model.ConditionList;
import dev.condlint.model.ObjectRef;
import dev.condlint.model.Pointers;
import dev.condlint.rules.kstatus.KstatusCompute;
import dev.condlint.rules.kstatus.KstatusException;
import dev.condlint.rules.kstatus.KstatusResult;
import dev.condlint.rules.schema.CrdCatalog;
import dev.condlint.rules.schema.CrdVersion;
import dev.condlint.rules.schema.SchemaViolation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;

/**
 * The work that the rules of one object share, each piece computed lazily and at most once,
 * whichever rule asks first: the object's condition lists and all their conditions, their contracts,
 * its CRD and schema violations, and what kstatus computes for it.
 * Like the rest of one evaluation, an instance is used by one thread.
 */
public final class ObjectContext {
  private final CrdCatalog catalog;
  private final Optional<CrdVersion> crd;
  private final JsonNode object;
  private final ObjectRef ref;
  private final Optional<Instant> now;
  private final List<ConditionList> conditionLists;
  private List<Condition> allConditions;
  private List<PreparedList> preparedLists;
  private List<SchemaViolation> violations;
  private Optional<KstatusResult> kstatus;
  private final ContractResolver contracts;
  private final ProfileKnowledge profileKnowledge;
  private ObjectContract contract;
  /** The contract of each condition's list, by condition instance (the rules share them), once asked. */
  private IdentityHashMap<Condition, ListContract> byCondition;
  /** The first list and its contract, once {@link #contractOf(Condition)} is asked; null without one. */
  private ConditionList firstList;
  private ListContract firstContract;
  private boolean firstKnown;
  /** What {@link #shared} computed, by key. */
  private java.util.Map<Object, Object> shared;
  /** The {@link ListFact}s of the first list ({@link #firstContract}), by the fact's id, once one is asked. */
  private Object[] firstFacts;
  /** The {@link ListFact}s of the other lists, by their contract (one instance per list), once one is asked. */
  private IdentityHashMap<ListContract, Object[]> otherFacts;
  /**
   * The facts {@linkplain ListFact#ofList of the lists} other than the first, by list instance (what they
   * say depends on the list's conditions, so not by contract), once one is asked.
   */
  private IdentityHashMap<ConditionList, Object[]> otherListFacts;

  public ObjectContext(
      CrdCatalog catalog,
      Optional<CrdVersion> crd,
      JsonNode object,
      Optional<Instant> now,
      List<ConditionList> conditionLists,
      ContractResolver contracts,
      ProfileKnowledge profileKnowledge) {
    this(catalog, crd, object, ObjectRef.of(object), now, conditionLists, contracts, profileKnowledge);
  }

  /** As above, for an object whose reference the caller has worked out ({@code ref}). */
  public ObjectContext(
      CrdCatalog catalog,
      Optional<CrdVersion> crd,
      JsonNode object,
      ObjectRef ref,
      Optional<Instant> now,
      List<ConditionList> conditionLists,
      ContractResolver contracts,
      ProfileKnowledge profileKnowledge) {
    this.contracts = contracts;
    this.profileKnowledge = profileKnowledge;
    this.catalog = catalog;
    this.crd = crd;
    this.object = object;
    this.ref = ref;
    this.now = now;
    this.conditionLists = conditionLists;
  }

  dev.condlint.rules.contract.Catalogue catalogue() {
    return contracts.catalogue();
  }

  List<ConditionList> conditionLists() {
    return conditionLists;
  }

  /**
   * Every condition of every condition list that condlint can judge, in list order (unmodifiable). A
   * list that no declared source describes and none of whose items has a {@code type} is no list of
   * typed conditions (Volcano's JobCondition is a phase history): nothing there is checked as one,
   * unless every item's status is "True", "False" or "Unknown", which only a typed condition has
   * ({@link ConditionList#isUntypedWithConditionStatuses()}).
   */
  List<Condition> allConditions() {
    if (allConditions == null) {
      List<Condition> all = new ArrayList<>();
      for (PreparedList list : preparedLists()) {
        all.addAll(list.list().conditions());
      }
      allConditions = Collections.unmodifiableList(all);
    }
    return allConditions;
  }

  /**
   * A {@link PreparedList} of each list whose conditions {@link #allConditions()} holds, in the same
   * order (their conditions, one after another, are {@link #allConditions()}); built on first use.
   */
  List<PreparedList> preparedLists() {
    if (preparedLists == null) {
      List<PreparedList> all = new ArrayList<>();
      for (ConditionList list : conditionLists) {
        if (isJudged(list)) {
          all.add(new PreparedList(list));
        }
      }
      preparedLists = Collections.unmodifiableList(all);
    }
    return preparedLists;
  }

  private boolean isJudged(ConditionList list) {
    return list.hasTypedCondition() || list.isUntypedWithConditionStatuses()
        || contract().list(list.pointer()).flatMap(ListContract::declaredSchema).isPresent();
  }

  /** The contract of each of the object's condition lists, resolved on first use. */
  ObjectContract contract() {
    if (contract == null) {
      contract = contracts.resolve(object, ref, conditionLists, profileKnowledge);
    }
    return contract;
  }

  /** The object's first list and its contract (null where there is none), looked up once. */
  private void knowFirst() {
    if (!firstKnown) {
      firstList = conditionLists.isEmpty() ? null : conditionLists.get(0);
      firstContract = firstList == null ? null : contract().list(firstList.pointer()).orElse(null);
      firstKnown = true;
    }
  }

  /** Whether {@code condition} is one of the first list's conditions (that list has a contract). */
  private boolean inFirst(Condition condition) {
    knowFirst();
    return firstContract != null && condition.isIn(firstList);
  }

  /** The contract of one of the object's condition lists; the first list's without a lookup. */
  ListContract contractOf(ConditionList list) {
    knowFirst();
    if (list == firstList && firstContract != null) {
      return firstContract;
    }
    return contract().list(list.pointer()).orElseThrow();
  }

  /**
   * The contract of the list that holds {@code condition}, one of {@link #allConditions()}: most rules
   * ask it of every condition, so the list's pointer is worked out once per condition, not per rule.
   */
  ListContract contractOf(Condition condition) {
    // Most objects have one list, /status/conditions: its conditions know it, one comparison, cheaper
    // than finding them by position or an identity hash (rules ask this of every condition, several times each).
    if (inFirst(condition)) {
      return firstContract;
    }
    if (byCondition == null) {
      // Every condition of a list has the list's contract: each list's is looked up once, not once per
      // condition (a 20 KB status has dozens), and the shared condition instances map to it.
      byCondition = new IdentityHashMap<>();
      for (ConditionList list : conditionLists) {
        if (list == firstList && firstContract != null) {
          continue; // found by position above
        }
        Optional<ListContract> listContract = contract().list(list.pointer());
        if (listContract.isPresent()) {
          for (Condition c : list.conditions()) {
            byCondition.put(c, listContract.get());
          }
        }
      }
    }
    ListContract known = byCondition.get(condition);
    if (known == null) {
      known = contract().list(Pointers.parent(condition.pointer())).orElseThrow();
      byCondition.put(condition, known);
    }
    return known;
  }

  /**
   * A value that depends only on {@code key} and on what is fixed for this object (its contracts, its
   * profile's settings, the catalogue), computed on first use: several rules ask the same of every
   * condition of a list.
   */
  @SuppressWarnings("unchecked")
  <K, V> V shared(K key, java.util.function.Function<? super K, ? extends V> compute) {
    if (shared == null) {
      shared = new java.util.HashMap<>();
    }
    Object known = shared.get(key);
    if (known == null) {
      known = compute.apply(key);
      shared.put(key, known);
    }
    return (V) known;
  }

  /**
   * The value of {@code fact} for the list that holds {@code condition}, one of {@link #allConditions()}:
   * computed on first use per list, then read from the list's slots.
   */
  @SuppressWarnings("unchecked")
  <V> V fact(ListFact<V> fact, ObjectCheck check, Condition condition) {
    Object[] facts;
    ListContract contract;
    if (inFirst(condition) || (contract = contractOf(condition)) == firstContract) {
      facts = firstSlots(fact);
    } else {
      if (otherFacts == null) {
        otherFacts = new IdentityHashMap<>();
      }
      facts = slotsIn(otherFacts, contract, fact);
    }
    Object value = facts[fact.id];
    if (value == null) {
      value = fact.compute(check, condition);
      facts[fact.id] = value;
    }
    return (V) value;
  }

  /**
   * The value of {@code fact} (one {@linkplain ListFact#ofList of the list}) for {@code list}: computed on
   * first use per list, then read from the list's slots. The first list shares its slots with the facts
   * of its conditions (the ids differ); equal lists of other instances have slots of their own.
   */
  @SuppressWarnings("unchecked")
  <V> V fact(ListFact<V> fact, ObjectCheck check, ConditionList list) {
    knowFirst();
    Object[] facts;
    if (list == firstList && firstContract != null) {
      facts = firstSlots(fact);
    } else {
      if (otherListFacts == null) {
        otherListFacts = new IdentityHashMap<>();
      }
      facts = slotsIn(otherListFacts, list, fact);
    }
    Object value = facts[fact.id];
    if (value == null) {
      value = fact.compute(check, list);
      facts[fact.id] = value;
    }
    return (V) value;
  }

  /** The first list's slots, grown where too few for {@code fact}. */
  private Object[] firstSlots(ListFact<?> fact) {
    Object[] facts = firstFacts;
    if (facts == null || fact.id >= facts.length) {
      facts = firstFacts = slotsFor(facts, fact);
    }
    return facts;
  }

  /** The slots {@code others} keeps for {@code key}, made or grown (and kept) where none or too few for {@code fact}. */
  private static <K> Object[] slotsIn(IdentityHashMap<K, Object[]> others, K key, ListFact<?> fact) {
    Object[] known = others.get(key);
    Object[] facts = slotsFor(known, fact);
    if (facts != known) {
      others.put(key, facts);
    }
    return facts;
  }

  /** {@code slots}, or new ones (with {@code slots}' values) where there are none or too few for {@code fact}. */
  private static Object[] slotsFor(Object[] slots, ListFact<?> fact) {
    if (slots != null && fact.id < slots.length) {
      return slots;
    }
    Object[] grown = new Object[Math.max(fact.id + 1, ListFact.count())];
    if (slots != null) {
      System.arraycopy(slots, 0, grown, 0, slots.length);
    }
    return grown;
  }

  CrdCatalog catalog() {
    return catalog;
  }

  Optional<CrdVersion> crd() {
    return crd;
  }

  List<SchemaViolation> violations() {
    if (violations == null) {
      violations = crd.map(c -> c.validator().validate(object)).orElse(List.of());
    }
    return violations;
  }

  /** kstatus's status as of {@code now} (else the clock), or empty where kstatus returns an error. */
  Optional<KstatusResult> kstatus() {
    if (kstatus == null) {
      try {
        kstatus = Optional.of(now.isPresent() ? KstatusCompute.compute(object, now.get()) : KstatusCompute.compute(object));
      } catch (KstatusException e) {
        kstatus = Optional.empty();
      }
    }
    return kstatus;
  }
}
