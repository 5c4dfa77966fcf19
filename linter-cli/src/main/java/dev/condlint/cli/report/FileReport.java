package dev.condlint.cli.report;

import dev.condlint.cli.input.InputError;
import dev.condlint.model.Finding;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What linting one input gave: how many objects it held, how many of its documents were skipped as no
 * Kubernetes object, how many objects each profile judged (in the order of their first object), their
 * findings and its read errors. For an audit, one object of the cluster ({@code live}), named by its
 * {@code k8s://} URI, or a resource that could not be read; an audit skips nothing.
 */
public record FileReport(
    String file, int documents, int skipped, Map<String, Integer> profiles, List<Finding> findings,
    List<InputError> errors, Optional<LiveObject> live) {
  public FileReport {
    profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
    findings = List.copyOf(findings);
    errors = List.copyOf(errors);
  }

  /** A file's report. */
  public FileReport(
      String file, int documents, int skipped, Map<String, Integer> profiles, List<Finding> findings,
      List<InputError> errors) {
    this(file, documents, skipped, profiles, findings, errors, Optional.empty());
  }

  /** A live object's report. */
  public static FileReport live(LiveObject object, String profile, List<Finding> findings) {
    return new FileReport(object.uri(), 1, 0, Map.of(profile, 1), findings, List.of(), Optional.of(object));
  }

  /** An audit's report of a resource that could not be read (or written), which it names. */
  public static FileReport unread(String resource, String message) {
    return new FileReport(resource, 0, 0, Map.of(), List.of(), List.of(InputError.of(resource, message)), Optional.empty());
  }
}
