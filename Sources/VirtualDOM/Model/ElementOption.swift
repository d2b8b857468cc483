/// Something the DSL puts on an element: an attribute, a DOM property, an event listener, a
/// key, or a method to call once the element is in the page.
///
/// ```swift
/// button(.class("primary"), .type("button"), .onClick { model.save() }) { "Save" }
/// li(.key("\(item.id)")) { item.name }
/// input(.type("text"), .value(model.name), .onInput { model.name = $0 })
/// ```
public enum ElementOption {
  case attribute(Attribute)
  case property(Property)
  case listener(EventListener)
  case key(String)
  case mount(DOMMethod)
  /// Nothing: lets a conditional option read naturally (`isOn ? .checked(true) : .none`).
  case none
}

// In the WebAssembly module the option makers are never inlined: a DSL call site then passes
// the option's strings to one shared function instead of building the enum (and a listener's
// closure context) in place, which made each element call a few dozen bytes larger. Natively
// they inline, so building a tree costs no call per option.
extension ElementOption {
  /// Any attribute by name. An empty value renders as a boolean attribute (`name=""`).
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func attribute(_ name: String, _ value: String) -> ElementOption {
    .attribute(Attribute(name, value))
  }

  /// A boolean attribute: present when `isOn`, absent otherwise.
  public static func flag(_ name: String, _ isOn: Bool = true) -> ElementOption {
    isOn ? .attribute(Attribute(name, "")) : .none
  }

  /// Listens for a DOM event; `action` gets the event's payload.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func on(_ event: String, _ action: @escaping (EventPayload) -> Void) -> ElementOption {
    .listener(EventListener(event, action))
  }

  /// Runs `action` when the element is clicked.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func onClick(_ action: @escaping () -> Void) -> ElementOption {
    .listener(EventListener("click", body: .plain(action)))
  }

  /// Runs `action` with the field's new value on every keystroke.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func onInput(_ action: @escaping (String) -> Void) -> ElementOption {
    .listener(EventListener("input", body: .value(action)))
  }

  /// Runs `action` with the control's value when it is committed.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func onChange(_ action: @escaping (String) -> Void) -> ElementOption {
    .listener(EventListener("change", body: .value(action)))
  }

  /// Runs `action` when a form is submitted.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func onSubmit(_ action: @escaping () -> Void) -> ElementOption {
    .listener(EventListener("submit", body: .plain(action)))
  }

  /// The `value` DOM property of an input, select or textarea.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public static func value(_ value: String) -> ElementOption {
    .property(Property("value", .string(value)))
  }

  /// The `checked` DOM property of a checkbox or radio button.
  public static func checked(_ isChecked: Bool) -> ElementOption {
    .property(Property("checked", .bool(isChecked)))
  }

  /// The `selected` DOM property of an option.
  public static func selected(_ isSelected: Bool) -> ElementOption {
    .property(Property("selected", .bool(isSelected)))
  }

  /// Calls `method` on the element right after it is inserted (`showModal` for a dialog).
  public static func onMount(_ method: DOMMethod) -> ElementOption { .mount(method) }
}
