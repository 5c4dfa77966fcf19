package dev.condlint.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.condlint.model.Document;
import dev.condlint.model.Finding;
import dev.condlint.rules.engine.Cancellation;
import dev.condlint.rules.engine.Engine;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The webhook's decision code, shared by the server and {@code condlint review}: an AdmissionReview
 * in, a {@link Decision} and the AdmissionReview response out. Immutable; a new configuration means
 * a new instance.
 */
public final class Admission {
  private static final Set<String> KNOWN_OPERATIONS = Set.of("CREATE", "UPDATE", "DELETE", "CONNECT");

  private final Engine engine;
  private final AdmissionMode mode;
  private final Clock clock;

  public Admission(Engine engine, AdmissionMode mode, Clock clock) {
    this.engine = engine;
    this.mode = mode;
    this.clock = clock;
  }

  /** A decision and the response that carries it. */
  public record Reviewed(Decision decision, ObjectNode response) {}

  public AdmissionMode mode() {
    return mode;
  }

  /**
   * Decodes reviews keeping what these rules read of them: besides what every review keeps, the whole
   * of an object whose CRD the rules know (the schema rules validate all of it).
   */
  public ReviewDecoder decoder() {
    return new ReviewDecoder((apiVersion, kind) -> engine.crds().find(apiVersion, kind).isPresent());
  }

  /** Parses, decides and answers one AdmissionReview. */
  public Reviewed review(JsonNode review) throws MalformedReviewException {
    Decision decision = decide(AdmissionRequest.parse(review));
    return new Reviewed(decision, AdmissionResponses.of(decision));
  }

  public Decision decide(AdmissionRequest request) {
    return decide(request, Cancellation.create());
  }

  /**
   * Decides within {@code cancellation}: the rules stop at its next checkpoint once it is cancelled,
   * or once they have reported more than its limit of findings.
   *
   * @throws Cancellation.Cancelled when the rules stopped before they were done: nothing was decided
   */
  public Decision decide(AdmissionRequest request, Cancellation cancellation) {
    if (!KNOWN_OPERATIONS.contains(request.operation())) {
      return Decision.failOpen(request, mode,
          "condlint does not know the operation '" + request.operation() + "' and allowed the request unchecked");
    }
    Evaluation evaluation = evaluationOf(request);
    try {
      return cancellation.run(() -> new Decision(request, mode, evaluation, findings(evaluation, request), List.of()));
    } catch (Cancellation.Cancelled stopped) {
      throw stopped;
    } catch (RuntimeException e) {
      // A failing rule must not block writes to the cluster: fail open, and say so.
      return Decision.failOpen(request, mode, "condlint could not check the request (" + e + ") and allowed it");
    }
  }

  private static Evaluation evaluationOf(AdmissionRequest request) {
    boolean write = request.operation().equals("CREATE") || request.operation().equals("UPDATE");
    if (!write) {
      return Evaluation.SKIPPED;
    }
    if (request.isStatusWrite()) {
      return request.operation().equals("UPDATE") ? Evaluation.STATUS : Evaluation.SKIPPED;
    }
    if (!request.subResource().isEmpty()) {
      return Evaluation.SKIPPED;
    }
    return request.isCustomResourceDefinition() ? Evaluation.CRD : Evaluation.OBJECT;
  }

  private List<Finding> findings(Evaluation evaluation, AdmissionRequest request) {
    Optional<Instant> now = Optional.of(clock.instant());
    return switch (evaluation) {
      case SKIPPED -> List.of();
      case OBJECT -> engine.check(Document.of(request.object().orElseThrow()), now).findings();
      case CRD -> engine.checkCrd(Document.of(request.object().orElseThrow()), now).findings();
      case STATUS -> statusFindings(request, now);
    };
  }

  /** A status UPDATE: the object and its transition from the old one, or the object alone without it. */
  private List<Finding> statusFindings(AdmissionRequest request, Optional<Instant> now) {
    Document newObject = Document.of(request.object().orElseThrow());
    return request.oldObject()
        .map(old -> engine.checkStatusUpdate(Document.of(old), newObject, now))
        .orElseGet(() -> engine.check(newObject, now))
        .findings();
  }
}
