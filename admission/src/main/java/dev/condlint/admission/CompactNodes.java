package dev.condlint.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The decoder's node factory: its object nodes keep their fields in a small array, in the order they
 * were put, while they have at most {@link Fields#LINEAR} of them, and in a {@link LinkedHashMap} (as
 * Jackson's own object nodes do) beyond. A decoded review is mostly small objects (a condition has six
 * fields), for which Jackson's {@code LinkedHashMap} costs a table of 16 slots and a 40-byte entry per
 * field: at 20 KB reviews the decoded objects' maps were some 15% of the bytes a decision allocated.
 * The maps behave as {@code LinkedHashMap}s do for everything a node asks of them (insertion order, a
 * repeated key keeping its first place, equality and hash codes between maps of either kind), so the
 * nodes are what Jackson's would be.
 */
final class CompactNodes extends JsonNodeFactory {
  private static final long serialVersionUID = 1L;
  static final CompactNodes INSTANCE = new CompactNodes();

  private CompactNodes() {
    super(false);
  }

  @Override
  public ObjectNode objectNode() {
    return new ObjectNode(this, new Fields());
  }

  /** An insertion-ordered map of an object's fields: an array while small, a {@code LinkedHashMap} beyond. */
  static final class Fields extends AbstractMap<String, JsonNode> {
    /** The most fields kept in the array, looked up one by one; past it, a hash map. */
    static final int LINEAR = 16;
    private static final Field[] NONE = new Field[0];

    private Field[] fields = NONE;
    private int size;
    /** The fields once there are more than {@link #LINEAR}; then {@link #fields} is unused. */
    private LinkedHashMap<String, JsonNode> large;
    private int modifications;

    /** One field; it is its own map entry, so iterating the map allocates none. */
    static final class Field implements Map.Entry<String, JsonNode> {
      private final String key;
      private JsonNode value;

      Field(String key, JsonNode value) {
        this.key = key;
        this.value = value;
      }

      @Override
      public String getKey() {
        return key;
      }

      @Override
      public JsonNode getValue() {
        return value;
      }

      @Override
      public JsonNode setValue(JsonNode value) {
        JsonNode old = this.value;
        this.value = value;
        return old;
      }

      @Override
      public boolean equals(Object o) {
        return o instanceof Map.Entry<?, ?> e && Objects.equals(key, e.getKey()) && Objects.equals(value, e.getValue());
      }

      @Override
      public int hashCode() {
        return Objects.hashCode(key) ^ Objects.hashCode(value);
      }

      @Override
      public String toString() {
        return key + "=" + value;
      }
    }

    private int indexOf(Object key) {
      Field[] f = fields;
      for (int i = 0; i < size; i++) {
        String k = f[i].key;
        if (k == key || (k != null && k.equals(key))) {
          return i;
        }
      }
      return -1;
    }

    @Override
    public int size() {
      return large != null ? large.size() : size;
    }

    @Override
    public boolean isEmpty() {
      return size() == 0;
    }

    @Override
    public boolean containsKey(Object key) {
      return large != null ? large.containsKey(key) : indexOf(key) >= 0;
    }

    @Override
    public JsonNode get(Object key) {
      if (large != null) {
        return large.get(key);
      }
      int i = indexOf(key);
      return i >= 0 ? fields[i].value : null;
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
      if (large != null) {
        return large.put(key, value);
      }
      int i = indexOf(key);
      if (i >= 0) {
        return fields[i].setValue(value);
      }
      modifications++;
      if (size == fields.length) {
        if (size >= LINEAR) {
          large = new LinkedHashMap<>(2 * size + 2);
          for (int j = 0; j < size; j++) {
            large.put(fields[j].key, fields[j].value);
          }
          fields = NONE;
          size = 0;
          large.put(key, value);
          return null;
        }
        fields = Arrays.copyOf(fields, size == 0 ? 8 : 2 * size);
      }
      fields[size++] = new Field(key, value);
      return null;
    }

    @Override
    public JsonNode remove(Object key) {
      if (large != null) {
        return large.remove(key);
      }
      int i = indexOf(key);
      if (i < 0) {
        return null;
      }
      JsonNode old = fields[i].value;
      removeAt(i);
      return old;
    }

    private void removeAt(int i) {
      modifications++;
      System.arraycopy(fields, i + 1, fields, i, size - i - 1);
      fields[--size] = null;
    }

    @Override
    public void clear() {
      modifications++;
      large = null;
      fields = NONE;
      size = 0;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super JsonNode> action) {
      if (large != null) {
        large.forEach(action);
        return;
      }
      int expected = modifications;
      for (int i = 0; i < size; i++) {
        action.accept(fields[i].key, fields[i].value);
      }
      if (modifications != expected) {
        throw new ConcurrentModificationException();
      }
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> entrySet() {
      return large != null ? large.entrySet() : new Entries();
    }

    /** The fields in their order, while they are in the array. */
    private final class Entries extends AbstractSet<Map.Entry<String, JsonNode>> {
      @Override
      public int size() {
        return Fields.this.size();
      }

      @Override
      public Iterator<Map.Entry<String, JsonNode>> iterator() {
        if (large != null) {
          return large.entrySet().iterator();
        }
        return new Iterator<>() {
          private int next;
          private int last = -1;
          private int expected = modifications;

          @Override
          public boolean hasNext() {
            return next < size;
          }

          @Override
          public Map.Entry<String, JsonNode> next() {
            if (modifications != expected || large != null) {
              throw new ConcurrentModificationException();
            }
            if (next >= size) {
              throw new NoSuchElementException();
            }
            last = next++;
            return fields[last];
          }

          @Override
          public void remove() {
            if (last < 0) {
              throw new IllegalStateException();
            }
            if (modifications != expected || large != null) {
              throw new ConcurrentModificationException();
            }
            removeAt(last);
            next = last;
            last = -1;
            expected = modifications;
          }
        };
      }
    }
  }
}
