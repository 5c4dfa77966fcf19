package dev.condlint.rules.contract;

import dev.condlint.model.ObjectRef;
import java.util.Set;

/** A kind whose sources are asked for, with the categories its CRD among the run's gives it (else none). */
record KindQuery(ObjectRef ref, Set<String> categories) {
  String group() {
    return ref.group();
  }

  String version() {
    return ref.version();
  }

  String kind() {
    return ref.kind();
  }
}
