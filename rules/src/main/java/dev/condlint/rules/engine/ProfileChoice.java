package dev.condlint.rules.engine;

import dev.condlint.model.ContractBasis;
import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.contract.ConditionFamily;
import dev.condlint.rules.contract.ListSpec;
import dev.condlint.rules.contract.ProfileKnowledge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.model.ObjectRef;
import dev.condlint.rules.config.Config;
import dev.condlint.rules.profile.Profile;
import dev.condlint.rules.profile.ProfileNames;
import dev.condlint.rules.profile.ProfileResolver;
import dev.condlint.rules.schema.CrdVersion;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which profile an object gets: the one its API group resolves to, with the configuration's settings
 * applied (computed once per profile name), and what the profile says of the object's conditions. Safe to share across threads.
 */
final class ProfileChoice {
  private final Ruleset ruleset;
  private final Config config;
  private final ProfileResolver resolver;
  private final Map<String, Profile> effective = new ConcurrentHashMap<>();
  private final Map<ProfileResolver.Choice, ProfileKnowledge> knowledge = new ConcurrentHashMap<>();
  /**
   * The choice for each kind met so far, by apiVersion and kind: a choice reads the catalogue's entries,
   * which cost more than the rest of a small object's rules when looked up for every object. At most
   * {@link #MAX_KINDS} kinds are kept; past that a kind's choice is worked out each time.
   */
  private final Map<KindKey, ProfileResolver.Choice> choices = new ConcurrentHashMap<>();
  private static final int MAX_KINDS = 4096;

  private record KindKey(String apiVersion, String kind) {}

  ProfileChoice(Ruleset ruleset, Config config) {
    this.ruleset = ruleset;
    this.config = config;
    this.resolver =
        new ProfileResolver(
            config.forcedProfile().orElse(null), config.groupProfiles(), config.profile().orElse(null),
            ruleset.catalogue().profiles());
    for (String name : profileNamesIn(config)) {
      if (ruleset.profile(name).isEmpty()) {
        throw new IllegalArgumentException(
            "unknown profile '" + name + "' (known: " + String.join(", ", ruleset.profileNames()) + ")");
      }
    }
  }

  /** The profile for an object or, for a CRD, for its group and storage version. */
  Profile forObject(JsonNode object) {
    return forObject(object, ObjectRef.of(object));
  }

  /** {@link #forObject(JsonNode)} of an object whose reference is {@code ref}. */
  Profile forObject(JsonNode object, ObjectRef ref) {
    if (ref.isCustomResourceDefinition()) {
      return forVersion(object.path("spec").path("group").asText(""), storageVersion(object));
    }
    return named(choose(ref).name());
  }

  /**
   * The resolver's choice; where that is only the built-in fallback (k8s), the profile whose condition
   * family the catalogue gives the kind's {@code status.conditions}, when exactly one profile other than
   * k8s holds that family (KServe's InferenceService: Knative's apis.Condition, so the knative profile).
   */
  private ProfileResolver.Choice choose(ObjectRef ref) {
    KindKey key = new KindKey(ref.apiVersion(), ref.kind());
    ProfileResolver.Choice known = choices.get(key);
    if (known != null) {
      return known;
    }
    ProfileResolver.Choice choice = chooseAfresh(ref);
    if (choices.size() < MAX_KINDS) {
      choices.putIfAbsent(key, choice);
    }
    return choice;
  }

  private ProfileResolver.Choice chooseAfresh(ObjectRef ref) {
    ProfileResolver.Choice choice = resolver.choose(ref.group(), ref.version());
    if (choice.reason() != ProfileResolver.Reason.BUILT_IN || !choice.name().equals(ProfileNames.K8S)) {
      return choice;
    }
    Optional<String> family = ruleset.catalogue().entriesFor(ref.group(), ref.version(), ref.kind(), Set.of()).stream()
        .map(e -> e.listAt("status.conditions").flatMap(ListSpec::family))
        .flatMap(Optional::stream)
        .map(ConditionFamily::id)
        .findFirst();
    if (family.isEmpty()) {
      return choice;
    }
    List<String> holders = ruleset.profileNames().stream()
        .filter(n -> ruleset.profile(n).flatMap(p -> p.settings().conventions().family())
            .filter(f -> f.id().equals(family.get())).isPresent())
        .toList();
    return holders.size() == 1 && !holders.get(0).equals(ProfileNames.K8S)
        ? new ProfileResolver.Choice(holders.get(0), ProfileResolver.Reason.FAMILY)
        : choice;
  }

  /** The profile for objects of an API group and version. */
  Profile forVersion(String group, String version) {
    return named(resolver.resolve(group, version));
  }

  Profile named(String name) {
    return effective.computeIfAbsent(
        name,
        n -> {
          Profile p = ruleset.profile(n).orElseThrow(() -> new IllegalArgumentException("unknown profile " + n));
          return p.withSettings(config.settings().applyTo(p.settings()));
        });
  }

  /**
   * What the profile of the object's own group says of its own condition list (for a CRD, that of
   * apiextensions.k8s.io, not of the group it defines), and whether it vouches for the kinds'
   * condition family: only a profile the user chose for named groups ({@code groups}) or for every
   * object ({@code --profile}) does; a default or built-in choice gives its polarities and summaries.
   */
  ProfileKnowledge knowledgeFor(JsonNode object) {
    return knowledgeFor(object, ObjectRef.of(object));
  }

  /** {@link #knowledgeFor(JsonNode)} of an object whose reference is {@code ref}. */
  ProfileKnowledge knowledgeFor(JsonNode object, ObjectRef ref) {
    return knowledge.computeIfAbsent(choose(ref), this::knowledge);
  }

  private ProfileKnowledge knowledge(ProfileResolver.Choice choice) {
    Profile profile = named(choice.name());
    ProfileResolver.Reason reason = choice.reason();
    String how = switch (reason) {
      case FORCED -> "--profile " + profile.name();
      case GROUP -> "profile " + profile.name() + ", chosen for the group in .condlint.yaml";
      case DEFAULT -> "profile " + profile.name() + ", the configured default";
      case BUILT_IN -> "profile " + profile.name() + ", chosen by the built-in group mapping";
      case FAMILY -> "profile " + profile.name() + ", chosen by the kind's condition family in condlint's catalogue";
    };
    ContractBasis.Source source =
        reason == ProfileResolver.Reason.BUILT_IN || reason == ProfileResolver.Reason.FAMILY
            ? ContractBasis.Source.CATALOGUE
            : ContractBasis.Source.CONFIG;
    boolean chosen = reason == ProfileResolver.Reason.GROUP || reason == ProfileResolver.Reason.FORCED;
    return new ProfileKnowledge(profile.settings().conventions(), new ContractBasis(source, how), chosen);
  }

  private static String storageVersion(JsonNode crd) {
    for (JsonNode v : crd.path("spec").path("versions")) {
      if (v.path("storage").asBoolean(false)) {
        return v.path("name").asText("");
      }
    }
    return "";
  }

  private static Set<String> profileNamesIn(Config config) {
    Set<String> names = new LinkedHashSet<>(config.groupProfiles().values());
    config.profile().ifPresent(names::add);
    config.forcedProfile().ifPresent(names::add);
    return names;
  }
}
