package dev.condlint.health;

import dev.condlint.rules.kstatus.KstatusResult;
import java.util.Optional;

/**
 * condlint's health assessment of one object: its status in Argo CD's vocabulary with a message, what
 * kstatus computes in both flavours (upstream, and Flux's and Helm's fork), the basis the judgement
 * rests on (absent where nothing of a contract decided: an Unknown) and the reason.
 */
public record Assessment(
    HealthStatus status,
    String message,
    Kstatus kstatus,
    Optional<Basis> basis,
    Reason reason) {

  /** kstatus's result in each flavour, or the error kstatus returns for the object. */
  public record Kstatus(Outcome upstream, Outcome flux) {}

  /** A kstatus result, or kstatus's error. */
  public record Outcome(Optional<KstatusResult> result, Optional<String> error) {
    public static Outcome of(KstatusResult result) {
      return new Outcome(Optional.of(result), Optional.empty());
    }

    public static Outcome error(String error) {
      return new Outcome(Optional.empty(), Optional.of(error));
    }
  }
}
