package dev.condlint.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the pre-Java-6 class files of a jar (picocli's are Java 5) as Java 8 class files, with the
 * stack map frames ASM computes for them. The JVM's class-data archives (AppCDS, the JDK 25 AOT
 * cache) refuse class files older than version 50, so every start of {@code condlint} parsed and
 * verified picocli's classes anew: about a fifth of a one-file run. Nothing else in the classes
 * changes. Usage: {@code UpgradeClassFiles JAR PACKAGE_PREFIX...}, e.g. {@code condlint.jar picocli/}.
 */
public final class UpgradeClassFiles {
  /** Java 6, the first class file version that a class-data archive accepts. */
  private static final int ARCHIVABLE = Opcodes.V1_6;

  private UpgradeClassFiles() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: UpgradeClassFiles JAR PACKAGE_PREFIX...");
    }
    Path jar = Path.of(args[0]);
    int upgraded = upgrade(jar, List.of(args).subList(1, args.length));
    System.out.println("UpgradeClassFiles: " + upgraded + " class files of " + jar.getFileName() + " now Java 8");
  }

  /** Upgrades, in place, the old class files of {@code jar} under these prefixes; returns how many. */
  public static int upgrade(Path jar, List<String> prefixes) throws IOException {
    return rewrite(jar, prefixes, (bytes, classes) -> classVersion(bytes) < ARCHIVABLE ? toJava8(bytes, classes) : null);
  }

  /** What a rewrite does to one class file: its new bytes, or null to keep it as it is. */
  interface ClassRewrite {
    byte[] apply(byte[] classFile, ClassLoader classes);
  }

  /**
   * Rewrites, in place, the class files of {@code jar} under these prefixes that {@code rewrite} changes,
   * keeping every entry, its order and time, and the jar's mode; returns how many it changed.
   * {@code classes} loads from the jar itself and the JDK.
   */
  static int rewrite(Path jar, List<String> prefixes, ClassRewrite rewrite) throws IOException {
    Path rewritten = Files.createTempFile(jar.toAbsolutePath().getParent(), jar.getFileName().toString(), ".tmp");
    int changed = 0;
    try (URLClassLoader classes = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        InputStream in = Files.newInputStream(jar);
        ZipInputStream zin = new ZipInputStream(in);
        OutputStream out = Files.newOutputStream(rewritten);
        ZipOutputStream zout = new ZipOutputStream(out)) {
      keepMode(jar, rewritten);
      for (ZipEntry entry = zin.getNextEntry(); entry != null; entry = zin.getNextEntry()) {
        byte[] bytes = zin.readAllBytes();
        byte[] changedBytes = isClassUnder(entry.getName(), prefixes) ? rewrite.apply(bytes, classes) : null;
        if (changedBytes != null) {
          bytes = changedBytes;
          changed++;
        }
        ZipEntry copy = new ZipEntry(entry.getName());
        copy.setTime(entry.getTime());
        zout.putNextEntry(copy);
        zout.write(bytes);
        zout.closeEntry();
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(rewritten);
      throw e;
    }
    Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return changed;
  }

  /**
   * Gives the rewritten jar the mode of the jar it replaces: a temporary file is created 0600, and a
   * jar left so could be run by its builder alone.
   */
  private static void keepMode(Path original, Path rewritten) throws IOException {
    if (Files.getFileStore(original).supportsFileAttributeView(PosixFileAttributeView.class)) {
      Files.setPosixFilePermissions(rewritten, Files.getPosixFilePermissions(original));
    }
  }

  private static boolean isClassUnder(String name, List<String> prefixes) {
    return name.endsWith(".class") && prefixes.stream().anyMatch(name::startsWith);
  }

  /** The major version of a class file (its bytes 6 and 7). */
  static int classVersion(byte[] classFile) {
    return (classFile[6] & 0xff) << 8 | classFile[7] & 0xff;
  }

  /**
   * The same class as a Java 8 class file. Computing frames needs the common superclass of types
   * that meet in the code; {@code classes} loads them from the jar itself and the JDK.
   */
  static byte[] toJava8(byte[] classFile, ClassLoader classes) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
      @Override
      protected ClassLoader getClassLoader() {
        return classes;
      }
    };
    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
      }
    }, ClassReader.SKIP_FRAMES);
    return writer.toByteArray();
  }
}
