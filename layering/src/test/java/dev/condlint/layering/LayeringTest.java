package dev.condlint.layering;

import org.junit.jupiter.api.Test;

/** The layering check itself uses no condlint module: every module's tests may use it. */
class LayeringTest {
  @Test
  void usesNoCondlintModule() {
    Layering.ofModuleOf(Layering.class)
        .layer("layering", "dev.condlint.layering..")
        .check();
  }
}
