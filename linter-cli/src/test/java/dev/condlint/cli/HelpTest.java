package dev.condlint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.condlint.rules.catalogue.Ruleset;
import dev.condlint.rules.profile.Profile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The help ends with examples; the help of lint also lists every profile, from the profiles themselves. */
class HelpTest {
  @TempDir Path dir;

  @Test
  void lintHelpEndsWithTheProfilesAndExamples() {
    CliRun.Result r = CliRun.in(dir).run("lint", "--help");

    assertEquals(0, r.exit());
    String footer = r.out().substring(r.out().indexOf("\nProfiles"));
    assertEquals("""

        Profiles (chosen for each object from its API group, unless --profile or the
        configuration's profile and groups say otherwise; docs/configuration.md):
          k8s           Kubernetes API conventions and metav1.Condition (the default)
          kstatus       kstatus (cli-utils): abnormal-true Reconciling/Stalled, Ready as
                        the only summary
          flux          Flux (fluxcd/pkg runtime/conditions and its kstatus conformance
                        checker)
          knative       Knative (knative/pkg apis.Condition and the error-signalling
                        spec)
          capi-v1beta2  Cluster API v1beta2 (metav1.Condition, always-present Deleting
                        and Paused)
          capi-v1beta1  Cluster API v1beta1 (its own Condition type with severity)
          gateway-api   Gateway API (GEP-1364: positive summaries, negative error
                        conditions, per-condition observedGeneration)
          cert-manager  cert-manager (CertificateCondition and friends; Approved/Denied
                        set once)

        Examples:
          condlint lint deploy/              the YAML and JSON files under deploy/
          kubectl get widgets -A -o yaml | condlint lint -
                                             objects as the cluster has them
          condlint lint --crds config/crd/bases/ config/samples/
                                             custom resources against their CRDs
          condlint lint --format sarif -o condlint.sarif .
                                             a report for GitHub code scanning
          condlint lint --summary legacy/    how many findings of each rule
          condlint lint --fail-on warning --profile kstatus charts/
                                             warnings fail; every object as kstatus
        """, footer);
  }

  @Test
  void lintHelpListsEveryProfile() {
    String help = CliRun.in(dir).run("lint", "--help").out();

    for (Profile p : Ruleset.builtIn().profiles()) {
      assertTrue(help.contains("\n  " + p.name() + " "), p.name());
    }
  }

  @Test
  void auditHelpEndsWithExamples() {
    CliRun.Result r = CliRun.in(dir).run("audit", "--help");

    assertEquals(0, r.exit());
    assertTrue(r.out().endsWith("""

        Examples:
          condlint audit                              every object with a status, in the
                                                      kubeconfig's current context
          condlint audit --context prod -n shop       one namespace of another context
          condlint audit --kinds '*.fluxcd.io/*' --fail-on warning
                                                      Flux's objects; warnings fail
          condlint audit --format json -o audit.json  a report for scripts
          condlint audit --save snapshot/             ... and a copy: condlint lint
                                                      snapshot/ re-runs it offline
        """), r.out());
  }

  @Test
  void theTopLevelHelpEndsWithExamples() {
    CliRun.Result r = CliRun.in(dir).run("--help");

    assertEquals(0, r.exit());
    assertTrue(r.out().endsWith("""

        Examples:
          condlint lint deploy/       lint the manifests under deploy/
          condlint audit              lint the live objects of the current cluster
          condlint explain Pod        the condition contract condlint applies to a kind
          condlint rules              list every rule: id, severity, scope and title
          condlint status rendered/   what kstatus concludes for each object
          condlint help lint          lint's options, profiles and examples
          condlint completion bash    a completion script for bash (or zsh)
        """), r.out());
  }
}
