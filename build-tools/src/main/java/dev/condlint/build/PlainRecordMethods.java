package dev.condlint.build;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Gives the records of a jar plain {@code equals} and {@code hashCode} methods. javac compiles both as an
 * {@code invokedynamic} of {@code java.lang.runtime.ObjectMethods}, whose bootstrap builds a tree of
 * method handles and spins classes for it the first time each record compares or hashes; no class-data
 * archive of JDK 17 holds those, so a small run paid for them on every start (a few milliseconds a
 * record, about 2% of a one-file lint's CPU). Each such call becomes a call of a private static method
 * that does what the bootstrap's method handles do, in the same order: {@code equals} is true for the
 * same object, false for an object of another class, and otherwise compares the components from the last
 * to the first ({@code Objects.equals}; {@code ==} for primitives, {@code Float.compare} and
 * {@code Double.compare} for floating point) and stops at the first that differs; {@code hashCode} is
 * {@code h = 31 * h + hash(c)} over the components in order from 0 ({@code Objects.hashCode}, or the
 * wrapper's {@code hashCode} for a primitive). {@code toString}, which a run seldom calls, keeps its
 * bootstrap. Usage: {@code PlainRecordMethods JAR PACKAGE_PREFIX...}, e.g. {@code condlint.jar dev/condlint/}.
 */
public final class PlainRecordMethods {
  private static final String OBJECT_METHODS = "java/lang/runtime/ObjectMethods";
  private static final String EQUALS = "condlint$equals";
  private static final String HASH_CODE = "condlint$hashCode";

  private PlainRecordMethods() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: PlainRecordMethods JAR PACKAGE_PREFIX...");
    }
    Path jar = Path.of(args[0]);
    int changed = UpgradeClassFiles.rewrite(jar, List.of(args).subList(1, args.length), (bytes, classes) -> rewrite(bytes));
    System.out.println("PlainRecordMethods: " + changed + " records of " + jar.getFileName() + " compare and hash"
        + " without invokedynamic");
  }

  /** The class with plain equals and hashCode, or null when it calls no ObjectMethods bootstrap for them. */
  static byte[] rewrite(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    // The frames of the class's own methods are copied as they are; the two new methods carry their own.
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    Rewriter rewriter = new Rewriter(writer);
    reader.accept(rewriter, 0);
    return rewriter.equalsGetters == null && rewriter.hashCodeGetters == null ? null : writer.toByteArray();
  }

  private static final class Rewriter extends ClassVisitor {
    private String owner;
    private List<Handle> equalsGetters;
    private List<Handle> hashCodeGetters;

    Rewriter(ClassVisitor next) {
      super(Opcodes.ASM9, next);
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
      owner = name;
      super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
      return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
        @Override
        public void visitInvokeDynamicInsn(String indyName, String indyDescriptor, Handle bootstrap, Object... args) {
          boolean objectMethods = bootstrap.getOwner().equals(OBJECT_METHODS) && bootstrap.getName().equals("bootstrap");
          if (objectMethods && indyName.equals("equals") && indyDescriptor.equals("(L" + owner + ";Ljava/lang/Object;)Z")) {
            equalsGetters = getters(args);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, EQUALS, indyDescriptor, false);
          } else if (objectMethods && indyName.equals("hashCode") && indyDescriptor.equals("(L" + owner + ";)I")) {
            hashCodeGetters = getters(args);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, HASH_CODE, indyDescriptor, false);
          } else {
            super.visitInvokeDynamicInsn(indyName, indyDescriptor, bootstrap, args);
          }
        }
      };
    }

    /** The bootstrap's arguments: the record class, the names joined by ";", then a getter per component. */
    private List<Handle> getters(Object[] args) {
      List<Handle> getters = new ArrayList<>();
      for (int i = 2; i < args.length; i++) {
        Handle h = (Handle) args[i];
        if (h.getTag() != Opcodes.H_GETFIELD || !h.getOwner().equals(owner)) {
          throw new IllegalStateException(owner + ": a record component that is not a field of its own: " + h);
        }
        getters.add(h);
      }
      return getters;
    }

    @Override
    public void visitEnd() {
      if (equalsGetters != null) {
        writeEquals(equalsGetters);
      }
      if (hashCodeGetters != null) {
        writeHashCode(hashCodeGetters);
      }
      super.visitEnd();
    }

    private void writeEquals(List<Handle> getters) {
      MethodVisitor m = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, EQUALS,
          "(L" + owner + ";Ljava/lang/Object;)Z", null, null);
      m.visitCode();
      Label notSame = new Label();
      m.visitVarInsn(Opcodes.ALOAD, 0);
      m.visitVarInsn(Opcodes.ALOAD, 1);
      m.visitJumpInsn(Opcodes.IF_ACMPNE, notSame);
      m.visitInsn(Opcodes.ICONST_1);
      m.visitInsn(Opcodes.IRETURN);
      m.visitLabel(notSame);
      m.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
      Label sameClass = new Label();
      m.visitVarInsn(Opcodes.ALOAD, 1);
      m.visitTypeInsn(Opcodes.INSTANCEOF, owner);
      m.visitJumpInsn(Opcodes.IFNE, sameClass);
      m.visitInsn(Opcodes.ICONST_0);
      m.visitInsn(Opcodes.IRETURN);
      m.visitLabel(sameClass);
      m.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
      m.visitVarInsn(Opcodes.ALOAD, 1);
      m.visitTypeInsn(Opcodes.CHECKCAST, owner);
      m.visitVarInsn(Opcodes.ASTORE, 2);
      Label differ = new Label();
      // ObjectMethods nests a guard per component around those before it: the last is compared first.
      for (int i = getters.size() - 1; i >= 0; i--) {
        Handle g = getters.get(i);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitFieldInsn(Opcodes.GETFIELD, owner, g.getName(), g.getDesc());
        m.visitVarInsn(Opcodes.ALOAD, 2);
        m.visitFieldInsn(Opcodes.GETFIELD, owner, g.getName(), g.getDesc());
        switch (Type.getType(g.getDesc()).getSort()) {
          case Type.BOOLEAN, Type.BYTE, Type.SHORT, Type.CHAR, Type.INT -> m.visitJumpInsn(Opcodes.IF_ICMPNE, differ);
          case Type.LONG -> {
            m.visitInsn(Opcodes.LCMP);
            m.visitJumpInsn(Opcodes.IFNE, differ);
          }
          case Type.FLOAT -> {
            m.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Float", "compare", "(FF)I", false);
            m.visitJumpInsn(Opcodes.IFNE, differ);
          }
          case Type.DOUBLE -> {
            m.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Double", "compare", "(DD)I", false);
            m.visitJumpInsn(Opcodes.IFNE, differ);
          }
          default -> {
            m.visitMethodInsn(Opcodes.INVOKESTATIC, "java/util/Objects", "equals",
                "(Ljava/lang/Object;Ljava/lang/Object;)Z", false);
            m.visitJumpInsn(Opcodes.IFEQ, differ);
          }
        }
      }
      m.visitInsn(Opcodes.ICONST_1);
      m.visitInsn(Opcodes.IRETURN);
      m.visitLabel(differ);
      m.visitFrame(Opcodes.F_APPEND, 1, new Object[] {owner}, 0, null);
      m.visitInsn(Opcodes.ICONST_0);
      m.visitInsn(Opcodes.IRETURN);
      m.visitMaxs(0, 0);
      m.visitEnd();
    }

    private void writeHashCode(List<Handle> getters) {
      MethodVisitor m = cv.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, HASH_CODE,
          "(L" + owner + ";)I", null, null);
      m.visitCode();
      m.visitInsn(Opcodes.ICONST_0);
      for (Handle g : getters) {
        m.visitIntInsn(Opcodes.BIPUSH, 31);
        m.visitInsn(Opcodes.IMUL);
        m.visitVarInsn(Opcodes.ALOAD, 0);
        m.visitFieldInsn(Opcodes.GETFIELD, owner, g.getName(), g.getDesc());
        Type type = Type.getType(g.getDesc());
        String wrapper = switch (type.getSort()) {
          case Type.BOOLEAN -> "java/lang/Boolean";
          case Type.BYTE -> "java/lang/Byte";
          case Type.SHORT -> "java/lang/Short";
          case Type.CHAR -> "java/lang/Character";
          case Type.INT -> "java/lang/Integer";
          case Type.LONG -> "java/lang/Long";
          case Type.FLOAT -> "java/lang/Float";
          case Type.DOUBLE -> "java/lang/Double";
          default -> null;
        };
        if (wrapper == null) {
          m.visitMethodInsn(Opcodes.INVOKESTATIC, "java/util/Objects", "hashCode", "(Ljava/lang/Object;)I", false);
        } else {
          m.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper, "hashCode", "(" + type.getDescriptor() + ")I", false);
        }
        m.visitInsn(Opcodes.IADD);
      }
      m.visitInsn(Opcodes.IRETURN);
      m.visitMaxs(0, 0);
      m.visitEnd();
    }
  }
}
