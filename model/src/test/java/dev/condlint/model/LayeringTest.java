package dev.condlint.model;

import dev.condlint.layering.Layering;
import org.junit.jupiter.api.Test;

/** model is the bottom of every module: it uses no other condlint code, and its package no cycle. */
class LayeringTest {
  @Test
  void usesNoOtherModule() {
    Layering.ofModuleOf(Document.class)
        .layer("model", "dev.condlint.model..")
        .check();
  }
}
