package dev.condlint.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A record rewritten by {@link PlainRecordMethods} compares and hashes exactly as javac's compiled one does
 * on the JDK that runs the test: the same answers, the same hash codes, the components' equals called in
 * the same order.
 */
class PlainRecordMethodsTest {
  @TempDir Path dir;

  /** Every kind of component: each primitive, a reference, an array, and a probe that logs its equals. */
  record Every(boolean z, byte b, short s, char c, int i, long j, float f, double d, String text, int[] array,
      Probe first, Probe last) {}

  record Empty() {}

  /** Logs each equals call, so the order in which a record compares its components shows. */
  public static final class Probe {
    static final List<String> CALLS = new ArrayList<>();
    final String name;
    final int value;

    public Probe(String name, int value) {
      this.name = name;
      this.value = value;
    }

    @Override
    public boolean equals(Object o) {
      CALLS.add(name);
      return o instanceof Probe p && p.value == value;
    }

    @Override
    public int hashCode() {
      return value * 7;
    }
  }

  private static byte[] classFile(Class<?> c) throws IOException {
    try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getPackageName().length() + 1) + ".class")) {
      return in.readAllBytes();
    }
  }

  /** Loads {@code name} from these bytes, and everything else (Probe, the JDK) from the test's loader. */
  private static Class<?> define(String name, byte[] bytes) throws ClassNotFoundException {
    ClassLoader parent = PlainRecordMethodsTest.class.getClassLoader();
    return new ClassLoader(parent) {
      @Override
      protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
        if (n.equals(name)) {
          synchronized (getClassLoadingLock(n)) {
            Class<?> c = findLoadedClass(n);
            return c != null ? c : defineClass(n, bytes, 0, bytes.length);
          }
        }
        return super.loadClass(n, resolve);
      }
    }.loadClass(name);
  }

  private static Object make(Class<?> record, Object... args) throws ReflectiveOperationException {
    Constructor<?> c = record.getDeclaredConstructors()[0];
    c.setAccessible(true);
    return c.newInstance(args);
  }

  private static final int[] ARRAY = {1, 2};

  /** Argument lists of Every: equal ones, ones that differ in each component, and floating point's edges. */
  private static List<Object[]> everies() {
    Probe p1 = new Probe("first", 1);
    Probe p2 = new Probe("last", 2);
    List<Object[]> out = new ArrayList<>();
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, new Probe("first", 1), p2});
    out.add(new Object[] {false, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 9, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 9, 'c', 3, 4L, 5f, 6d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'd', 3, 4L, 5f, 6d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 9, 4L, 5f, 6d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 1L << 40, 5f, 6d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, Float.NaN, Double.NaN, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, -0f, -0d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 0f, 0d, "t", ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, null, ARRAY, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", new int[] {1, 2}, p1, p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", null, p1, null});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, new Probe("first", 5), p2});
    out.add(new Object[] {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, p1, new Probe("last", 5)});
    return out;
  }

  @Test
  void aRewrittenRecordComparesAndHashesAsJavacsDoes() throws Exception {
    byte[] rewritten = PlainRecordMethods.rewrite(classFile(Every.class));
    assertNotNull(rewritten);
    Class<?> plain = define(Every.class.getName(), rewritten);
    List<Object[]> args = everies();
    for (Object[] a : args) {
      Object javacs = make(Every.class, a);
      Object ours = make(plain, a);
      assertEquals(javacs.hashCode(), ours.hashCode(), Arrays.deepToString(a));
      assertTrue(ours.equals(ours));
      assertFalse(ours.equals(null));
      assertFalse(ours.equals(javacs), "an object of another class");
      for (Object[] b : args) {
        Probe.CALLS.clear();
        boolean expected = javacs.equals(make(Every.class, b));
        List<String> expectedCalls = List.copyOf(Probe.CALLS);
        Probe.CALLS.clear();
        assertEquals(expected, ours.equals(make(plain, b)), Arrays.deepToString(a) + " vs " + Arrays.deepToString(b));
        assertEquals(expectedCalls, Probe.CALLS, "the components compared, in order");
      }
    }
    Object[] a = {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, new Probe("first", 1), new Probe("last", 2)};
    Object[] b = {true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "t", ARRAY, new Probe("first", 1), new Probe("last", 2)};
    assertEquals(List.of("last", "first"), callsComparing(plain, a, b), "the last component first, as ObjectMethods does");
  }

  private static List<String> callsComparing(Class<?> record, Object[] a, Object[] b) throws ReflectiveOperationException {
    Probe.CALLS.clear();
    assertTrue(make(record, a).equals(make(record, b)));
    return List.copyOf(Probe.CALLS);
  }

  @Test
  void aRecordWithoutComponentsIsEqualToEveryOtherOfItsClass() throws Exception {
    Class<?> plain = define(Empty.class.getName(), PlainRecordMethods.rewrite(classFile(Empty.class)));
    assertEquals(new Empty().hashCode(), make(plain).hashCode());
    assertEquals(0, make(plain).hashCode());
    assertTrue(make(plain).equals(make(plain)));
    assertFalse(make(plain).equals(new Empty()));
  }

  @Test
  void onlyEqualsAndHashCodeLoseTheirBootstrapAndAClassWithoutOneIsLeftAsItIs() throws Exception {
    assertEquals(List.of("toString"), objectMethodsCalls(PlainRecordMethods.rewrite(classFile(Every.class))));
    assertEquals(List.of("toString", "hashCode", "equals"), objectMethodsCalls(classFile(Every.class)));
    assertNull(PlainRecordMethods.rewrite(classFile(Probe.class)));
  }

  private static List<String> objectMethodsCalls(byte[] classFile) {
    List<String> names = new ArrayList<>();
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        return new MethodVisitor(Opcodes.ASM9) {
          @Override
          public void visitInvokeDynamicInsn(String n, String d, Handle bootstrap, Object... args) {
            if (bootstrap.getOwner().equals("java/lang/runtime/ObjectMethods")) {
              names.add(n);
            }
          }
        };
      }
    }, 0);
    return names;
  }

  @Test
  void theJarsRecordsUnderThePrefixesAreRewrittenAndEverythingElseIsCopied() throws IOException {
    Path jar = dir.resolve("app.jar");
    byte[] every = classFile(Every.class);
    byte[] probe = classFile(Probe.class);
    try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
      for (String name : List.of("mine/Every.class", "mine/Probe.class", "theirs/Every.class")) {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(name.endsWith("Probe.class") ? probe : every);
        zip.closeEntry();
      }
    }

    assertEquals(1, UpgradeClassFiles.rewrite(jar, List.of("mine/"), (bytes, classes) -> PlainRecordMethods.rewrite(bytes)));

    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      assertEquals(List.of("toString"), objectMethodsCalls(read(loader, "mine/Every.class")));
      assertEquals(List.of("toString", "hashCode", "equals"), objectMethodsCalls(read(loader, "theirs/Every.class")));
      assertEquals(Arrays.toString(probe), Arrays.toString(read(loader, "mine/Probe.class")));
    }
  }

  private static byte[] read(ClassLoader loader, String name) throws IOException {
    try (InputStream in = loader.getResourceAsStream(name)) {
      return in.readAllBytes();
    }
  }
}
