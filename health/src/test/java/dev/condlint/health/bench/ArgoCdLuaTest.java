package dev.condlint.health.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Argo CD's runtime limits as the test bench applies them. */
class ArgoCdLuaTest {
  private static final JsonNode OBJECT = new ObjectMapper().createObjectNode().put("kind", "Widget");

  @Test
  void aScriptThatLoopsIsStoppedAtArgoCdsLimit() {
    ArgoCdLua.Outcome outcome = new ArgoCdLua("loop.lua", "while true do end", false).run(OBJECT);
    assertEquals("error | the script ran longer than Argo CD's limit of 1s",
        outcome.statusLabel() + " | " + outcome.message());
  }

  @Test
  void aShortScriptAnswers() {
    ArgoCdLua.Outcome outcome = new ArgoCdLua("ok.lua",
        "hs = {}\nhs.status = 'Healthy'\nhs.message = obj.kind\nreturn hs", false).run(OBJECT);
    assertEquals("Healthy | Widget", outcome.statusLabel() + " | " + outcome.message());
  }
}
