package dev.condlint.health;

/** The step of the judgement that decided an object's health, in the order the steps are taken. */
public enum Rule {
  /** {@code metadata.deletionTimestamp} is set. */
  DELETION("deletion"),
  /** {@code status.observedGeneration}, or the summary condition's, differs from {@code metadata.generation}. */
  GENERATION("generation"),
  /** {@code spec.suspend} or {@code spec.paused} is true, or a Suspended or Paused condition is True. */
  SUSPENSION("suspension"),
  /**
   * A label whose value, by the API of the controller that manages the object, says it failed
   * (health-facts.json's degradedByLabel): read after the generation, before suspension.
   */
  LABEL("label"),
  /**
   * The kind's API says its controller does not reconcile an object of this form (a Flux HelmRepository
   * of type oci): without conditions, it awaits none.
   */
  STATIC("static"),
  /** A built-in kind that kstatus judges by a rule of its own (Deployment, Pod, Job, ...). */
  BUILT_IN("built-in"),
  /** The summary condition's status, read with its polarity. */
  SUMMARY("summary"),
  /** A condition that is abnormal when True is True. */
  ABNORMAL_TRUE("abnormal-true"),
  /** A failing summary whose reason (or severity) says the failure is transient: work under way. */
  TRANSIENT_REASON("transient-reason"),
  /** A failing summary whose reason names no work under way: a failure the controller reported. */
  TERMINAL_REASON("terminal-reason"),
  /** A condition that names work under way is True. */
  WORK_UNDER_WAY("work-under-way"),
  /**
   * The summary is in its healthy state, but another condition whose True is the healthy state is not
   * True: the summary is contradicted, so the object is not called Healthy (Progressing).
   */
  CONTRADICTED("contradicted"),
  /**
   * The summary is in its healthy state, but {@code status.phase} (or the phase of an entry of a list
   * in status) names a failure (Degraded) or work under way (Progressing).
   */
  PHASE("phase"),
  /**
   * The kind's API sums its health up in the entries of a list in status (a route's parents, a policy's
   * ancestors): every entry is in its healthy state, or there is no entry yet.
   */
  ENTRIES("entries"),
  /**
   * The counts the kind's API reports its readiness by (ready replicas against desired ones): one falls
   * short of its target (Progressing or Degraded), or every one has reached it (Healthy).
   */
  COUNTS("counts"),
  /** Nothing condlint knows of the kind decides. */
  NOT_KNOWN("not-known");

  private final String label;

  Rule(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
