package dev.condlint.rules.kstatus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.condlint.rules.kstatus.Unstructured.BasicCondition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * kstatus's {@code Compute} (kubernetes-sigs/cli-utils {@code pkg/kstatus/status}, or the Flux fork's,
 * as {@link Flavour} says) on a Jackson tree:
 * the status Flux, kpt and cli-utils would give an object. The checks run in kstatus's order and the
 * first that decides wins: deletion, the {@code !=} generation check, the first {@code Reconciling}
 * or {@code Stalled} condition that is {@code "True"}, the legacy rule of a built-in kind, the first
 * {@code Ready} condition, and otherwise Current.
 */
public final class KstatusCompute {
  private KstatusCompute() {}

  /**
   * Computes the upstream status without a reference time: a Pod pending unschedulable is InProgress
   * (only pending Pods depend on the time), so the result does not change with the day.
   */
  public static KstatusResult compute(JsonNode object) {
    return compute(object, Optional.empty(), Flavour.UPSTREAM);
  }

  /**
   * Computes the upstream status with {@code now} as the reference time.
   *
   * @throws KstatusException where kstatus returns an error, e.g. for a generation that is not an
   *     integer
   */
  public static KstatusResult compute(JsonNode object, Instant now) {
    return compute(object, now, Flavour.UPSTREAM);
  }

  /**
   * Computes the status the given flavour of kstatus gives, with {@code now} as the reference time.
   *
   * @throws KstatusException where kstatus returns an error, in every flavour alike
   */
  public static KstatusResult compute(JsonNode object, Instant now, Flavour flavour) {
    return compute(object, Optional.of(now), flavour);
  }

  /** As {@link #compute(JsonNode, Instant, Flavour)}; an empty {@code now} as {@link #compute(JsonNode)}. */
  public static KstatusResult compute(JsonNode object, Optional<Instant> now, Flavour flavour) {
    Unstructured u = new Unstructured(object);
    Optional<KstatusResult> generic = genericProperties(u);
    if (generic.isPresent()) {
      return generic.get();
    }
    Optional<LegacyRule> legacy = LegacyRules.forGroupKind(u.groupKind());
    if (legacy.isPresent()) {
      return legacy.get().compute(u, now, flavour);
    }
    return readyCondition(u.conditions()).orElse(KstatusResult.current("Resource is current"));
  }

  /**
   * Whether kstatus judges objects of this kind by a rule of its own (Deployment, Pod, Job, ...) after
   * its generic checks, rather than by their {@code Ready} condition.
   */
  public static boolean hasBuiltInRule(String apiVersion, String kind) {
    String[] parts = apiVersion.split("/", -1);
    String group = parts.length == 2 ? parts[0] : "";
    return LegacyRules.forGroupKind(group.isEmpty() ? kind : group + "/" + kind).isPresent();
  }

  private static Optional<KstatusResult> genericProperties(Unstructured u) {
    Optional<String> deletion = u.strictString("metadata", "deletionTimestamp");
    if (deletion.isPresent() && !deletion.get().isEmpty()) {
      return Optional.of(
          new KstatusResult(KstatusStatus.TERMINATING, "Resource scheduled for deletion", List.of()));
    }
    Optional<KstatusResult> generation = generationNotObserved(u);
    if (generation.isPresent()) {
      return generation;
    }
    for (BasicCondition c : u.conditions()) {
      if (c.is(KstatusCondition.RECONCILING, "True")) {
        return Optional.of(KstatusResult.inProgress(c.reason(), c.message()));
      }
      if (c.is(KstatusCondition.STALLED, "True")) {
        return Optional.of(KstatusResult.failed(c.reason(), c.message()));
      }
    }
    return Optional.empty();
  }

  /** Skipped unless both fields exist; an observedGeneration ahead of the generation counts too. */
  static Optional<KstatusResult> generationNotObserved(Unstructured u) {
    OptionalLong generation = u.strictInt("metadata", "generation");
    if (generation.isEmpty()) {
      return Optional.empty();
    }
    OptionalLong observed = u.strictInt("status", "observedGeneration");
    if (observed.isEmpty() || observed.getAsLong() == generation.getAsLong()) {
      return Optional.empty();
    }
    String message =
        u.kind() + " generation is " + generation.getAsLong() + ", but latest observed generation is "
            + observed.getAsLong();
    return Optional.of(KstatusResult.inProgress("LatestGenerationNotObserved", message));
  }

  /** A {@code Ready} condition decides for kinds without a legacy rule; other statuses are skipped. */
  private static Optional<KstatusResult> readyCondition(List<BasicCondition> conditions) {
    for (BasicCondition c : conditions) {
      if (!c.type().equals("Ready")) {
        continue;
      }
      switch (c.status()) {
        case "True":
          return Optional.of(KstatusResult.current("Resource is Ready"));
        case "False":
        case "Unknown":
          return Optional.of(KstatusResult.inProgress(c.reason(), c.message()));
        default:
          break;
      }
    }
    return Optional.empty();
  }
}
