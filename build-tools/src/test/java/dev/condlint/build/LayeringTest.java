package dev.condlint.build;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/** The build's own steps use no condlint module: every module's build may use them. */
class LayeringTest {
  @Test
  void usesNoCondlintModule() {
    Layering.ofModuleOf(UpgradeClassFiles.class)
        .layer("build", "dev.condlint.build..")
        .check();
  }
}
