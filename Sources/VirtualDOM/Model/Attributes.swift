// The DSL's attribute vocabulary: short names for the attributes pages use most. Anything else
// is `.attribute(name, value)`, which each of these calls (in the WebAssembly module a call, so
// that a call site passes two strings rather than building the option in place).

extension ElementOption {
  public static func `class`(_ value: String) -> ElementOption { .attribute("class", value) }
  public static func id(_ value: String) -> ElementOption { .attribute("id", value) }
  public static func href(_ value: String) -> ElementOption { .attribute("href", value) }
  public static func src(_ value: String) -> ElementOption { .attribute("src", value) }
  public static func type(_ value: String) -> ElementOption { .attribute("type", value) }
  public static func name(_ value: String) -> ElementOption { .attribute("name", value) }
  public static func title(_ value: String) -> ElementOption { .attribute("title", value) }
  public static func role(_ value: String) -> ElementOption { .attribute("role", value) }
  public static func style(_ value: String) -> ElementOption { .attribute("style", value) }
  public static func lang(_ value: String) -> ElementOption { .attribute("lang", value) }
  public static func rel(_ value: String) -> ElementOption { .attribute("rel", value) }
  public static func charset(_ value: String) -> ElementOption { .attribute("charset", value) }
  public static func content(_ value: String) -> ElementOption { .attribute("content", value) }
  public static func method(_ value: String) -> ElementOption { .attribute("method", value) }
  public static func action(_ value: String) -> ElementOption { .attribute("action", value) }
  public static func placeholder(_ value: String) -> ElementOption { .attribute("placeholder", value) }
  public static func `for`(_ value: String) -> ElementOption { .attribute("for", value) }
  public static func tabIndex(_ value: Int) -> ElementOption { .attribute("tabindex", String(value)) }
  public static func alt(_ value: String) -> ElementOption { .attribute("alt", value) }
  public static func width(_ value: String) -> ElementOption { .attribute("width", value) }
  public static func height(_ value: String) -> ElementOption { .attribute("height", value) }
  public static func viewBox(_ value: String) -> ElementOption { .attribute("viewBox", value) }
  public static func fill(_ value: String) -> ElementOption { .attribute("fill", value) }
  public static func d(_ value: String) -> ElementOption { .attribute("d", value) }

  /// `aria-NAME="value"`.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func aria(_ name: String, _ value: String) -> ElementOption { .attribute("aria-" + name, value) }
  /// `data-NAME="value"`.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func data(_ name: String, _ value: String) -> ElementOption { .attribute("data-" + name, value) }

  public static func disabled(_ isOn: Bool = true) -> ElementOption { .flag("disabled", isOn) }
  public static func hidden(_ isOn: Bool = true) -> ElementOption { .flag("hidden", isOn) }
  public static func open(_ isOn: Bool = true) -> ElementOption { .flag("open", isOn) }
  public static func autofocus(_ isOn: Bool = true) -> ElementOption { .flag("autofocus", isOn) }
  public static func required(_ isOn: Bool = true) -> ElementOption { .flag("required", isOn) }
}
