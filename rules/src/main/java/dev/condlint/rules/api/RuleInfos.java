package dev.condlint.rules.api;

/** The {@link RuleInfo} of each rule class, looked up once: the engine asks for it several times per object. */
public final class RuleInfos {
  private static final ClassValue<RuleInfo> INFO = new ClassValue<>() {
    @Override
    protected RuleInfo computeValue(Class<?> type) {
      RuleInfo info = type.getAnnotation(RuleInfo.class);
      if (info == null) {
        throw new IllegalStateException(type.getName() + " lacks @RuleInfo");
      }
      return info;
    }
  };

  private RuleInfos() {}

  public static RuleInfo of(Class<?> type) {
    return INFO.get(type);
  }
}
