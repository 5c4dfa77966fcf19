package dev.condlint.build;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** Old class files under the prefixes become verifiable Java 8 class files; nothing else changes. */
class UpgradeClassFilesTest {
  @TempDir Path dir;

  /**
   * A Java 5 class {@code old.Sign} with {@code static String of(int n)}: "negative", "zero" or
   * "positive". Its branches join, so a Java 8 version of it needs stack map frames to verify.
   */
  private static byte[] java5Class(String name) {
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    w.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
    MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "of", "(I)Ljava/lang/String;", null, null);
    Label notNegative = new Label();
    Label notZero = new Label();
    Label done = new Label();
    m.visitCode();
    m.visitVarInsn(Opcodes.ILOAD, 0);
    m.visitJumpInsn(Opcodes.IFGE, notNegative);
    m.visitLdcInsn("negative");
    m.visitJumpInsn(Opcodes.GOTO, done);
    m.visitLabel(notNegative);
    m.visitVarInsn(Opcodes.ILOAD, 0);
    m.visitJumpInsn(Opcodes.IFNE, notZero);
    m.visitLdcInsn("zero");
    m.visitJumpInsn(Opcodes.GOTO, done);
    m.visitLabel(notZero);
    m.visitLdcInsn("positive");
    m.visitLabel(done);
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    w.visitEnd();
    return w.toByteArray();
  }

  private Path jar(String... namesAndContents) throws IOException {
    Path jar = dir.resolve("app.jar");
    try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
      for (int i = 0; i < namesAndContents.length; i++) {
        String name = namesAndContents[i];
        zip.putNextEntry(new ZipEntry(name));
        zip.write(name.endsWith(".class") ? java5Class(name.replace(".class", ""))
            : name.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
    }
    return jar;
  }

  private static List<String> entries(Path jar) throws IOException {
    List<String> names = new ArrayList<>();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        names.add(e.getName() + " v" + (e.getName().endsWith(".class") ? UpgradeClassFiles.classVersion(in.readAllBytes()) : 0));
      }
    }
    return names;
  }

  @Test
  void upgradesOnlyTheOldClassesUnderThePrefixesAndKeepsEveryEntryInOrder() throws IOException {
    Path jar = jar("META-INF/MANIFEST.MF", "old/Sign.class", "other/Sign.class");

    int upgraded = UpgradeClassFiles.upgrade(jar, List.of("old/"));

    assertEquals(1, upgraded);
    assertEquals(List.of("META-INF/MANIFEST.MF v0", "old/Sign.class v52", "other/Sign.class v49"), entries(jar));
    assertEquals(0, UpgradeClassFiles.upgrade(jar, List.of("old/")), "a second run finds nothing old");
  }

  @Test
  void anUpgradedClassPassesTheVerifierAndBehavesAsBefore() throws Exception {
    Path jar = jar("old/Sign.class");
    UpgradeClassFiles.upgrade(jar, List.of("old/"));

    // A fresh loader: the split verifier checks the computed frames when the class is linked.
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      Class<?> sign = Class.forName("old.Sign", true, loader);
      var of = sign.getMethod("of", int.class);
      assertArrayEquals(
          new Object[] {"negative", "zero", "positive"},
          new Object[] {of.invoke(null, -3), of.invoke(null, 0), of.invoke(null, 7)});
    }
  }

  /** The rewritten jar replaces the old one: it must keep the old one's mode, not a temporary file's 0600. */
  @ParameterizedTest
  @ValueSource(strings = {"rw-r--r--", "rwxr-x---"})
  void theUpgradedJarKeepsTheModeOfTheJarItReplaces(String mode) throws IOException {
    Path jar = jar("old/Sign.class");
    Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString(mode));

    UpgradeClassFiles.upgrade(jar, List.of("old/"));

    assertEquals(mode, PosixFilePermissions.toString(Files.getPosixFilePermissions(jar)));
  }
}
