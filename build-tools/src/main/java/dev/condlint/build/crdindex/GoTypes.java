package dev.condlint.build.crdindex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the Go API types of a project that commits no CRD manifests into the schema controller-gen would write for
 * each root kind's {@code status}, so far as it is certain: an API package names its group and version
 * ({@code +groupName=} in a package comment, or {@code schema.GroupVersion{Group: ..., Version: ...}}, its constants
 * resolved within the package); its root kinds are the structs marked {@code +kubebuilder:object:root=true} or
 * {@code +genclient} that embed {@code metav1.ObjectMeta} (never a {@code ...List}); the status is walked through the
 * package's own named types (structs, with embedded {@code json:",inline"} structs merged; slices; maps; named strings)
 * and json tags give the path; a type of another package of the same Go module (a {@code go.mod} among the files read
 * names the module, and the package's files are read too) is followed as one of the package's own. A list of
 * {@code metav1.Condition} (the import of
 * {@code k8s.io/apimachinery/pkg/apis/meta/v1} under any name) takes {@link #METAV1_CONDITION}'s item schema, as
 * controller-gen writes it; a list of a struct of the package takes its fields: types as controller-gen maps them,
 * required unless {@code omitempty}, {@code +optional} or {@code +kubebuilder:validation:Optional} (on the field,
 * the struct or the package) say otherwise ({@code +required} and {@code +kubebuilder:validation:Required} force it),
 * and the {@code Enum}, {@code Pattern}, {@code MinLength}, {@code MaxLength} and {@code Format} markers of the field or
 * its named type; the list's {@code +listType}, {@code +listMapKey} and {@code MaxItems} markers. What is not
 * certain is skipped and said ({@link #skipped}): a condition list typed in another module (Knative's, Crossplane's,
 * Cluster API's), a type alias, a generic type, an embedded struct of another module in the status.
 *
 * <p>This is no Go parser: it reads gofmt'ed source (one field a line, type declarations at the start of a line),
 * as generated API packages are written; a declaration it cannot read is skipped, never guessed.
 */
final class GoTypes {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String METAV1 = "k8s.io/apimachinery/pkg/apis/meta/v1";
  /** metav1.Condition's item schema as controller-gen writes it ({@code go-types/metav1-condition.json}, cited there). */
  static final JsonNode METAV1_CONDITION = resource("metav1-condition.json").path("items");
  private static final Pattern KUBE_VERSION = Pattern.compile("v[0-9]+((alpha|beta)[0-9]+)?");
  private static final Pattern TYPE_DECL = Pattern.compile("^(?:type\\s+|\\t)([A-Za-z_]\\w*)(\\[[^\\]]*\\])?\\s+(=\\s*)?(.*?)\\s*(?://.*)?$");
  private static final Pattern FIELD = Pattern.compile(
      "^([A-Za-z_]\\w*(?:\\s*,\\s*[A-Za-z_]\\w*)*)\\s+([^`]+?)\\s*(`[^`]*`)?\\s*(?://.*)?$");
  private static final Pattern EMBEDDED = Pattern.compile("^(\\*?[A-Za-z_][\\w.]*)\\s*(`[^`]*`)?\\s*(?://.*)?$");
  private static final Pattern JSON_TAG = Pattern.compile("json:\"([^\"]*)\"");
  private static final Pattern STRING_CONST = Pattern.compile("^\\s*(?:const\\s+)?([A-Za-z_]\\w*)\\s*(?:string\\s*)?=\\s*\"([^\"]*)\"");
  private static final Pattern GROUP_VERSION = Pattern.compile(
      "schema\\.GroupVersion\\s*\\{\\s*Group:\\s*([^,}]+?)\\s*,\\s*Version:\\s*([^,}]+?)\\s*,?\\s*}");
  private static final Pattern IMPORT = Pattern.compile("^\\s*(?:import\\s+)?([A-Za-z_]\\w*|\\.)?\\s*\"([^\"]+)\"");
  private static final Pattern MODULE = Pattern.compile("^module\\s+\"?([^\\s\"]+)\"?\\s*(?://.*)?$");
  private static final int MAX_DEPTH = 8;

  /** A kind's status schema, read from its Go types: where it was declared, and the schema. */
  record Kind(String group, String kind, String version, String file, JsonNode status) {}

  private final List<String> skipped = new ArrayList<>();
  /** The packages read, by directory. */
  private final Map<Path, Package> packages = new TreeMap<>();
  /** The Go modules among the files read: module path to its directory, longest path first. */
  private final Map<String, Path> modules = new TreeMap<>(java.util.Comparator.comparing(String::length)
      .reversed().thenComparing(java.util.Comparator.naturalOrder()));

  /** What was not read, and why (one line each, with the package and type). */
  List<String> skipped() {
    return skipped;
  }

  private static JsonNode resource(String name) {
    try (InputStream in = GoTypes.class.getResourceAsStream("go-types/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource go-types/" + name);
      }
      return JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A declared type: a struct's fields, or what a named type stands for ({@code string}, {@code []Condition}). */
  private record Type(String name, String file, List<String> markers, String underlying, List<Field> fields,
      boolean alias, boolean generic) {}

  private record Field(String name, String type, String tag, List<String> markers) {
    boolean embedded() {
      return name == null;
    }

    /** The json name: the tag's, the Go name without one, empty for an inline embedded struct, null for "-". */
    String json() {
      Matcher m = JSON_TAG.matcher(tag);
      String value = m.find() ? m.group(1) : "";
      String n = value.split(",", -1)[0];
      if (n.equals("-") && !value.contains(",")) {
        return null;
      }
      if (embedded()) {
        return n.isEmpty() ? "" : n;
      }
      return n.isEmpty() ? name : n;
    }

    boolean omitempty() {
      Matcher m = JSON_TAG.matcher(tag);
      return m.find() && (m.group(1).contains(",omitempty") || m.group(1).contains(",omitzero"));
    }
  }

  /** One Go package: its files' types, string constants, imports (by file) and package-level markers. */
  private static final class Package {
    final Path dir;
    final Map<String, Type> types = new LinkedHashMap<>();
    final Map<String, String> constants = new LinkedHashMap<>();
    final Map<String, Map<String, String>> imports = new LinkedHashMap<>();
    final List<String> packageMarkers = new ArrayList<>();
    final List<String[]> groupVersions = new ArrayList<>();

    Package(Path dir) {
      this.dir = dir;
    }
  }

  /**
   * The kinds of every API package among {@code files} (the .go files of the source's include globs, tests and
   * generated deepcopy code left out by the caller or here), in path order.
   */
  List<Kind> read(Path checkout, List<Path> files) throws IOException {
    for (Path file : files) {
      String name = file.getFileName().toString();
      if (name.equals("go.mod")) {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          Matcher m = MODULE.matcher(line);
          if (m.matches()) {
            modules.put(m.group(1), file.getParent().normalize());
            break;
          }
        }
      }
      if (!name.endsWith(".go") || name.endsWith("_test.go") || name.startsWith("zz_generated")) {
        continue;
      }
      Package p = packages.computeIfAbsent(file.getParent().normalize(), Package::new);
      parse(checkout.relativize(file).toString().replace('\\', '/'), Files.readString(file, StandardCharsets.UTF_8), p);
    }
    List<Kind> out = new ArrayList<>();
    for (Package p : packages.values()) {
      out.addAll(kinds(checkout, p));
    }
    return out;
  }

  private List<Kind> kinds(Path checkout, Package p) {
    String where = checkout.relativize(p.dir).toString().replace('\\', '/');
    String group = null;
    String version = null;
    for (String m : p.packageMarkers) {
      if (m.startsWith("+groupName=")) {
        group = m.substring("+groupName=".length()).trim();
      } else if (m.startsWith("+versionName=")) {
        version = m.substring("+versionName=".length()).trim();
      }
    }
    for (String[] gv : p.groupVersions) {
      String g = value(gv[0], p);
      String v = value(gv[1], p);
      if (g != null && v != null && (group == null || group.equals(g))) {
        group = g;
        version = version == null ? v : version;
        break;
      }
    }
    if (group == null || group.isEmpty()) {
      return List.of();
    }
    if (version == null) {
      String dirName = p.dir.getFileName().toString();
      version = KUBE_VERSION.matcher(dirName).matches() ? dirName : null;
    }
    if (version == null || !KUBE_VERSION.matcher(version).matches()) {
      skipped.add(where + ": group " + group + " without a Kubernetes version");
      return List.of();
    }
    List<Kind> out = new ArrayList<>();
    for (Type t : p.types.values()) {
      if (t.fields() == null || t.name().endsWith("List") || !root(t)) {
        continue;
      }
      Field status = t.fields().stream().filter(f -> "status".equals(f.json())).findFirst().orElse(null);
      if (status == null) {
        continue;
      }
      Walk walk = new Walk(where + " " + t.name());
      JsonNode schema = walk.schema(p, status.type(), status.markers(), 0, new HashSet<>());
      if (schema != null) {
        out.add(new Kind(group, t.name(), version, t.file(), schema));
      }
    }
    return out;
  }

  /** A string constant of the package, or a quoted literal; null for anything else. */
  private static String value(String expression, Package p) {
    String e = expression.trim();
    if (e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"")) {
      return e.substring(1, e.length() - 1);
    }
    return p.constants.get(e);
  }

  /** A root kind: marked as one (kubebuilder or code-generator), embedding metav1.ObjectMeta, not skipped. */
  private static boolean root(Type t) {
    boolean marked = t.markers().stream().anyMatch(m -> m.equals("+kubebuilder:object:root=true")
        || m.equals("+kubebuilder:object:root") || m.equals("+genclient"));
    boolean skip = t.markers().stream().anyMatch(m -> m.startsWith("+kubebuilder:skipversion"));
    boolean objectMeta = t.fields().stream().anyMatch(f -> f.embedded() && f.type().endsWith(".ObjectMeta")
        || "metadata".equals(f.json()) && f.type().endsWith(".ObjectMeta"));
    return marked && objectMeta && !skip;
  }

  /**
   * Walks a kind's status through the types of its package, and of the packages of the same Go module that it imports
   * (a {@code go.mod} among the files read names the module), into the schema controller-gen would write.
   */
  private final class Walk {
    private final String where;

    Walk(String where) {
      this.where = where;
    }

    /** The schema of a Go type expression in package {@code p}; null where nothing certain can be said. */
    JsonNode schema(Package p, String type, List<String> fieldMarkers, int depth, Set<String> seen) {
      String t = type.trim();
      while (t.startsWith("*")) {
        t = t.substring(1).trim();
      }
      if (depth > MAX_DEPTH) {
        return null;
      }
      if (t.startsWith("[]")) {
        String element = t.substring(2).trim();
        ObjectNode array = JSON.createObjectNode();
        array.put("type", "array");
        JsonNode items = element.equals("byte") ? null : conditionItem(p, element).orElse(null);
        if (items == null && !element.equals("byte")) {
          items = schema(p, element, List.of(), depth + 1, seen);
        }
        if (items == null) {
          return null;
        }
        array.set("items", items);
        listMarkers(fieldMarkers, array);
        return array;
      }
      if (t.startsWith("map[")) {
        int close = t.indexOf(']');
        if (close < 0) {
          return null;
        }
        JsonNode values = schema(p, t.substring(close + 1), List.of(), depth + 1, seen);
        ObjectNode map = JSON.createObjectNode();
        map.put("type", "object");
        if (values != null) {
          map.set("additionalProperties", values);
        }
        return map;
      }
      ObjectNode scalar = builtin(t, importPath(p, t));
      if (scalar != null) {
        validation(fieldMarkers, scalar);
        return scalar;
      }
      Declared declared = resolve(p, t);
      if (declared == null || declared.type().alias() || declared.type().generic()) {
        if (declared != null) {
          skipped.add(where + ": " + t + " is " + (declared.type().alias() ? "a type alias" : "generic") + ", not read");
        }
        return null;
      }
      if (declared.type().fields() != null) {
        String key = declared.p().dir + "/" + declared.type().name();
        if (!seen.add(key)) {
          return null;
        }
        ObjectNode object = JSON.createObjectNode();
        object.put("type", "object");
        ObjectNode properties = object.putObject("properties");
        List<String> required = new ArrayList<>();
        fields(declared.p(), declared.type(), properties, required, depth, seen);
        if (!required.isEmpty()) {
          ArrayNode r = object.putArray("required");
          required.forEach(r::add);
        }
        seen.remove(key);
        return object;
      }
      List<String> markers = new ArrayList<>(declared.type().markers());
      markers.addAll(fieldMarkers);
      return schema(declared.p(), declared.type().underlying(), markers, depth + 1, seen);
    }

    private void fields(Package p, Type struct, ObjectNode properties, List<String> required, int depth, Set<String> seen) {
      boolean optionalByDefault = struct.markers().contains("+kubebuilder:validation:Optional")
          || p.packageMarkers.contains("+kubebuilder:validation:Optional");
      for (Field f : struct.fields()) {
        String json = f.json();
        if (json == null) {
          continue;
        }
        if (f.embedded() && json.isEmpty()) {
          String t = f.type().replace("*", "").trim();
          Declared embedded = resolve(p, t);
          if (embedded == null || embedded.type().fields() == null || embedded.type().alias() || embedded.type().generic()) {
            skipped.add(where + ": embeds " + t + " (another module's type), whose fields are not read");
            continue;
          }
          fields(embedded.p(), embedded.type(), properties, required, depth + 1, seen);
          continue;
        }
        JsonNode schema = schema(p, f.type(), f.markers(), depth + 1, seen);
        if (schema == null && json.equals("conditions")) {
          skipped.add(where + ": its conditions are " + f.type() + ", not read (another module's condition type)");
        }
        properties.set(json, schema == null ? JSON.createObjectNode() : schema);
        boolean optional = f.omitempty() || f.markers().contains("+optional")
            || f.markers().contains("+kubebuilder:validation:Optional") || optionalByDefault;
        boolean forced = f.markers().contains("+required") || f.markers().contains("+kubebuilder:validation:Required");
        if (forced || !optional) {
          required.add(json);
        }
      }
    }

    /** metav1.Condition's item schema where {@code element} names it in this package's imports. */
    private java.util.Optional<JsonNode> conditionItem(Package p, String element) {
      int dot = element.indexOf('.');
      if (dot < 0 || !element.substring(dot + 1).equals("Condition")) {
        return java.util.Optional.empty();
      }
      return METAV1.equals(importPath(p, element)) ? java.util.Optional.of(METAV1_CONDITION.deepCopy())
          : java.util.Optional.empty();
    }
  }

  /** A declared type and the package that declares it. */
  private record Declared(Package p, Type type) {}

  /**
   * What a type name stands for in package {@code p}: a type of {@code p}, or ({@code alias.Name}) a type of a package
   * of the same Go module that {@code p} imports under that name; null for anything else.
   */
  private Declared resolve(Package p, String t) {
    int dot = t.indexOf('.');
    if (dot < 0) {
      Type own = p.types.get(t);
      return own == null ? null : new Declared(p, own);
    }
    String path = importPath(p, t);
    if (path == null) {
      return null;
    }
    for (Map.Entry<String, Path> module : modules.entrySet()) {
      if (path.equals(module.getKey()) || path.startsWith(module.getKey() + "/")) {
        Path dir = path.equals(module.getKey()) ? module.getValue()
            : module.getValue().resolve(path.substring(module.getKey().length() + 1));
        Package other = packages.get(dir.normalize());
        Type type = other == null ? null : other.types.get(t.substring(dot + 1));
        return type == null ? null : new Declared(other, type);
      }
    }
    return null;
  }

  /** The import path of the package a qualified name's prefix names in {@code p}'s files; null if it is unqualified or unknown. */
  private static String importPath(Package p, String qualified) {
    int dot = qualified.indexOf('.');
    if (dot < 0) {
      return null;
    }
    String alias = qualified.substring(0, dot);
    for (Map<String, String> imports : p.imports.values()) {
      if (imports.containsKey(alias)) {
        return imports.get(alias);
      }
    }
    return null;
  }

  /** controller-gen's schema of a Go builtin or a well-known apimachinery type; null for anything else. */
  private static ObjectNode builtin(String t, String importPath) {
    ObjectNode s = JSON.createObjectNode();
    switch (t) {
      case "string" -> s.put("type", "string");
      case "bool" -> s.put("type", "boolean");
      // as controller-gen: a format only where the size says it (int and the small sizes have none)
      case "int64", "uint64" -> s.put("type", "integer").put("format", "int64");
      case "int32", "uint32" -> s.put("type", "integer").put("format", "int32");
      case "int", "uint", "int16", "uint16", "int8", "uint8" -> s.put("type", "integer");
      case "float32", "float64" -> s.put("type", "number");
      default -> {
        int dot = t.indexOf('.');
        String name = dot < 0 ? "" : t.substring(dot + 1);
        boolean metav1 = METAV1.equals(importPath);
        boolean corev1 = "k8s.io/api/core/v1".equals(importPath);
        if (metav1 && (name.equals("Time") || name.equals("MicroTime"))) {
          s.put("type", "string").put("format", "date-time");
        } else if ((metav1 || corev1) && name.equals("ConditionStatus")) {
          s.put("type", "string");
        } else {
          return null;
        }
      }
    }
    return s;
  }

  /** The validation markers controller-gen turns into the keywords the index keeps. */
  private static void validation(List<String> markers, ObjectNode s) {
    for (String m : markers) {
      if (!m.startsWith("+kubebuilder:validation:")) {
        continue;
      }
      String rest = m.substring("+kubebuilder:validation:".length());
      int eq = rest.indexOf('=');
      if (eq < 0) {
        continue;
      }
      String key = rest.substring(0, eq);
      String value = rest.substring(eq + 1).trim();
      switch (key) {
        case "Enum" -> {
          ArrayNode e = s.putArray("enum");
          for (String v : value.replaceAll("^\\{|}$", "").split(";")) {
            String trimmed = unquote(v.trim());
            if (!trimmed.isEmpty()) {
              e.add(trimmed);
            }
          }
        }
        case "Pattern" -> s.put("pattern", unquote(value));
        case "Format" -> s.put("format", unquote(value));
        case "MinLength", "MaxLength" -> {
          try {
            s.put(Character.toLowerCase(key.charAt(0)) + key.substring(1), Integer.parseInt(value));
          } catch (NumberFormatException e) {
            // not a number controller-gen would take either
          }
        }
        default -> { }
      }
    }
  }

  private static void listMarkers(List<String> markers, ObjectNode array) {
    List<String> keys = new ArrayList<>();
    for (String m : markers) {
      if (m.startsWith("+listType=")) {
        array.put("x-kubernetes-list-type", m.substring("+listType=".length()).trim());
      } else if (m.startsWith("+listMapKey=")) {
        keys.add(m.substring("+listMapKey=".length()).trim());
      } else if (m.startsWith("+kubebuilder:validation:MaxItems=")) {
        try {
          array.put("maxItems", Integer.parseInt(m.substring("+kubebuilder:validation:MaxItems=".length()).trim()));
        } catch (NumberFormatException e) {
          // not a number
        }
      }
    }
    if (!keys.isEmpty()) {
      ArrayNode k = array.putArray("x-kubernetes-list-map-keys");
      keys.forEach(k::add);
    }
  }

  private static String unquote(String v) {
    if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("`") && v.endsWith("`"))) {
      return v.substring(1, v.length() - 1);
    }
    return v;
  }

  /**
   * Reads one file into its package: the package comment's markers, imports, string constants,
   * {@code schema.GroupVersion} literals, and each type declaration with the markers of the two comment groups
   * above it (controller-gen reads a marker from the doc comment and from the group before it).
   */
  static void parse(String file, String text, Package p) {
    String[] lines = text.replace("\r", "").split("\n", -1);
    Map<String, String> imports = new LinkedHashMap<>();
    p.imports.put(file, imports);
    Matcher gv = GROUP_VERSION.matcher(text.replaceAll("\\s+", " "));
    while (gv.find()) {
      p.groupVersions.add(new String[] {gv.group(1), gv.group(2)});
    }
    // comment groups by the line they end on (0-based), with their first line and their markers
    Map<Integer, int[]> groupStart = new LinkedHashMap<>();
    Map<Integer, List<String>> groupMarkers = new LinkedHashMap<>();
    int groupFrom = -1;
    List<String> current = new ArrayList<>();
    boolean packageSeen = false;
    boolean inImports = false;
    boolean inTypes = false;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      String trimmed = line.trim();
      if (trimmed.startsWith("//")) {
        if (groupFrom < 0) {
          groupFrom = i;
          current = new ArrayList<>();
        }
        String c = trimmed.substring(2).trim();
        if (c.startsWith("+")) {
          current.add(c);
        }
        if (i + 1 >= lines.length || !lines[i + 1].trim().startsWith("//")) {
          groupStart.put(i, new int[] {groupFrom});
          groupMarkers.put(i, current);
          groupFrom = -1;
        }
        continue;
      }
      if (trimmed.isEmpty()) {
        continue;
      }
      List<String> markers = markersAbove(i, groupStart, groupMarkers);
      if (!packageSeen && trimmed.startsWith("package ")) {
        packageSeen = true;
        p.packageMarkers.addAll(markers);
        continue;
      }
      if (inImports) {
        if (trimmed.startsWith(")")) {
          inImports = false;
        } else {
          addImport(trimmed, imports);
        }
        continue;
      }
      if (trimmed.startsWith("import (")) {
        inImports = true;
        continue;
      }
      if (trimmed.startsWith("import ")) {
        addImport(trimmed.substring("import ".length()), imports);
        continue;
      }
      if (line.startsWith("type (")) {
        inTypes = true;
        continue;
      }
      if (inTypes && line.startsWith(")")) {
        inTypes = false;
        continue;
      }
      Matcher c = STRING_CONST.matcher(line);
      if (c.find() && (line.startsWith("const ") || line.startsWith("\t") && !line.startsWith("\t\t"))) {
        p.constants.putIfAbsent(c.group(1), c.group(2));
      }
      boolean declaration = line.startsWith("type ") || inTypes && line.startsWith("\t") && !line.startsWith("\t\t");
      if (!declaration) {
        continue;
      }
      Matcher m = TYPE_DECL.matcher(line);
      if (!m.matches()) {
        continue;
      }
      String name = m.group(1);
      boolean generic = m.group(2) != null;
      boolean alias = m.group(3) != null;
      String rest = m.group(4);
      if (rest.equals("struct {")) {
        List<Field> fields = new ArrayList<>();
        i = structBody(lines, i + 1, fields);
        p.types.putIfAbsent(name, new Type(name, file, markers, null, fields, alias, generic));
      } else if (rest.equals("struct{}")) {
        p.types.putIfAbsent(name, new Type(name, file, markers, null, List.of(), alias, generic));
      } else if (!rest.contains("{") && !rest.contains("(")) {
        p.types.putIfAbsent(name, new Type(name, file, markers, rest, null, alias, generic));
      }
    }
  }

  /**
   * The markers of the declaration at {@code line}: its doc comment's (the group that ends on the line above) and
   * those of the group before it, one blank line above the doc comment (or above the declaration, without one), as
   * controller-gen reads them.
   */
  private static List<String> markersAbove(int line, Map<Integer, int[]> groupStart,
      Map<Integer, List<String>> groupMarkers) {
    List<String> out = new ArrayList<>();
    int top = line;
    if (groupMarkers.containsKey(line - 1)) {
      out.addAll(groupMarkers.get(line - 1));
      top = groupStart.get(line - 1)[0];
    }
    if (groupMarkers.containsKey(top - 2)) {
      out.addAll(0, groupMarkers.get(top - 2));
    }
    return out;
  }

  /** Reads a struct's fields up to its closing brace; returns the index of that line. */
  private static int structBody(String[] lines, int start, List<Field> fields) {
    List<String> markers = new ArrayList<>();
    int i = start;
    for (; i < lines.length; i++) {
      String trimmed = lines[i].trim();
      if (trimmed.startsWith("}")) {
        return i;
      }
      if (trimmed.startsWith("//")) {
        String c = trimmed.substring(2).trim();
        if (c.startsWith("+")) {
          markers.add(c);
        }
        continue;
      }
      if (trimmed.isEmpty()) {
        markers = new ArrayList<>();
        continue;
      }
      if (trimmed.endsWith("{")) {
        // a field of an anonymous struct type: skip its body, the field is not read
        int depth = 1;
        while (depth > 0 && ++i < lines.length) {
          String t = lines[i].trim();
          if (t.startsWith("//")) {
            continue;
          }
          depth += count(t, '{') - count(t, '}');
        }
        markers = new ArrayList<>();
        continue;
      }
      Matcher f = FIELD.matcher(trimmed);
      Matcher e = EMBEDDED.matcher(trimmed);
      if (e.matches()) {
        fields.add(new Field(null, e.group(1), e.group(2) == null ? "" : e.group(2), markers));
      } else if (f.matches()) {
        for (String name : f.group(1).split("\\s*,\\s*")) {
          fields.add(new Field(name, f.group(2), f.group(3) == null ? "" : f.group(3), markers));
        }
      }
      markers = new ArrayList<>();
    }
    return i;
  }

  private static int count(String s, char c) {
    return (int) s.chars().filter(x -> x == c).count();
  }

  private static void addImport(String spec, Map<String, String> imports) {
    Matcher m = IMPORT.matcher(spec);
    if (!m.find()) {
      return;
    }
    String path = m.group(2);
    String alias = m.group(1);
    if (alias == null) {
      String last = path.substring(path.lastIndexOf('/') + 1);
      // k8s.io/apimachinery/pkg/apis/meta/v1 is package v1 when imported without a name
      alias = last;
    }
    imports.put(alias, path);
  }

}
