package dev.condlint.rules.contract;

import java.util.List;

/** The object's profile: what it says of the object's own conditions ({@code status.conditions}), not nested lists. */
record ProfileSource() implements ContractSource {
  private static final Testimony PROFILE = new Testimony() {
    @Override
    public boolean readsOnlyPathAndProfile() {
      return true;
    }

    @Override
    public List<Said> listAt(ListQuery list, List<Said> stronger) {
      return list.path().equals(ListPath.TOP_LEVEL)
          ? List.of(Said.of(list.profile().effective(), list.profile().basis()))
          : List.of();
    }
  };

  @Override
  public Precedence precedence() {
    return Precedence.PROFILE;
  }

  @Override
  public Testimony about(KindQuery kind, List<Testimony> stronger) {
    return PROFILE;
  }
}
