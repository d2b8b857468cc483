// The DSL's attribute vocabulary: short names for the attributes pages use most. Anything else
// is `.attribute(name, value)`.

extension ElementOption {
  public static func `class`(_ value: String) -> ElementOption { .attribute(Attribute("class", value)) }
  public static func id(_ value: String) -> ElementOption { .attribute(Attribute("id", value)) }
  public static func href(_ value: String) -> ElementOption { .attribute(Attribute("href", value)) }
  public static func src(_ value: String) -> ElementOption { .attribute(Attribute("src", value)) }
  public static func type(_ value: String) -> ElementOption { .attribute(Attribute("type", value)) }
  public static func name(_ value: String) -> ElementOption { .attribute(Attribute("name", value)) }
  public static func title(_ value: String) -> ElementOption { .attribute(Attribute("title", value)) }
  public static func role(_ value: String) -> ElementOption { .attribute(Attribute("role", value)) }
  public static func style(_ value: String) -> ElementOption { .attribute(Attribute("style", value)) }
  public static func lang(_ value: String) -> ElementOption { .attribute(Attribute("lang", value)) }
  public static func rel(_ value: String) -> ElementOption { .attribute(Attribute("rel", value)) }
  public static func charset(_ value: String) -> ElementOption { .attribute(Attribute("charset", value)) }
  public static func content(_ value: String) -> ElementOption { .attribute(Attribute("content", value)) }
  public static func method(_ value: String) -> ElementOption { .attribute(Attribute("method", value)) }
  public static func action(_ value: String) -> ElementOption { .attribute(Attribute("action", value)) }
  public static func placeholder(_ value: String) -> ElementOption { .attribute(Attribute("placeholder", value)) }
  public static func `for`(_ value: String) -> ElementOption { .attribute(Attribute("for", value)) }
  public static func tabIndex(_ value: Int) -> ElementOption { .attribute(Attribute("tabindex", String(value))) }
  public static func alt(_ value: String) -> ElementOption { .attribute(Attribute("alt", value)) }
  public static func width(_ value: String) -> ElementOption { .attribute(Attribute("width", value)) }
  public static func height(_ value: String) -> ElementOption { .attribute(Attribute("height", value)) }
  public static func viewBox(_ value: String) -> ElementOption { .attribute(Attribute("viewBox", value)) }
  public static func fill(_ value: String) -> ElementOption { .attribute(Attribute("fill", value)) }
  public static func d(_ value: String) -> ElementOption { .attribute(Attribute("d", value)) }

  /// `aria-NAME="value"`.
  public static func aria(_ name: String, _ value: String) -> ElementOption { .attribute(Attribute("aria-" + name, value)) }
  /// `data-NAME="value"`.
  public static func data(_ name: String, _ value: String) -> ElementOption { .attribute(Attribute("data-" + name, value)) }

  public static func disabled(_ isOn: Bool = true) -> ElementOption { .flag("disabled", isOn) }
  public static func hidden(_ isOn: Bool = true) -> ElementOption { .flag("hidden", isOn) }
  public static func open(_ isOn: Bool = true) -> ElementOption { .flag("open", isOn) }
  public static func autofocus(_ isOn: Bool = true) -> ElementOption { .flag("autofocus", isOn) }
  public static func required(_ isOn: Bool = true) -> ElementOption { .flag("required", isOn) }
}
