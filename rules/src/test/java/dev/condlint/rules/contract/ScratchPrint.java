package dev.condlint.rules.contract;

import dev.condlint.rules.ConditionLists;
import dev.condlint.rules.Document;
import dev.condlint.rules.testing.YamlFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScratchPrint {
  @Test
  void print() throws Exception {
    String files = System.getProperty("scratch.files", "");
    ContractResolver resolver = ContractResolver.builtIn();
    for (String f : files.split(",")) {
      if (f.isEmpty()) continue;
      for (Document d : YamlFixtures.documents(f, Files.readString(Path.of(f)))) {
        var lists = ConditionLists.find(d.object());
        ObjectContract c = resolver.resolve(d.object(), lists);
        System.out.println("== " + f + " " + d.ref().apiVersion() + " " + d.ref().kind() + " kind=" + c.kind());
        c.lists().forEach((p, l) -> {
          System.out.println("  " + p + " path=" + l.path() + " recognised=" + l.recognisedAs());
          System.out.println("    schema=" + l.schema());
          System.out.println("    summary=" + l.summary() + " og=" + l.generation());
          for (var cond : lists.stream().filter(x -> x.pointer().equals(p)).findFirst().get().conditions()) {
            cond.type().ifPresent(t -> System.out.println("    " + t + " -> " + l.polarity(t)));
          }
        });
      }
    }
  }
}
