package dev.condlint.layering;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What Layering finds wrong, on small packages under fixture/ made to break one rule each: every
 * violation, each as its lines (ArchUnit indents a cycle's), naming the class, the dependency and the
 * line.
 */
class LayeringRulesTest {
  private static final String FIXTURE = "dev.condlint.layering.fixture.";

  private static List<List<String>> lines(Layering layering) {
    return layering.violations().stream().map(v -> v.lines().map(String::strip).toList()).toList();
  }

  @Test
  void aLayerThatUsesTheOneAboveIsReportedAndSoIsTheCycleItMakes() {
    assertEquals(List.of(
        List.of("Method <dev.condlint.layering.fixture.upward.bottom.LooksUp.up()> calls constructor"
            + " <dev.condlint.layering.fixture.upward.top.Top.<init>()> in (LooksUp.java:8)"),
        List.of("Cycle detected: Slice layering.fixture.upward.bottom ->",
            "Slice layering.fixture.upward.top ->",
            "Slice layering.fixture.upward.bottom",
            "1. Dependencies of Slice layering.fixture.upward.bottom",
            "- Method <dev.condlint.layering.fixture.upward.bottom.LooksUp.up()> calls constructor"
                + " <dev.condlint.layering.fixture.upward.top.Top.<init>()> in (LooksUp.java:8)",
            "2. Dependencies of Slice layering.fixture.upward.top",
            "- Method <dev.condlint.layering.fixture.upward.top.Top.bottom()> has return type"
                + " <dev.condlint.layering.fixture.upward.bottom.Bottom> in (Top.java:0)",
            "- Method <dev.condlint.layering.fixture.upward.top.Top.bottom()> calls constructor"
                + " <dev.condlint.layering.fixture.upward.bottom.Bottom.<init>()> in (Top.java:8)")),
        lines(Layering.ofPackages(FIXTURE + "upward")
            .layer("top", FIXTURE + "upward.top..")
            .layer("bottom", FIXTURE + "upward.bottom..")));
  }

  @Test
  void aCycleWithinOneLayerIsReported() {
    assertEquals(List.of(
        List.of("Cycle detected: Slice layering.fixture.cycle.a ->",
            "Slice layering.fixture.cycle.b ->",
            "Slice layering.fixture.cycle.a",
            "1. Dependencies of Slice layering.fixture.cycle.a",
            "- Method <dev.condlint.layering.fixture.cycle.a.A.b()> has return type"
                + " <dev.condlint.layering.fixture.cycle.b.B> in (A.java:0)",
            "- Method <dev.condlint.layering.fixture.cycle.a.A.b()> calls constructor"
                + " <dev.condlint.layering.fixture.cycle.b.B.<init>()> in (A.java:8)",
            "2. Dependencies of Slice layering.fixture.cycle.b",
            "- Method <dev.condlint.layering.fixture.cycle.b.B.a()> references class object"
                + " <dev.condlint.layering.fixture.cycle.a.A> in (B.java:8)")),
        lines(Layering.ofPackages(FIXTURE + "cycle")
            .layer("both", FIXTURE + "cycle..")));
  }

  @Test
  void aCondlintPackageNoLayerDeclaresIsReported() {
    assertEquals(List.of(
        List.of("Method <dev.condlint.layering.fixture.undeclared.Undeclared.name()> references class object"
            + " <dev.condlint.layering.Layering> in (Undeclared.java:8)")),
        lines(Layering.ofPackages(FIXTURE + "undeclared")
            .layer("undeclared", FIXTURE + "undeclared..")));
  }

  @Test
  void packagesOfAnIndependentLayerThatUseEachOtherAreReported() {
    // commands.*.. places one, two and three; the more specific commands.shared.. places shared below them.
    assertEquals(List.of(
        List.of("Slice dev.condlint.layering.fixture.commands.one depends on Slice dev.condlint.layering.fixture.commands.two:",
            "Method <dev.condlint.layering.fixture.commands.one.One.two()> has return type"
                + " <dev.condlint.layering.fixture.commands.two.Two> in (One.java:0)",
            "Method <dev.condlint.layering.fixture.commands.one.One.two()> calls constructor"
                + " <dev.condlint.layering.fixture.commands.two.Two.<init>()> in (One.java:8)")),
        lines(Layering.ofPackages(FIXTURE + "commands")
            .layer("commands", FIXTURE + "commands.*..").independent()
            .layer("shared", FIXTURE + "commands.shared..")));
  }

  @Test
  void aClassInNoLayerIsReported() {
    assertEquals(List.of(
        List.of("Class <dev.condlint.layering.fixture.commands.one.One> is not contained in architecture"),
        List.of("Class <dev.condlint.layering.fixture.commands.three.Three> is not contained in architecture"),
        List.of("Class <dev.condlint.layering.fixture.commands.two.Two> is not contained in architecture"),
        // One uses Two, which no layer declares either.
        List.of("Method <dev.condlint.layering.fixture.commands.one.One.two()> calls constructor"
            + " <dev.condlint.layering.fixture.commands.two.Two.<init>()> in (One.java:8)"),
        List.of("Method <dev.condlint.layering.fixture.commands.one.One.two()> has return type"
            + " <dev.condlint.layering.fixture.commands.two.Two> in (One.java:0)")),
        lines(Layering.ofPackages(FIXTURE + "commands")
            .layer("shared", FIXTURE + "commands.shared..")));
  }

  @Test
  void layersThatOnlyLookDownPass() {
    assertEquals(List.of(),
        lines(Layering.ofPackages(FIXTURE + "commands")
            .layer("commands", FIXTURE + "commands.one..", FIXTURE + "commands.two..", FIXTURE + "commands.three..")
            .layer("shared", FIXTURE + "commands.shared..")));
  }
}
